import { decimalLabel, type Lang } from './locales.ts';

// Money is whole rupiah (IDR has no minor unit in use). Every amount a guest reads, in both languages,
// is grouped with dots (`Rp 1.250.000`, spec section 9), so one Indonesian-locale formatter serves
// `id` and `en` alike. Fractions (a percentage discount can produce one) round half away from zero.

const grouped = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, roundingMode: 'halfExpand' });

/** `1.250.000`: a whole number grouped with dots (Bobopoints, counts of rupiah without the symbol). */
export function formatPoints(amount: number): string {
  return grouped.format(Math.abs(amount) < 0.5 ? 0 : amount);
}

/** `Rp 1.250.000`, `-Rp 50.000`: the one money format, used for every price label. */
export function formatRupiah(amount: number): string {
  const digits = formatPoints(Math.abs(amount));
  return digits !== '0' && amount < 0 ? `-Rp ${digits}` : `Rp ${digits}`;
}

/**
 * Compact price for calendar cells: 145000 -> "145rb" (id) / "145k" (en); 1250000 -> "1,3jt" (id) /
 * "1.3m" (en), the decimal as each language writes it ("1.3jt" reads as thirteen hundred thousand).
 */
export function shortRupiah(amount: number, lang: Lang): string {
  const k = Math.round(amount / 1000);
  return k >= 1000
    ? `${decimalLabel(k / 1000, lang)}${lang === 'id' ? 'jt' : 'm'}`
    : `${k}${lang === 'id' ? 'rb' : 'k'}`;
}

const ZONE_LABELS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

export function zoneLabel(timeZone: string): string {
  return ZONE_LABELS[timeZone] ?? 'WIB';
}
