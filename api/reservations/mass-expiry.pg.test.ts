import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '../../core/payment-status.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { explain, recordStatements, seqScansOver } from '../db/plan-check.test-helpers.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { ApiError } from '../http/errors.ts';
import { expireDueHolds } from './expiry.ts';
import { releaseDueBatch } from './release-hold.ts';
import { createReservation } from './reservations.service.ts';

// Issue 18: 10,000 holds expire at the same instant and two API nodes' expiry jobs sweep them at
// once (each its own pool, as two processes would), while guests book the freed rooms. Each hold is
// released exactly once, no room is oversold, and afterwards the stock (nights and day-use hours)
// equals what the paid stays and the guests' new holds took, and nothing else.

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const MINUTE = 60_000;
const HOLDS = 10_000;
/** Holds made through the real booking path at the hourly hotel 3 (day-use blocks and nights). */
const REAL_HOLDS = 200;
const NIGHTLY_HOTELS = [1, 2, 4, 5, 6, 7, 8, 9, 10, 11];
const FIRST_NIGHT = '2026-03-10';
const LAST_NIGHT = '2026-03-21';
/** Night of the race for the last rooms: room type 11, fully held by the expiring holds. */
const SCARCE = { roomTypeId: 11, date: '2026-03-12' };

let nodes: Database[] = [];
let db: Db;
const q = async <T = Record<string, unknown>>(text: string) => (await nodes[0].executeSql(text)).rows as T[];

async function guests(n: number, prefix: string): Promise<number[]> {
  const rows = await q<{ id: number }>(
    `insert into users (name, email, password_hash, is_email_verified, preferred_lang)
     select 'Tamu ' || g, '${prefix}-' || g || '@example.test', 'x', true, 'id' from generate_series(1, ${n}) g
     returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Stock minus what live reservations (paid, and holds still inside their window at `at`) hold. */
async function stockDrift(at: Date) {
  const live = `(r.payment_status_id = ${PaymentStatus.paid} or (r.payment_status_id = ${PaymentStatus.waiting} and r.expired_at > '${at.toISOString()}'))`;
  const nights = await q(
    `select i.room_type_id, i.date::text, i.sold, coalesce(t.rooms, 0)::int as held
       from room_inventory i
       left join (select n.room_type_id, n.date, sum(n.rooms) as rooms from reservation_nights n
                  join reservations r on r.id = n.reservation_id where ${live} group by 1, 2) t
         on t.room_type_id = i.room_type_id and t.date = i.date
      where i.date between '${FIRST_NIGHT}' and '${LAST_NIGHT}' and i.sold <> coalesce(t.rooms, 0)`,
  );
  const hours = await q(
    `select s.room_type_id, s.date::text, s.hour, s.held, coalesce(t.rooms, 0)::int as taken
       from room_hour_stock s
       left join (select h.room_type_id, h.date, h.hour, sum(h.rooms) as rooms from reservation_hours h
                  join reservations r on r.id = h.reservation_id where ${live} group by 1, 2, 3) t
         on t.room_type_id = s.room_type_id and t.date = s.date and t.hour = s.hour
      where s.held <> coalesce(t.rooms, 0)`,
  );
  return { nights, hours };
}

beforeAll(async () => {
  nodes = [
    await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 10 }),
    await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 10 }),
  ];
  db = nodes[0].db as Db;
  await db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, nodes[0]);
  // The window starts empty and roomy: every room sold in it is one of this test's reservations (from
  // the night before: its pre-sold rooms would count in the morning hours of the first day).
  await q(
    `update room_inventory set sold = 0, sellable = 400 where date between '${FIRST_NIGHT}'::date - 1 and '${LAST_NIGHT}'`,
  );
  await q(`delete from hotel_blackouts where date between '${FIRST_NIGHT}' and '${LAST_NIGHT}'`);
}, 300_000);

afterAll(async () => {
  for (const n of nodes) await n.close();
});

describe('a mass expiry on real PostgreSQL', () => {
  it('10,000 holds lapsing at once, swept by two nodes while guests book: each released once, nothing oversold', async () => {
    // 1. The real booking path: day-use blocks and nights at the hourly hotel 3 (hours and nights).
    const realGuests = await guests(REAL_HOLDS, 'real');
    const made = await Promise.all(
      realGuests.map((userId, i) =>
        createReservation(
          nodes[i % 2].db as Db,
          i % 2 === 0
            ? {
                hotelId: 3,
                roomTypeId: 31 + (i % 4),
                checkIn: `2026-03-1${i % 10}`,
                checkOut: `2026-03-1${i % 10}`,
                totalRoom: 1,
                dayUse: { startHour: 8 + (i % 11), blockHours: 3 },
              }
            : {
                hotelId: 3,
                roomTypeId: 31 + (i % 4),
                checkIn: `2026-03-1${i % 9}`,
                checkOut: `2026-03-1${(i % 9) + 1}`,
                totalRoom: 1 + (i % 2),
              },
          { now: TEST_NOW, userId, holdMinutes: 30 },
        ),
      ),
    );
    expect(made).toHaveLength(REAL_HOLDS);

    // 2. The rest in SQL, as the booking path writes them (three holds per guest, the cap): 1 to 3
    // nights of 1 or 2 rooms over ten hotels, their stock taken; and paid stays on the same nights.
    const sqlHolds = HOLDS - REAL_HOLDS;
    const holders = await guests(Math.ceil(sqlHolds / 3), 'hold');
    const payers = await guests(500, 'paid');
    const types = NIGHTLY_HOTELS.flatMap((h) => [h * 10 + 1, h * 10 + 2]);
    const expiredAt = new Date(TEST_NOW.getTime() + 30 * MINUTE).toISOString();
    const insert = (count: number, users: number[], perUser: number, status: number, tag: string) =>
      q(`with picked as (
          select g, (array[${types.join(',')}])[1 + g % ${types.length}] as room_type_id,
            '${FIRST_NIGHT}'::date + (g % 9)::int as checkin, (1 + g % 3)::int as nights, (1 + g % 2)::int as rooms,
            (array[${users.join(',')}])[1 + g / ${perUser}] as user_id
          from generate_series(0, ${count - 1}) g
        ), made as (
          insert into reservations (order_id, invoice_number, hotel_id, room_type_id, user_id, total_room, checkin_date,
            checkout_date, created_at, expired_at, updated_at, payment_status_id, guest_name, guest_email)
          select '${tag}-' || g, 'INV/${tag}/' || g, room_type_id / 10, room_type_id, user_id, rooms, checkin, checkin + nights,
            '${TEST_NOW.toISOString()}', '${expiredAt}', '${TEST_NOW.toISOString()}', ${status}, 'Tamu', 'tamu@example.test'
          from picked
          returning id, room_type_id, checkin_date, checkout_date, total_room
        ), nights as (
          insert into reservation_nights (reservation_id, date, room_type_id, rooms, price, fake_price)
          select m.id, d::date, m.room_type_id, m.total_room, 150000, 200000
          from made m cross join generate_series(m.checkin_date, m.checkout_date - 1, interval '1 day') d
          returning room_type_id, date, rooms
        )
        update room_inventory i set sold = i.sold + t.rooms
        from (select room_type_id, date, sum(rooms)::int as rooms from nights group by 1, 2) t
        where i.room_type_id = t.room_type_id and i.date = t.date`);
    await insert(sqlHolds, holders, 3, PaymentStatus.waiting, 'HOLD');
    await insert(1_000, payers, 2, PaymentStatus.paid, 'PAID');
    // The scarce night is exactly full for the web (stop-sell 2): only released rooms can sell there.
    await q(
      `update room_inventory set sellable = sold + 2 where room_type_id = ${SCARCE.roomTypeId} and date = '${SCARCE.date}'`,
    );
    const [{ waiting, scarce }] = await q<{ waiting: number; scarce: number }>(
      `select (select count(*) from reservations where payment_status_id = 1)::int as waiting,
        (select sold from room_inventory where room_type_id = ${SCARCE.roomTypeId} and date = '${SCARCE.date}') as scarce`,
    );
    expect(Number(waiting)).toBe(HOLDS);
    expect(await stockDrift(TEST_NOW)).toEqual({ nights: [], hours: [] });

    // 3. Statistics now know 10,000 waiting holds (as autovacuum would after such a burst): the
    // expiry batch still takes them by the expiry index and releases through primary keys.
    await q('analyze');
    const later = new Date(TEST_NOW.getTime() + 31 * MINUTE);
    const recorder = recordStatements(nodes[0]);
    await db
      .transaction(async (tx) => {
        await releaseDueBatch(tx, { now: later, to: PaymentStatus.expired, limit: 200 });
        throw new Error('rolled back: only the statement was wanted');
      })
      .catch(() => undefined);
    const batch = recorder.stop().find((r) => /skip locked/i.test(r.text))!;
    // The tables this test grows (10,000 holds and their nights). Its hour stock is the seed's two
    // hourly hotels only, small enough that a scan of it can be the cheaper plan once analysed; the
    // hour stock's plans are checked on a grown database in api/db/hot-plans.pg.test.ts.
    const grown = ['reservations', 'reservation_nights', 'reservation_hours', 'room_inventory'] as const;
    expect(seqScansOver(await explain(nodes[0], batch), grown)).toEqual([]);

    // 4. All lapse at once. Both nodes run the job together while 60 guests keep trying the scarce
    // night (each until it gets a room or the sweep is over).
    const racers = await guests(60, 'race');
    const [{ freed }] = await q<{ freed: number }>(
      `select coalesce(sum(n.rooms), 0)::int as freed from reservation_nights n join reservations r on r.id = n.reservation_id
        where r.payment_status_id = 1 and n.room_type_id = ${SCARCE.roomTypeId} and n.date = '${SCARCE.date}'`,
    );
    let sweeping = true;
    const race = async (userId: number, i: number): Promise<boolean> => {
      for (;;) {
        const last = !sweeping;
        try {
          await createReservation(
            nodes[i % 2].db as Db,
            { hotelId: 1, roomTypeId: SCARCE.roomTypeId, checkIn: SCARCE.date, checkOut: '2026-03-13', totalRoom: 1 },
            { now: later, userId, holdMinutes: 30 },
          );
          return true;
        } catch (e) {
          if (!(e instanceof ApiError && e.code === 'sold_out')) throw e;
          if (last) return false;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
    };
    const started = Date.now();
    const sweeps = Promise.all(nodes.map((n) => expireDueHolds(n.db, later, { budgetMs: 120_000 }))).finally(
      () => (sweeping = false),
    );
    const [swept, booked] = await Promise.all([sweeps, Promise.all(racers.map(race))]);
    console.log(`10,000 holds expired by two nodes in ${Date.now() - started} ms (${swept.join(' + ')})`);

    // Each hold released exactly once, both nodes took part, none left waiting but the new ones.
    expect(swept[0] + swept[1]).toBe(HOLDS);
    expect(swept.every((n) => n > 0)).toBe(true);
    const [counts] = await q<{ expired: number; waiting: number; paid: number }>(
      `select count(*) filter (where payment_status_id = 3)::int as expired,
        count(*) filter (where payment_status_id = 1)::int as waiting,
        count(*) filter (where payment_status_id = 2)::int as paid from reservations`,
    );
    const won = booked.filter(Boolean).length;
    expect(counts).toEqual({ expired: HOLDS, waiting: won, paid: 1_000 });
    // The scarce night sold again exactly up to the rooms the expired holds gave back, never more.
    expect(won).toBe(Math.min(racers.length, Number(freed)));
    const [after] = await q<{ sold: number; sellable: number }>(
      `select sold, sellable from room_inventory where room_type_id = ${SCARCE.roomTypeId} and date = '${SCARCE.date}'`,
    );
    expect(Number(after.sold)).toBe(Number(scarce) - Number(freed) + won);
    expect(Number(after.sold)).toBeLessThanOrEqual(Number(after.sellable) - 2);
    // Stock equals the paid nights plus the new holds, hour stock too; a second sweep finds nothing.
    expect(await stockDrift(later)).toEqual({ nights: [], hours: [] });
    expect(await expireDueHolds(db, later)).toBe(0);
    const [{ held }] = await q<{ held: number }>(`select coalesce(sum(held), 0)::int as held from room_hour_stock`);
    expect(Number(held)).toBe(0);
  });
});
