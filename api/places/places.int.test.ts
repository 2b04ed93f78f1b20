import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/query.ts';
import { stockChanged } from '../availability/stock-cache.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { findPlaces, NEARBY_SIZE, PLACE_SUGGESTIONS_MAX } from './places.service.ts';
import type { NearbyStaysView, PlaceStaysView } from '../../core/contracts/places.ts';

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

describe('GET /clients/v1/places (the suggestions)', () => {
  it('names at most the 10 best branches, in the order of the full search', async () => {
    const all = await findPlaces(t.db.db, 'bobobox', 'en');
    expect(all.length).toBeGreaterThan(PLACE_SUGGESTIONS_MAX);
    const res = await t.call('GET', '/api/clients/v1/places?q=bobobox');
    expect(res.status).toBe(200);
    const shown = (res.data.data as { slug: string; score: number }[]).map((p) => p.slug);
    expect(shown).toHaveLength(PLACE_SUGGESTIONS_MAX);
    expect(shown).toEqual(all.slice(0, PLACE_SUGGESTIONS_MAX).map((p) => p.slug));
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

describe('GET /clients/v1/places/nearby (the hotel page recommendations)', () => {
  const url = (hotelId: number) =>
    `/api/clients/v1/places/nearby?hotelId=${hotelId}&checkin=2026-03-12&checkout=2026-03-14`;

  it('names the nearest other branches with a room free for the nights, nearest first, priced as the hotel search', async () => {
    const res = await t.call('GET', url(6));
    expect(res.status).toBe(200);
    const data = res.data.data as NearbyStaysView;
    expect(data.nights).toBe(2);
    // From Malioboro (Yogyakarta): Tugu Jogja is the nearest branch.
    expect(data.results[0]!.slug).toBe('bobobox-tugu-jogja');
    expect(data.results.length).toBe(NEARBY_SIZE);
    expect(data.results.map((r) => r.id)).not.toContain(6);
    const km = data.results.map((r) => r.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const r of data.results) {
      const search = await t.call('POST', '/api/clients/v1/search', {
        json: { hotelId: r.id, checkInDateTime: '2026-03-12', checkOutDateTime: '2026-03-14' },
      });
      const open = (search.data.data.roomTypes as { roomRemaining: number; totalPrice: number }[]).filter(
        (rt) => rt.roomRemaining > 0,
      );
      expect(r.lowestTotal).toBe(Math.min(...open.map((rt) => rt.totalPrice)));
    }
  });

  it('leaves out a nearby branch sold out for those nights, and names the next one instead', async () => {
    const before = (await t.call('GET', url(6))).data.data as NearbyStaysView;
    const nearest = before.results[0]!;
    // Every room of the nearest branch sold on those nights (the stock cache told, as a booking would).
    const nights = sql`room_type_id in (select id from room_types where hotel_id = ${nearest.id}) and date in ('2026-03-12', '2026-03-13')`;
    const saved = await rows<{ room_type_id: number; date: string; sold: number }>(
      t.db.db,
      sql`select room_type_id, date::text as date, sold from room_inventory where ${nights}`,
    );
    expect(saved.length).toBeGreaterThan(0);
    await t.db.db.execute(sql`update room_inventory set sold = sellable where ${nights}`);
    stockChanged(t.db.db, nearest.id);
    try {
      const after = (await t.call('GET', url(6))).data.data as NearbyStaysView;
      expect(after.results.map((r) => r.id)).not.toContain(nearest.id);
      expect(after.results.length).toBe(NEARBY_SIZE);
      expect(after.results.slice(0, NEARBY_SIZE - 1).map((r) => r.id)).toEqual(
        before.results.slice(1).map((r) => r.id),
      );
    } finally {
      for (const r of saved)
        await t.db.db.execute(
          sql`update room_inventory set sold = ${r.sold} where room_type_id = ${r.room_type_id} and date = ${r.date}`,
        );
      stockChanged(t.db.db, nearest.id);
    }
  });

  it('refuses an unknown shape in the guest language (never a 500)', async () => {
    const res = await t.call(
      'GET',
      '/api/clients/v1/places/nearby?hotelId=abc&checkin=2026-03-12&checkout=2026-03-14',
      {
        lang: 'id',
      },
    );
    expect(res.status).toBe(422);
    const unknown = await t.call('GET', url(999_999));
    expect(unknown.status).toBe(200);
    expect((unknown.data.data as NearbyStaysView).results).toEqual([]);
  });
});
