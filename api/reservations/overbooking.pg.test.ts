import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { expireDueHolds } from './expiry.ts';
import { reservations } from './reservations.schema.ts';
import { holdOverHttp } from '../../tests/helpers/pg-nodes.ts';

// Real PostgreSQL (npm run test:pg starts one with pg_virtualenv): the database alone must stop
// overbooking when many requests race for the last rooms over real HTTP and a pool of connections.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let database: Database;
let db: Db;
let server: ReturnType<typeof serve>;
let base = '';
let t: Awaited<ReturnType<typeof testDeps>>;
let tokens: { userToken: string; apiKey: string }[] = [];
const ROOM_TYPE = 51; // Bobobox Simpang Lima (hotel 5), single sky
const HOTEL = 5;

async function setStock(date: string, sellable: number, sold: number) {
  await db
    .update(roomInventory)
    .set({ sellable, sold })
    .where(and(eq(roomInventory.roomTypeId, ROOM_TYPE), eq(roomInventory.date, date)));
}
async function soldOn(date: string) {
  const [r] = await db
    .select()
    .from(roomInventory)
    .where(and(eq(roomInventory.roomTypeId, ROOM_TYPE), eq(roomInventory.date, date)));
  return r.sold;
}

async function fire(n: number, checkIn: string, checkOut: string) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const tok = tokens[i % tokens.length];
      return holdOverHttp(
        base,
        tok,
        { hotel_id: HOTEL, room_type_id: ROOM_TYPE, check_in_date_time: checkIn, check_out_date_time: checkOut },
        'id',
      );
    }),
  );
}

beforeAll(async () => {
  // Enough connections that the parallel requests really meet in PostgreSQL (the default pool is small).
  database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 40 });
  db = database.db;
  // A clean slate each run: the same cluster may be reused with DATABASE_URL set by hand.
  await db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, database);
  t = await testDeps({ DATABASE_URL: url }, database);
  t.setNow(TEST_NOW);
  const app = createApp(t.deps);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Enough guests that no one reaches the cap of three unpaid holds: the race is for the rooms.
  tokens = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const tk = await tokensForTest(t.deps);
      return { userToken: tk.userToken!, apiKey: tk.apiKey };
    }),
  );
  const [rt] = await db.select().from(roomTypes).where(eq(roomTypes.id, ROOM_TYPE));
  expect(rt.hotelId).toBe(HOTEL);
  expect(rt.stopSellLimitWeb).toBe(2);
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

describe('no overbooking on real PostgreSQL', () => {
  it('120 parallel reservations for the last 5 web-sellable rooms: exactly 5 succeed', async () => {
    const night = '2026-03-20';
    // 10 rooms, 3 sold, web stop-sell 2 -> 5 left for the web.
    await setStock(night, 10, 3);
    const results = await fire(120, night, '2026-03-21');
    const ok = results.filter((r) => r.body.data?.HotelCreateReservation?.id);
    const refused = results.filter((r) => r.body.errors?.length);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(115);
    expect(new Set(refused.map((r) => r.body.errors![0].extensions.code))).toEqual(new Set(['sold_out']));
    expect(refused[0].body.errors![0].message).toBe('Maaf, kamar ini sudah habis untuk tanggal yang kamu pilih.');
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await soldOn(night)).toBe(8);
    const held = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.roomTypeId, ROOM_TYPE), eq(reservations.checkinDate, night)));
    expect(held).toHaveLength(5);
  });

  it('multi-night stays race too: the scarcest night decides, no night oversold', async () => {
    await setStock('2026-03-24', 10, 0); // 8 for the web
    await setStock('2026-03-25', 10, 5); // 3 for the web
    const results = await fire(100, '2026-03-24', '2026-03-26');
    expect(results.filter((r) => r.body.data?.HotelCreateReservation?.id)).toHaveLength(3);
    expect(await soldOn('2026-03-24')).toBe(3);
    expect(await soldOn('2026-03-25')).toBe(8);
  });

  it('an expired hold gives its nights back, exactly once even with many concurrent sweeps', async () => {
    const night = '2026-03-20';
    expect(await soldOn(night)).toBe(8);
    t.advance(31 * 60_000); // past the 30-minute payment window
    const later = new Date(TEST_NOW.getTime() + 31 * 60_000);
    const swept = await Promise.all(Array.from({ length: 10 }, () => expireDueHolds(db, later)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(8); // 5 + 3 reservations, each expired once
    expect(await soldOn(night)).toBe(3);
    expect(await soldOn('2026-03-25')).toBe(5);
    const statuses = await db
      .select({ s: reservations.paymentStatusId })
      .from(reservations)
      .where(eq(reservations.roomTypeId, ROOM_TYPE));
    expect(statuses.every((r) => r.s === 3)).toBe(true);
    // The released rooms sell again, still exactly up to the limit (fresh tokens: 31 minutes passed).
    tokens = await Promise.all(
      tokens.map(async () => {
        const tk = await tokensForTest(t.deps);
        return { userToken: tk.userToken!, apiKey: tk.apiKey };
      }),
    );
    const again = await fire(100, night, '2026-03-21');
    expect(again.filter((r) => r.body.data?.HotelCreateReservation?.id)).toHaveLength(5);
    expect(await soldOn(night)).toBe(8);
  });

  it('the CHECK constraint refuses any write that would sell beyond stock', async () => {
    await expect(
      db.execute(
        sql`update room_inventory set sold = sellable + 1 where room_type_id = ${ROOM_TYPE} and date = '2026-03-20'`,
      ),
    ).rejects.toThrow();
  });
});
