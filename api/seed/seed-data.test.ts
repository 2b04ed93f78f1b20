import { describe, expect, it } from 'vitest';
import { CABIN_SITES, POD_BRANCHES } from './seed-data.ts';

/** Indonesia's 38 provinces, as an address names them. */
const PROVINCES = new Set([
  'Aceh',
  'Sumatera Utara',
  'Sumatera Barat',
  'Riau',
  'Kepulauan Riau',
  'Jambi',
  'Bengkulu',
  'Sumatera Selatan',
  'Kepulauan Bangka Belitung',
  'Lampung',
  'Banten',
  'DKI Jakarta',
  'Jawa Barat',
  'Jawa Tengah',
  'DI Yogyakarta',
  'Jawa Timur',
  'Bali',
  'Nusa Tenggara Barat',
  'Nusa Tenggara Timur',
  'Kalimantan Barat',
  'Kalimantan Tengah',
  'Kalimantan Selatan',
  'Kalimantan Timur',
  'Kalimantan Utara',
  'Sulawesi Utara',
  'Gorontalo',
  'Sulawesi Tengah',
  'Sulawesi Barat',
  'Sulawesi Selatan',
  'Sulawesi Tenggara',
  'Maluku',
  'Maluku Utara',
  'Papua',
  'Papua Barat',
  'Papua Barat Daya',
  'Papua Tengah',
  'Papua Pegunungan',
  'Papua Selatan',
]);

describe('seeded addresses (the hotel page, e-mails and calendar files show them as they are)', () => {
  const all = [...POD_BRANCHES, ...CABIN_SITES];

  it.each(all.map((h) => [h.slug, h.address] as const))(
    '%s: street or area, district, city or regency, province last, each once',
    (_, address) => {
      const pieces = address.split(',').map((p) => p.trim());
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      expect(pieces.every((p) => p.length > 0)).toBe(true);
      expect(PROVINCES.has(pieces.at(-1)!)).toBe(true);
      expect(new Set(pieces.map((p) => p.toLowerCase())).size).toBe(pieces.length);
    },
  );

  it('lists the Coban Rondo cabin under the regency its address names (Pujon is in Malang, not Batu)', () => {
    const site = CABIN_SITES.find((h) => h.slug === 'bobocabin-cobanrondo')!;
    expect(site.city).toBe('Malang');
    expect(site.address.split(', ')).toContain(site.city);
  });
});
