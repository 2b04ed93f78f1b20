import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { stockCacheReads } from '../observability/metrics.ts';
import { startStockCache } from './stock-cache.ts';
import type { StockListener } from './stock-cache.ts';

// Two API nodes on one real PostgreSQL, each with its stock cache listening on its own connection:
// what node B sells, node A stops showing once the commit's notification reached it (awaited, never
// timed); a warmed read sends no statement; and a node whose listener was cut reads past its cache
// (it sees even a change that notified nobody) until the listener is back.

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const HOTEL = 7;
const NIGHT = '2026-03-16';
const AVAIL = 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms } }';
const MAXD =
  'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { web_max_duration } }';
const CREATE = 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }';

type Node = {
  app: ReturnType<typeof createApp>;
  database: Database;
  listener: StockListener;
  clientToken: string;
  userToken: string;
  apiKey: string;
};
let nodes: Node[] = [];
let db: Db;

async function node(retryMs: number): Promise<Node> {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 4 });
  const t = await testDeps({ DATABASE_URL: url }, database);
  t.setNow(TEST_NOW);
  const tokens = await tokensForTest(t.deps);
  const listener = await startStockCache(database, { retryMs });
  return {
    app: createApp(t.deps),
    database,
    listener,
    clientToken: tokens.clientToken,
    userToken: tokens.userToken!,
    apiKey: tokens.apiKey,
  };
}

async function gql(n: Node, gateway: 'open' | 'secure', query: string, input: unknown) {
  const res = await n.app.request(`/api/gateway/${gateway}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${gateway === 'open' ? n.clientToken : n.userToken}`,
      'x-api-key': n.apiKey,
    },
    body: JSON.stringify({ query, variables: { input } }),
  });
  return (await res.json()) as { data: Record<string, any> };
}
const sellable = async (n: Node) =>
  (await gql(n, 'open', AVAIL, { hotel_id: HOTEL, date_start: NIGHT, date_end: NIGHT })).data.RoomAvailability[0]
    .web_sellable_rooms as number;
const maxDuration = async (n: Node) =>
  (await gql(n, 'open', MAXD, { hotel_id: HOTEL, date_start: NIGHT })).data.RoomAvailabilityMaxDuration
    .web_max_duration as number;
async function remaining(n: Node, roomTypeId: number) {
  const res = await n.app.request('/api/clients/v1/search', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${n.clientToken}`,
      'x-api-key': n.apiKey,
    },
    body: new URLSearchParams({
      hotelId: String(HOTEL),
      checkInDateTime: `${NIGHT} 14:00:00`,
      checkOutDateTime: '2026-03-17 12:00:00',
    }).toString(),
  });
  const body = (await res.json()) as { data: { roomTypes: { id: number; roomRemaining: number }[] } };
  return body.data.roomTypes.find((r) => r.id === roomTypeId)!.roomRemaining;
}
/** A change no trigger sees (no notification): only a read of the database can show it. */
async function silently(statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}
const bypasses = async () => (await stockCacheReads.get()).values.find((v) => v.labels.result === 'bypass')?.value ?? 0;
const seen = (n: Node) => n.listener.cache.received.get(String(HOTEL)) ?? 0;

beforeAll(async () => {
  const setup = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await setup.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, setup);
  await setup.close();
  // A reconnects 5 s after losing its listener: the reads in between go past its cache.
  nodes = [await node(5000), await node(100)];
  db = nodes[1].database.db;
});

afterAll(async () => {
  for (const n of nodes) {
    await n.listener.close();
    await n.database.close();
  }
});

describe('stock cache across API nodes on one PostgreSQL', () => {
  it('a warmed read sends no statement to the database', async () => {
    const [a] = nodes;
    await sellable(a);
    await maxDuration(a);
    await remaining(a, HOTEL * 10 + 1);
    const pool = (a.database.db as unknown as { $client: pg.Pool }).$client;
    const query = vi.spyOn(pool, 'query');
    const connect = vi.spyOn(pool, 'connect');
    try {
      await sellable(a);
      await maxDuration(a);
      await remaining(a, HOTEL * 10 + 1);
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
  });

  it('the last room booked on node B is never shown sellable by node A once A heard of it', async () => {
    const [a, b] = nodes;
    const roomTypeId = HOTEL * 10 + 1;
    // Only this room type sells on the night, with one web-sellable room left.
    await db.execute(
      sql`update room_inventory set sellable = 0, sold = 0 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
    );
    await db.execute(
      sql`update room_inventory i set sellable = 5, sold = 4 - rt.stop_sell_limit_web from room_types rt
        where rt.id = i.room_type_id and i.room_type_id = ${roomTypeId} and i.date = ${NIGHT}`,
    );
    await vi.waitFor(() => expect(a.listener.cache.live).toBe(true));
    // A's cache warms (the setup's own notifications may still be arriving: wait until it shows the room).
    await vi.waitFor(async () => expect(await sellable(a)).toBe(1), { timeout: 10_000 });
    expect(await remaining(a, roomTypeId)).toBe(1);
    expect(await maxDuration(a)).toBeGreaterThan(0);
    expect(await sellable(a)).toBe(1);

    await vi.waitFor(async () => expect(await sellable(b)).toBe(1), { timeout: 10_000 });
    expect(await sellable(b)).toBe(1); // B's cache is warm too
    const before = seen(a);
    const held = await gql(b, 'secure', CREATE, {
      hotel_id: HOTEL,
      room_type_id: roomTypeId,
      check_in_date_time: NIGHT,
      check_out_date_time: '2026-03-17',
      total_room: 1,
    });
    expect(held.data.HotelCreateReservation.id).toBeGreaterThan(0);
    // B wrote it: B's own next read is fresh whatever its listener has heard.
    expect(await sellable(b)).toBe(0);
    await vi.waitFor(() => expect(seen(a)).toBeGreaterThan(before), { timeout: 15_000 });
    for (let i = 0; i < 5; i++) {
      expect(await sellable(a)).toBe(0);
      expect(await remaining(a, roomTypeId)).toBe(0);
      expect(await maxDuration(a)).toBe(0);
    }
  });

  it('with its listener cut, a node reads past its cache until the listener is back', async () => {
    const [a] = nodes;
    const warmed = await sellable(a);
    expect(await sellable(a)).toBe(warmed);
    const pid = a.listener.backendPid();
    expect(pid).not.toBeNull();
    await rows(db, sql`select pg_terminate_backend(${pid})`);
    await vi.waitFor(() => expect(a.listener.cache.live).toBe(false), { timeout: 15_000 });
    await silently(
      sql`update hotel_day_stock set web_sellable = web_sellable + 3 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
    );
    try {
      const bypassed = await bypasses();
      expect(await sellable(a)).toBe(warmed + 3);
      expect(await bypasses()).toBeGreaterThan(bypassed);
      await vi.waitFor(() => expect(a.listener.cache.live).toBe(true), { timeout: 15_000 });
      expect(a.listener.backendPid()).not.toBe(pid);
      expect(await sellable(a)).toBe(warmed + 3);
    } finally {
      // Recompute the night from room_inventory (its trigger rebuilds hotel_day_stock) and notify.
      await db.execute(sql`update room_inventory set sold = sold where hotel_id = ${HOTEL} and date = ${NIGHT}`);
    }
    // Listening again: a notified change is seen.
    await vi.waitFor(async () => expect(await sellable(a)).toBe(warmed), { timeout: 15_000 });
  });
});
