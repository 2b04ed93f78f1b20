import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { paymentChannels } from '../pricing/channels.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { prepareDatabase } from './prepare.ts';
import { announcements, promotions } from '../promotions/promotions.schema.ts';
import { FIXTURE_VOUCHER_CODES, SEED_DAYS_AHEAD, seedDatabase } from './seed.ts';
import { jakartaToday } from '../../core/dates.ts';

let database: Database;
let db: Db;
const now = new Date('2026-03-02T03:00:00.000Z');
beforeAll(async () => {
  database = await openDatabase({ DATA_DIR: 'memory://' });
  db = database.db;
  await prepareDatabase(database, {}, () => now);
});
afterAll(() => database.close());

const count = async (table: string) =>
  Number(
    ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
      .rows[0].n,
  );

describe('prepareDatabase and the seed', () => {
  it('seeds an empty embedded database, and running again changes nothing but keeps sold counts', async () => {
    const before = {
      hotels: await count('hotels'),
      types: await count('room_types'),
      inv: await count('room_inventory'),
      promos: await count('promotions'),
    };
    await db.update(roomInventory).set({ sold: 1 }).where(eq(roomInventory.roomTypeId, 11));
    await prepareDatabase(database, {}, () => now);
    expect({
      hotels: await count('hotels'),
      types: await count('room_types'),
      inv: await count('room_inventory'),
      promos: await count('promotions'),
    }).toEqual(before);
    const rows = await db.select().from(roomInventory).where(eq(roomInventory.roomTypeId, 11));
    expect(rows.every((r) => r.sold === 1)).toBe(true);
    // A later start extends the window instead of duplicating it.
    await prepareDatabase(database, {}, () => new Date('2026-03-12T03:00:00.000Z'));
    expect(await count('room_inventory')).toBe(before.inv + 10 * before.types);
  });
  it('brings an existing database the seed’s addresses and city labels (an earlier seed wrote incomplete ones)', async () => {
    const [denpasar] = await db.select().from(hotels).where(eq(hotels.slug, 'bobobox-teuku-umar-denpasar'));
    await db
      .update(hotels)
      .set({ address: 'Jl. Teuku Umar No. 88, Denpasar Barat, Bali' })
      .where(eq(hotels.id, denpasar!.id));
    await db.update(hotels).set({ city: 'Batu' }).where(eq(hotels.slug, 'bobocabin-cobanrondo'));
    await prepareDatabase(database, {}, () => now);
    const [after] = await db.select().from(hotels).where(eq(hotels.id, denpasar!.id));
    expect(after!.address).toBe('Jl. Teuku Umar No. 88, Denpasar Barat, Denpasar, Bali');
    const [coban] = await db.select().from(hotels).where(eq(hotels.slug, 'bobocabin-cobanrondo'));
    expect(coban!.city).toBe('Malang');
    // The place search's terms follow (a trigger keeps them): the city is an area of its address.
    const terms = (await db.execute(
      sql`select kind, term from place_terms where hotel_id = ${coban!.id} and kind in ('city', 'area') order by kind, term`,
    )) as unknown as { rows: { kind: string; term: string }[] };
    expect(terms.rows.map((r) => `${r.kind}:${r.term}`)).toEqual([
      'area:jawa timur',
      'area:kawasan coban rondo',
      'area:malang',
      'area:pujon',
      'city:malang',
    ]);
  });
  it('has 16 pod branches in 8 cities and 9 cabin destinations, every spec field, three zones', async () => {
    const all = await db.select().from(hotels);
    const pods = all.filter((h) => h.isCabin === 0);
    expect(pods).toHaveLength(16);
    expect(new Set(pods.map((h) => h.city)).size).toBe(8);
    const cabins = all.filter((h) => h.isCabin === 1);
    for (const slug of [
      'baturraden',
      'cobanrondo',
      'gunung-mas',
      'kintamani',
      'madasari',
      'padusan',
      'sumba',
      'ubud',
      'mandalika-campsite',
    ]) {
      expect(cabins.some((h) => h.slug.endsWith(slug))).toBe(true);
    }
    expect(new Set(all.map((h) => h.timeZone))).toEqual(new Set(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']));
    expect(
      all.every((h) => h.checkInTime === '14:00' && h.checkOutTime === '12:00' && h.latitude < 0 && h.longitude > 95),
    ).toBe(true);
    expect(new Set(all.map((h) => h.typeId))).toEqual(new Set([1, 2]));
  });
  it('room types carry the capacities of spec section 9', async () => {
    const types = await db.select().from(roomTypes);
    const cap = (code: string) => types.find((t) => t.roomType === code)!;
    expect(cap('single_sky')).toMatchObject({ capacity: 1, capacityChildren: 0 });
    expect(cap('double_earth')).toMatchObject({ capacity: 2, capacityChildren: 1 });
    expect(cap('co_living')).toMatchObject({ capacity: 1 });
    expect(cap('standard').capacity).toBe(2);
    expect(cap('executive').capacity).toBe(4);
    expect(cap('family')).toMatchObject({ capacity: 4, capacityChildren: 2 });
    expect(cap('camper_van').capacity).toBe(4);
    for (const code of [
      'single_sky',
      'single_earth',
      'double_sky',
      'double_earth',
      'co_living',
      'standard',
      'deluxe',
      'deluxe_hot_tub',
      'executive',
      'premier',
      'family',
      'camper_van',
    ]) {
      expect(
        types.some((t) => t.roomType === code),
        code,
      ).toBe(true);
    }
  });
  it('rates vary by day, stock covers the window ahead, channel 12 exists but inactive ones too', async () => {
    const rows = await db.select().from(roomInventory).where(eq(roomInventory.roomTypeId, 11));
    expect(new Set(rows.map((r) => r.price)).size).toBeGreaterThan(3);
    expect(rows.some((r) => r.date === '2026-03-02')).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(SEED_DAYS_AHEAD);
    const channels = await db.select().from(paymentChannels);
    expect(channels.some((c) => c.id === 12)).toBe(true);
    expect(channels.filter((c) => !c.isActive).length).toBeGreaterThan(0);
  });

  it('never gives a production database the test promotions, and switches off the vouchers an earlier seed left', async () => {
    // The vouchers at stake: a 25 % one and a free night, their codes in this public repository.
    expect(FIXTURE_VOUCHER_CODES).toEqual(expect.arrayContaining(['STAYLAGI25', 'MALAMGRATIS']));
    const active = async (on: Db) =>
      (await on.select().from(promotions))
        .filter((p) => p.isActive && FIXTURE_VOUCHER_CODES.includes(p.promoCode))
        .map((p) => p.promoCode)
        .sort();
    // Development and tests have them (this file's database).
    expect(await active(db)).toEqual([...FIXTURE_VOUCHER_CODES].sort());

    const production = await openDatabase({ DATA_DIR: 'memory://' });
    try {
      await prepareDatabase(production, { NODE_ENV: 'production' }, () => now);
      expect(await production.db.select().from(promotions)).toEqual([]);
      // The product's announcement, not the test's expired one.
      expect((await production.db.select().from(announcements)).map((a) => a.title.en)).toEqual([
        'Faster check-in with the app',
      ]);
      expect((await production.db.select().from(hotels)).length).toBeGreaterThan(0);
      // A database seeded before (the fixtures in), then started in production: the vouchers are off.
      await seedDatabase(production, jakartaToday(now));
      expect(await active(production.db)).toEqual([...FIXTURE_VOUCHER_CODES].sort());
      await prepareDatabase(production, { NODE_ENV: 'production' }, () => now);
      expect(await active(production.db)).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
