// Formatting at the edge; money itself is formatted by core/money.ts (`Rp 1.250.000`).
import type { Lang } from './locales.ts';
import { LOCALES } from './locales.ts';
import { Temporal } from 'temporal-polyfill';

/** Compact price for calendar cells: 145000 -> "145rb" (id) / "145k" (en). */
export function shortRupiah(amount: number, lang: Lang): string {
  const k = Math.round(amount / 1000);
  return k >= 1000
    ? `${(k / 1000).toFixed(1).replace('.0', '')}${lang === 'id' ? 'jt' : 'm'}`
    : `${k}${lang === 'id' ? 'rb' : 'k'}`;
}

export function formatDate(date: string, lang: Lang, style: 'long' | 'short' = 'long'): string {
  const d = Temporal.PlainDate.from(date.slice(0, 10));
  return d.toLocaleString(
    LOCALES[lang].bcp47,
    style === 'long'
      ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
      : { day: 'numeric', month: 'short' },
  );
}

export function monthLabel(month: Temporal.PlainYearMonth, lang: Lang): string {
  return month.toPlainDate({ day: 1 }).toLocaleString(LOCALES[lang].bcp47, { month: 'long', year: 'numeric' });
}
