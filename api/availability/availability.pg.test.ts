import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import { roomInventory } from './availability.schema.ts';
import { dayStockDrift } from './day-stock.test-helpers.ts';

// Two API nodes (two processes' worth of pools, prepared statements and in-process memo tables) on
// one real PostgreSQL: what one node sells or releases is what the other one shows, at once.

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const HOTEL = 6;
const NIGHT = '2026-03-12';
const AVAIL = 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms } }';
const MAXD =
  'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { web_max_duration } }';
const CREATE =
  'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id payment_status_id } }';

type Node = {
  app: ReturnType<typeof createApp>;
  t: Awaited<ReturnType<typeof testDeps>>;
  database: Database;
  clientToken: string;
  userToken: string;
  apiKey: string;
};
let nodes: Node[] = [];
let db: Db;

async function node(): Promise<Node> {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
  const t = await testDeps({ DATABASE_URL: url }, database);
  t.setNow(TEST_NOW);
  const tokens = await tokensForTest(t.deps);
  return {
    app: createApp(t.deps),
    t,
    database,
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
      checkOutDateTime: '2026-03-13 12:00:00',
    }).toString(),
  });
  const body = (await res.json()) as { data: { roomTypes: { id: number; roomRemaining: number }[] } };
  return body.data.roomTypes.find((r) => r.id === roomTypeId)!.roomRemaining;
}

beforeAll(async () => {
  const setup = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await setup.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, setup);
  await setup.close();
  nodes = [await node(), await node()];
  db = nodes[0].database.db;
});

afterAll(async () => {
  for (const n of nodes) await n.database.close();
});

describe('availability across API nodes on one PostgreSQL', () => {
  it('a hold taken on one node shows on the other at once, and its expiry releases the nights there', async () => {
    const [a, b] = nodes;
    const roomTypeId = HOTEL * 10 + 1;
    // Only this room type sells on the night: 6 web-sellable rooms (10 stock, 2 sold, stop-sell 2).
    await db
      .update(roomInventory)
      .set({ sellable: 0, sold: 0 })
      .where(and(eq(roomInventory.hotelId, HOTEL), eq(roomInventory.date, NIGHT)));
    await db
      .update(roomInventory)
      .set({ sellable: 10, sold: 2 })
      .where(and(eq(roomInventory.roomTypeId, roomTypeId), eq(roomInventory.date, NIGHT)));
    // Warm node B (prepared statements, zone memo) before the change.
    expect(await sellable(b)).toBe(6);
    expect(await remaining(b, roomTypeId)).toBe(6);
    expect(await maxDuration(b)).toBeGreaterThan(0);

    const held = await gql(a, 'secure', CREATE, {
      hotel_id: HOTEL,
      room_type_id: roomTypeId,
      check_in_date_time: NIGHT,
      check_out_date_time: '2026-03-13',
      total_room: 2,
    });
    expect(held.data.HotelCreateReservation.payment_status_id).toBe(1);
    expect(await sellable(b)).toBe(4);
    expect(await remaining(b, roomTypeId)).toBe(4);

    // Node A takes the rest, for another guest (a guest holds at most 4 rooms of a hotel this small:
    // api/reservations/README.md "Holds per account"): B sees the night sold out (max duration 0) at once.
    a.userToken = (await tokensForTest(a.t.deps)).userToken!;
    const rest = await gql(a, 'secure', CREATE, {
      hotel_id: HOTEL,
      room_type_id: roomTypeId,
      check_in_date_time: NIGHT,
      check_out_date_time: '2026-03-13',
      total_room: 4,
    });
    expect(rest.data.HotelCreateReservation.payment_status_id).toBe(1);
    expect(await sellable(b)).toBe(0);
    expect(await maxDuration(b)).toBe(0);

    // Both holds run out; nothing runs on node A. The expiry job runs on node B and gives the nights
    // back; both nodes show them at once.
    for (const n of nodes) n.t.advance((n.t.deps.env.RESERVATION_HOLD_MINUTES + 1) * 60_000);
    b.clientToken = (await tokensForTest(b.t.deps, { withUser: false })).clientToken;
    expect(await sellable(b)).toBe(0);
    expect(await expireDueHolds(b.database.db, b.t.deps.now!())).toBe(2);
    expect(await sellable(b)).toBe(6);
    expect(await remaining(b, roomTypeId)).toBe(6);
    expect(await maxDuration(b)).toBeGreaterThan(0);
  });
});

describe('the per-night summary behind the calendar (hotel_day_stock) under concurrent writers', () => {
  it('stays exact when two nodes sell different room types of one hotel on the same nights at once', async () => {
    const [a, b] = nodes;
    // The test above moved both clocks past the tokens' lifetime: back to the start, fresh tokens.
    for (const n of nodes) {
      n.t.setNow(TEST_NOW);
      const tk = await tokensForTest(n.t.deps);
      n.clientToken = tk.clientToken;
      n.userToken = tk.userToken!;
    }
    // A daily hotel: hotel 3 sells day use, whose hour stock (still holding each round's holds) would
    // refuse the later rounds this test restocks by resetting room_inventory behind the holds' backs.
    const hotel = 4;
    const types = [41, 42, 43, 44];
    // Three rounds of 80 holds of 1 to 2 nights over 4 room types from both nodes, all in flight
    // together: each one's trigger recomputes the hotel's nights while others change them. (Without
    // the summary's row locks, this drifted in about one run in three here.)
    // Tests own their data: every hold of a round is a different guest's (an account holds at most
    // three unpaid reservations; each guest books once per round).
    const guests = await Promise.all(Array.from({ length: 80 }, (_, i) => tokensForTest(nodes[i % 2]!.t.deps)));
    for (let round = 0; round < 3; round++) {
      await db
        .update(roomInventory)
        .set({ sellable: 40 + round, sold: 0 })
        .where(and(eq(roomInventory.hotelId, hotel), sql`${roomInventory.date} between '2026-03-16' and '2026-03-19'`));
      const results = await Promise.all(
        Array.from({ length: 80 }, (_, i) => {
          const checkIn = `2026-03-${16 + (i % 3)}`;
          const checkOut = `2026-03-${17 + (i % 3) + (i % 2)}`;
          return gql({ ...(i % 2 ? a : b), userToken: guests[i]!.userToken! }, 'secure', CREATE, {
            hotel_id: hotel,
            room_type_id: types[i % 4],
            check_in_date_time: checkIn,
            check_out_date_time: checkOut,
            total_room: 1,
          });
        }),
      );
      expect(
        results.filter((r) => r.data?.HotelCreateReservation?.payment_status_id === 1),
        JSON.stringify(results[0]),
      ).toHaveLength(80);
      expect(await dayStockDrift(db), `round ${round}`).toEqual([]);
    }
    expect(await dayStockDrift(db)).toEqual([]);
    const rows = (await gql(b, 'open', AVAIL, { hotel_id: hotel, date_start: '2026-03-16', date_end: '2026-03-19' }))
      .data.RoomAvailability as { date: string; web_sellable_rooms: number }[];
    const inventory = await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.hotelId, hotel), sql`${roomInventory.date} between '2026-03-16' and '2026-03-19'`));
    const stopSell = (await db.execute(
      sql`select id, stop_sell_limit_web as s from room_types where hotel_id = ${hotel}`,
    )) as unknown as { rows: { id: number; s: number }[] };
    const limit = new Map(stopSell.rows.map((r) => [Number(r.id), Number(r.s)]));
    for (const day of rows) {
      const expected = inventory
        .filter((i) => i.date === day.date)
        .reduce((s, i) => s + Math.max(0, i.sellable - i.sold - (limit.get(i.roomTypeId) ?? 0)), 0);
      expect(day.web_sellable_rooms, day.date).toBe(expected);
    }
  });
});
