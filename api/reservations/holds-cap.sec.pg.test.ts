import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOTEL_SHARE_PERCENT, MAX_UNPAID_RESERVATIONS } from '../../core/contracts/booking.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { reservations } from './reservations.schema.ts';
import { freshPgDatabase, holdOverHttp, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';

// Security tier on real PostgreSQL (booking abuse): one free account cannot empty a hotel. Two API
// nodes, each with its own connection pool, receive 100 parallel holds from the same guest over
// real HTTP, on different hotels so no stock row serialises them: PostgreSQL lets exactly three
// through (migration 0004_holds_cap.sql), whatever each node counted beforehand.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

// Pod hotels 1-6 with their first room type (id = hotel * 10 + 1).
const HOTELS = [1, 2, 3, 4, 5, 6];

let db: Db;
let nodes: PgNode[] = [];
let close = async () => undefined as void;
let guest: { userToken: string; apiKey: string; userId: number };

beforeAll(async () => {
  const first = await freshPgDatabase(url);
  db = first.db;
  await openSeededDatabase(TEST_NOW, first);
  await db.update(roomInventory).set({ sold: 0 });
  ({ nodes, close } = await startPgNodes(url, first, 2));
  const tk = await tokensForTest(nodes[0]!.t.deps);
  guest = { userToken: tk.userToken!, apiKey: tk.apiKey, userId: tk.userId! };
});
afterAll(async () => close());

describe('unpaid holds per account on two nodes', () => {
  it(`100 parallel holds by one guest through two nodes: exactly ${MAX_UNPAID_RESERVATIONS} succeed`, async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const hotel = HOTELS[i % HOTELS.length]!;
        return holdOverHttp(nodes[i % 2]!.base, guest, {
          hotel_id: hotel,
          room_type_id: hotel * 10 + 1,
          check_in_date_time: '2026-03-20',
          check_out_date_time: '2026-03-21',
        });
      }),
    );
    expect(results.every((r) => r.status < 500)).toBe(true);
    const ok = results.filter((r) => r.body.data?.HotelCreateReservation?.id);
    expect(ok).toHaveLength(MAX_UNPAID_RESERVATIONS);
    const codes = new Set(results.filter((r) => r.body.errors?.length).map((r) => r.body.errors![0].extensions.code));
    expect(codes).toEqual(new Set(['too_many_unpaid']));
    const held = await db.select().from(reservations).where(eq(reservations.userId, guest.userId));
    expect(held.filter((r) => r.paymentStatusId === 1)).toHaveLength(MAX_UNPAID_RESERVATIONS);
    // Refused holds gave back what they took: only the three held nights are sold.
    const sold = await db.execute(sql`select coalesce(sum(sold), 0)::int as n from room_inventory`);
    expect(Number((sold as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(MAX_UNPAID_RESERVATIONS);
  });

  it(`parallel 4-pod holds by one guest at one hotel-night through two nodes stay within the guest's share (${HOTEL_SHARE_PERCENT} %)`, async () => {
    const other = await tokensForTest(nodes[0]!.t.deps);
    const who = { userToken: other.userToken!, apiKey: other.apiKey };
    // Hotel 7 has 72 pods that night: a share of 7, so one 4-pod hold fits and a second does not.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        holdOverHttp(nodes[i % 2]!.base, who, {
          hotel_id: 7,
          room_type_id: 71 + (i % 2),
          check_in_date_time: '2026-03-25',
          check_out_date_time: '2026-03-26',
          total_room: 4,
        }),
      ),
    );
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.body.data?.HotelCreateReservation?.id)).toHaveLength(1);
    const codes = new Set(results.filter((r) => r.body.errors?.length).map((r) => r.body.errors![0].extensions.code));
    expect(codes).toEqual(new Set(['hotel_share']));
    const held = await db.select().from(reservations).where(eq(reservations.userId, other.userId!));
    expect(held.reduce((n, r) => n + r.totalRoom, 0)).toBe(4);
  });

  it("a hold past the guest's share is refused without waiting for the night's stock rows", async () => {
    const other = await tokensForTest(nodes[0]!.t.deps);
    const who = { userToken: other.userToken!, apiKey: other.apiKey };
    const night = {
      hotel_id: 7,
      room_type_id: 71,
      check_in_date_time: '2026-03-27',
      check_out_date_time: '2026-03-28',
    };
    const first = await holdOverHttp(nodes[0]!.base, who, { ...night, total_room: 4 });
    expect(first.body.data?.HotelCreateReservation?.id).toBeTruthy();
    // Another guest's booking holds that night's stock row (a transaction that has not committed yet).
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query(`select 1 from room_inventory where room_type_id = 71 and date = '2026-03-27' for update`);
      // Past the share (hotel 7: 72 pods, a share of 7): refused while the row is still locked, so it
      // never queued behind it (before, the share was judged only by the trigger, after the stock).
      const second = holdOverHttp(nodes[1]!.base, who, { ...night, total_room: 4 }).then((r) => ({ r }));
      const outcome = await Promise.race([
        second,
        new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 15_000)),
      ]);
      expect(outcome).not.toBe('waiting');
      const { r } = outcome as Awaited<typeof second>;
      expect(r.body.errors?.[0]?.extensions.code).toBe('hotel_share');
    } finally {
      await lock.query('rollback');
      await lock.end();
    }
  });
});
