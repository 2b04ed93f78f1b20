import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { findPlaces } from './places.service.ts';
import type { PlaceStaysView } from '../../core/contracts/places.ts';

// Issue 28, item 1: relevance of the place search over the seeded branches. Each query, as a guest
// types it (Indonesian or English names, local names, landmarks, typos, missing spaces), must return
// the branches it names first, in any order among them.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
});

/** Query -> the slugs that must come first (the rest may follow, with lower scores). */
const CASES: [string, string[]][] = [
  ['jogja', ['bobobox-malioboro', 'bobobox-tugu-jogja']],
  ['yogyakarta', ['bobobox-malioboro', 'bobobox-tugu-jogja']],
  ['yogyakrta', ['bobobox-malioboro', 'bobobox-tugu-jogja']],
  ['malioboro', ['bobobox-malioboro']],
  ['malioborro', ['bobobox-malioboro']],
  ['Jalan Malioboro', ['bobobox-malioboro']],
  ['bali', ['bobobox-teuku-umar-denpasar', 'bobobox-ngurah-rai-transit', 'bobocabin-kintamani', 'bobocabin-ubud']],
  ['ubud', ['bobocabin-ubud']],
  ['blok m', ['bobobox-blok-m']],
  ['blokm', ['bobobox-blok-m']],
  ['tunjungan', ['bobobox-tunjungan']],
  ['surabaya', ['bobobox-tunjungan', 'bobobox-gubeng']],
  ['suroboyo', ['bobobox-tunjungan', 'bobobox-gubeng']],
  ['gubeng station', ['bobobox-gubeng']],
  ['stasiun gubeng', ['bobobox-gubeng']],
  ['braga street', ['bobobox-alun-alun-bandung']],
  ['kota lama', ['bobobox-kota-lama']],
  ['semarang old town', ['bobobox-kota-lama']],
  ['simpang lima', ['bobobox-simpang-lima']],
  ['kintamani', ['bobocabin-kintamani']],
  ['bandung', ['bobobox-alun-alun-bandung', 'bobobox-pasir-kaliki']],
  ['jakarta', ['bobobox-blok-m', 'bobobox-pasar-baru', 'bobobox-soekarno-hatta-transit']],
  ['soekarno hatta', ['bobobox-soekarno-hatta-transit']],
  ['terminal 3', ['bobobox-soekarno-hatta-transit']],
  ['lombok', ['bobocabin-mandalika-campsite']],
  ['puncak', ['bobocabin-gunung-mas']],
  // What a guest has typed so far, as the suggestions see it.
  ['malio', ['bobobox-malioboro']],
  ['tunj', ['bobobox-tunjungan']],
  ['kinta', ['bobocabin-kintamani']],
];

describe('place search relevance', () => {
  for (const [query, first] of CASES)
    it(`"${query}" puts ${first.join(', ')} first`, async () => {
      const found = await findPlaces(t.db.db, query, 'en');
      expect(
        found
          .slice(0, first.length)
          .map((p) => p.slug)
          .sort(),
      ).toEqual([...first].sort());
    });

  it('returns only the branches of a city for the city (no look-alike noise: "bandung" is not "bandara")', async () => {
    for (const [query, slugs] of CASES.filter(([q]) => ['bandung', 'jogja', 'bali', 'surabaya', 'jakarta'].includes(q)))
      expect((await findPlaces(t.db.db, query, 'en')).map((p) => p.slug).sort(), query).toEqual([...slugs].sort());
  });

  it('finds nothing for a place we are not in, and for noise', async () => {
    for (const query of ['pontianak', 'zzzz', 'x'])
      expect(
        (await findPlaces(t.db.db, query, 'en')).map((p) => p.slug),
        query,
      ).toEqual([]);
  });

  it('names the landmark that matched, in the guest language, with the distance', async () => {
    const [en] = await findPlaces(t.db.db, 'malioboro street', 'en');
    expect(en).toMatchObject({
      slug: 'bobobox-malioboro',
      matched: 'landmark',
      landmark: { name: 'Malioboro Street', distanceKm: 0.2 },
    });
    const [id] = await findPlaces(t.db.db, 'jalan malioboro', 'id');
    expect(id!.landmark).toEqual({ name: 'Jalan Malioboro', distanceKm: 0.2 });
  });
});

describe('GET /clients/v1/places/stays', () => {
  it('lists every branch of the place with its lowest total for the nights, as the hotel search prices it', async () => {
    const res = await t.call('GET', '/api/clients/v1/places/stays?q=jogja&checkin=2026-03-12&checkout=2026-03-14');
    expect(res.status).toBe(200);
    const data = res.data.data as PlaceStaysView;
    expect(data.nights).toBe(2);
    expect(data.results.map((r) => r.slug).sort()).toEqual(['bobobox-malioboro', 'bobobox-tugu-jogja']);
    for (const r of data.results) {
      const search = await t.call('POST', '/api/clients/v1/search', {
        json: { hotelId: r.id, checkInDateTime: '2026-03-12', checkOutDateTime: '2026-03-14' },
      });
      const open = (search.data.data.roomTypes as { roomRemaining: number; totalPrice: number }[]).filter(
        (rt) => rt.roomRemaining > 0,
      );
      expect(r.lowestTotal).toBe(Math.min(...open.map((rt) => rt.totalPrice)));
      expect(r.soldOut).toBe(false);
    }
  });

  it('refuses dates no branch sells, in the guest language, and a query too short', async () => {
    const past = await t.call('GET', '/api/clients/v1/places/stays?q=jogja&checkin=2026-01-02&checkout=2026-01-03', {
      lang: 'id',
    });
    expect(past.status).toBeGreaterThanOrEqual(400);
    expect(past.status).toBeLessThan(500);
    const short = await t.call('GET', '/api/clients/v1/places/stays?q=j&checkin=2026-03-12&checkout=2026-03-14');
    expect(short.status).toBe(422);
    expect(TEST_NOW.toISOString().slice(0, 10)).toBe('2026-03-02');
  });
});
