import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import { cancelReservation, createReservation } from '../reservations/reservations.service.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { freshPgDatabase, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';
import { joinWaitlist, OFFER_MINUTES, offerFreedRooms } from './waitlist.service.ts';
import { nightsOf, queueOf, setStock, soldOn } from './waitlist.test-helpers.ts';

// The waitlist on real PostgreSQL behind two API nodes (issue 28, must show): 100 guests wait for one
// sold-out room type; 10 rooms come back at once (5 holds lapse and 5 are cancelled together); both
// nodes run the offer job at the same time, three times over. Exactly 10 offers, to the first 10 in
// line, none twice; when those offers lapse, the next 10 get the rooms; the stock is exact throughout.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const HOTEL = 5;
const ROOM = 51; // Simpang Lima, single pods
const CHECK_IN = '2026-03-12';
const CHECK_OUT = '2026-03-14';
const NIGHTS = nightsOf(CHECK_IN, CHECK_OUT);

let nodes: PgNode[] = [];
let close = async () => undefined as void;
let db: Db;
beforeAll(async () => {
  const first = await freshPgDatabase(url);
  db = first.db;
  await openSeededDatabase(TEST_NOW, first);
  await db.update(roomTypes).set({ stopSellLimitWeb: 0 }).where(eq(roomTypes.id, ROOM));
  ({ nodes, close } = await startPgNodes(url, first, 2));
}, 120_000);
afterAll(async () => close());

describe('the waitlist on two nodes', () => {
  it('offers 10 freed rooms to exactly the first 10 of 100 guests, none twice; lapsed offers pass to the next 10', async () => {
    const now = TEST_NOW;
    await setStock(db, ROOM, NIGHTS, 10, 0);
    // Ten holders take the last ten rooms.
    const holds: { id: number; userId: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const g = await tokensForTest(nodes[0]!.t.deps);
      const r = await createReservation(
        db,
        { hotelId: HOTEL, roomTypeId: ROOM, checkIn: CHECK_IN, checkOut: CHECK_OUT, totalRoom: 1 },
        { now, userId: g.userId!, holdMinutes: 30 },
      );
      holds.push({ id: r.id, userId: g.userId! });
    }
    expect((await soldOn(db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([10, 10]);

    // A hundred guests join, in order, through either node.
    const waiting: number[] = [];
    for (let i = 0; i < 100; i++) {
      const node = nodes[i % 2]!;
      const g = await tokensForTest(node.t.deps);
      const entry = await joinWaitlist(
        node.t.deps,
        g.userId!,
        { hotelId: HOTEL, roomTypeId: ROOM, checkIn: CHECK_IN, checkOut: CHECK_OUT, pods: 1 },
        { lang: i % 2 ? 'en' : 'id', now },
      );
      expect(entry.position).toBe(i + 1);
      waiting.push(g.userId!);
    }

    // Ten rooms come back at once: five holds lapse while five are cancelled.
    await db
      .update(reservations)
      .set({ expiredAt: new Date(now.getTime() - 60_000) })
      .where(
        inArray(
          reservations.id,
          holds.slice(0, 5).map((h) => h.id),
        ),
      );
    await Promise.all([
      expireDueHolds(db, now),
      ...holds.slice(5).map((h) => cancelReservation(nodes[1]!.database.db, h.id, { now, userId: h.userId })),
    ]);
    expect((await soldOn(db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([0, 0]);

    // Both nodes run the offer job together, three times over.
    const run = async (at: Date) => {
      let offers = 0;
      for (let round = 0; round < 3; round++)
        offers += (await Promise.all(nodes.map((n) => offerFreedRooms(n.t.deps, at)))).reduce((a, b) => a + b, 0);
      return offers;
    };
    expect(await run(now)).toBe(10);
    let queue = await queueOf(db, ROOM, CHECK_IN);
    expect(queue.slice(0, 10).map((e) => [e.user_id, e.status])).toEqual(
      waiting.slice(0, 10).map((u) => [u, 'offered']),
    );
    expect(queue.slice(10).every((e) => e.status === 'waiting')).toBe(true);
    const offered = await rows<{ user_id: number; n: number }>(
      db,
      sql`select user_id, count(*)::int as n from reservations
          where room_type_id = ${ROOM} and checkin_date = ${CHECK_IN}::date and payment_status_id = payment_status('waiting')
            and expired_at > ${now.toISOString()}::timestamptz group by user_id`,
    );
    expect(offered.map((o) => Number(o.user_id)).sort((a, b) => a - b)).toEqual(
      [...waiting.slice(0, 10)].sort((a, b) => a - b),
    );
    expect(offered.every((o) => o.n === 1)).toBe(true);
    expect((await soldOn(db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([10, 10]);

    // Nobody pays: the offers lapse after 15 minutes and pass to the next ten in line.
    const later = new Date(now.getTime() + (OFFER_MINUTES + 1) * 60_000);
    await expireDueHolds(db, later);
    expect(await run(later)).toBe(10);
    queue = await queueOf(db, ROOM, CHECK_IN);
    expect(queue.slice(0, 10).every((e) => e.status === 'lapsed')).toBe(true);
    expect(queue.slice(10, 20).map((e) => [e.user_id, e.status])).toEqual(
      waiting.slice(10, 20).map((u) => [u, 'offered']),
    );
    expect(queue.slice(20).every((e) => e.status === 'waiting')).toBe(true);
    expect((await soldOn(db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([10, 10]);
  }, 180_000);
});
