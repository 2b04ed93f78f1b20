import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Database, Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { freshPgDatabase, holdOverHttp, restHoldOverHttp, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';
import { expireDueHolds } from './expiry.ts';

// Real PostgreSQL (npm run test:pg): day-use blocks and nights of the SAME rooms race for a small
// stock through two API nodes over HTTP. Whatever the interleaving, no hour is ever held by more
// rooms than the web may sell, and every success is accounted for in the stock, once.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const HOTEL = 3; // Soekarno-Hatta Transit (hourly, Asia/Jakarta, check-in 14:00, check-out 12:00)
const SKY = 31; // single sky pods: web stop-sell 2
const DAY = '2026-03-20';
const DATES = ['2026-03-19', '2026-03-20', '2026-03-21'];
const ROOMS = 6; // 6 rooms, stop-sell 2: 4 for the web in every hour

let first: Database;
let db: Db;
let cluster: Awaited<ReturnType<typeof startPgNodes>>;
let nodes: PgNode[] = [];

type Req = { kind: 'block'; start: number; hours: number } | { kind: 'nights'; checkIn: string; checkOut: string };

/** A mix of blocks of every length across the day and nights that reach into it from either side. */
function mix(count: number): Req[] {
  const kinds: Req[] = [
    { kind: 'block', start: 8, hours: 3 },
    { kind: 'block', start: 10, hours: 3 },
    { kind: 'block', start: 12, hours: 3 },
    { kind: 'block', start: 15, hours: 3 },
    { kind: 'block', start: 19, hours: 3 },
    { kind: 'block', start: 9, hours: 6 },
    { kind: 'block', start: 14, hours: 6 },
    { kind: 'block', start: 8, hours: 12 },
    { kind: 'block', start: 10, hours: 12 },
    { kind: 'nights', checkIn: '2026-03-19', checkOut: '2026-03-20' },
    { kind: 'nights', checkIn: '2026-03-20', checkOut: '2026-03-21' },
    { kind: 'nights', checkIn: '2026-03-19', checkOut: '2026-03-21' },
  ];
  return Array.from({ length: count }, (_, i) => kinds[(i * 7) % kinds.length]);
}

/** Rooms each hour of the day is occupied by the reservations still held: from their own times, not the stock tables. */
async function occupancyFromReservations(): Promise<Map<number, number>> {
  const held = await rows<{
    checkin_date: string;
    checkout_date: string;
    s: number | null;
    e: number | null;
    total_room: number;
  }>(
    db,
    sql`select checkin_date::text, checkout_date::text, total_room,
          extract(hour from day_use_start at time zone 'Asia/Jakarta')::int as s,
          extract(hour from day_use_end at time zone 'Asia/Jakarta')::int as e
        from reservations where room_type_id = ${SKY} and payment_status_id = 1`,
  );
  const at = new Map<number, number>();
  for (let h = 0; h < 24; h++) {
    let n = 0;
    for (const r of held) {
      if (r.s !== null && r.e !== null) {
        if (r.checkin_date === DAY && h >= r.s && h < r.e) n += r.total_room;
        continue;
      }
      // A night of date N covers 14:00 on N to 12:00 on N+1.
      const coversEvening = r.checkin_date <= DAY && DAY < r.checkout_date && h >= 14;
      const coversMorning = r.checkin_date < DAY && DAY <= r.checkout_date && h < 12;
      if (coversEvening || coversMorning) n += r.total_room;
    }
    at.set(h, n);
  }
  return at;
}

async function guests(node: PgNode, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const tk = await tokensForTest(node.t.deps);
      return { userToken: tk.userToken!, apiKey: tk.apiKey };
    }),
  );
}

async function fire(reqs: Req[]) {
  // Two guests' tokens per node, a guest of its own for every pair of requests (three unpaid at most).
  const perNode = await Promise.all(nodes.map((n) => guests(n, Math.ceil(reqs.length / 4))));
  return Promise.all(
    reqs.map(async (r, i) => {
      const node = i % nodes.length;
      const guest = perNode[node][Math.floor(i / nodes.length) % perNode[node].length];
      const base = nodes[node].base;
      if (r.kind === 'block') {
        const res = await restHoldOverHttp(base, guest, {
          hotel_id: HOTEL,
          room_type_id: SKY,
          check_in_date_time: DAY,
          check_out_date_time: DAY,
          start_hour: r.start,
          block_hours: r.hours,
        });
        return { req: r, status: res.status, ok: res.status === 201, code: res.body.code ?? null };
      }
      const res = await holdOverHttp(base, guest, {
        hotel_id: HOTEL,
        room_type_id: SKY,
        check_in_date_time: r.checkIn,
        check_out_date_time: r.checkOut,
      });
      const ok = !!res.body.data?.HotelCreateReservation?.id;
      return { req: r, status: res.status, ok, code: ok ? null : (res.body.errors?.[0]?.extensions.code ?? null) };
    }),
  );
}

async function expectAccounted() {
  // The hour stock equals what the held reservations took, hour by hour (rows start at 0: nothing pre-sold).
  const drift = await rows<{ hour: number; held: number; taken: number }>(
    db,
    sql`select s.date::text, s.hour, s.held, coalesce((
          select sum(h.rooms) from reservation_hours h join reservations r on r.id = h.reservation_id
          where h.room_type_id = s.room_type_id and h.date = s.date and h.hour = s.hour and r.payment_status_id = 1), 0)::int as taken
        from room_hour_stock s where s.room_type_id = ${SKY}`,
  );
  expect(drift.filter((d) => Number(d.held) !== Number(d.taken))).toEqual([]);
  expect(drift.every((d) => Number(d.held) <= ROOMS - 2)).toBe(true);
  // Nights: sold equals the nights the held reservations took.
  const nightsDrift = await rows<{ date: string; sold: number; taken: number }>(
    db,
    sql`select i.date::text, i.sold, coalesce((
          select sum(n.rooms) from reservation_nights n join reservations r on r.id = n.reservation_id
          where n.room_type_id = i.room_type_id and n.date = i.date and r.payment_status_id = 1), 0)::int as taken
        from room_inventory i where i.room_type_id = ${SKY} and i.date in ('2026-03-19', '2026-03-20', '2026-03-21')`,
  );
  expect(nightsDrift.filter((d) => Number(d.sold) !== Number(d.taken))).toEqual([]);
  // And from the reservations' own times: no hour of the day is ever over the web's 4 rooms.
  const occ = await occupancyFromReservations();
  expect([...occ.values()].every((n) => n <= ROOMS - 2)).toBe(true);
  return occ;
}

beforeAll(async () => {
  first = await freshPgDatabase(url, 40);
  db = first.db;
  await openSeededDatabase(TEST_NOW, first);
  await db
    .update(roomInventory)
    .set({ sellable: ROOMS, sold: 0 })
    .where(and(eq(roomInventory.roomTypeId, SKY), inArray(roomInventory.date, DATES)));
  await db.execute(sql`delete from hotel_blackouts where hotel_id = ${HOTEL}`);
  cluster = await startPgNodes(url, first, 2);
  nodes = cluster.nodes;
});

afterAll(async () => {
  await cluster?.close();
});

describe('day use and nights of the same rooms on real PostgreSQL, two API nodes', () => {
  it('130 parallel mixed hourly and nightly holds: no hour oversold, every success accounted', async () => {
    // Both kinds already hold a room of the day (which kind wins the race itself varies): a two-night
    // stay over the whole day but 12:00-14:00, and a block across check-in time.
    for (const r of [
      { kind: 'nights', checkIn: '2026-03-19', checkOut: '2026-03-21' },
      { kind: 'block', start: 12, hours: 3 },
    ] as Req[])
      expect((await fire([r]))[0].ok).toBe(true);
    const results = await fire(mix(130));
    expect(results.every((r) => r.status < 500)).toBe(true);
    const ok = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['sold_out']));
    // Some won, and the stock ran out for most.
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(100);
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reservations where room_type_id = ${SKY} and payment_status_id = 1`,
    );
    expect(Number(count.n)).toBe(ok.length + 2);
    const occ = await expectAccounted();
    // The stock is really used up where it was contested: some hour of the day is full.
    expect(Math.max(...occ.values())).toBe(ROOMS - 2);
  });

  it('expired holds give their hours and nights back once, and the day sells again within the stock', async () => {
    for (const n of nodes) n.t.advance(31 * 60_000);
    const later = new Date(TEST_NOW.getTime() + 31 * 60_000);
    const swept = await Promise.all(Array.from({ length: 6 }, () => expireDueHolds(db, later)));
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const [left] = await rows<{ held: number }>(
      db,
      sql`select coalesce(sum(held), 0)::int as held from room_hour_stock where room_type_id = ${SKY}`,
    );
    expect(Number(left.held)).toBe(0);
    const again = await fire(mix(120));
    expect(again.every((r) => r.status < 500)).toBe(true);
    expect(again.filter((r) => r.ok).length).toBeGreaterThan(0);
    await expectAccounted();
  });

  it('the CHECK constraint refuses an hour held beyond its stock', async () => {
    await expect(
      db.execute(
        sql`update room_hour_stock set held = sellable + 1 where room_type_id = ${SKY} and date = ${DAY} and hour = 10`,
      ),
    ).rejects.toThrow();
  });
});
