import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { Temporal } from '../../core/temporal.ts';
import { rows } from '../db/query.ts';
import type { bookingTestApp } from '../db/test-booking.ts';

// The property behind "no hour sold twice at hourly hotels" (README.md "Day use"), for both backends:
// whatever mix of stays (1 to 3 nights) and day-use blocks (any start hour, 1 to 24 hours) guests
// book one after another, no hour of the pods is held by more rooms than the web may sell. The
// occupancy is worked out from the reservations' own times (a stay from check-in on its first day
// to check-out on its last, every hour in between; a block over its hours), never from the stock
// tables the hold maintains.

const HOTEL = 3; // Soekarno-Hatta Transit: hourly, Asia/Jakarta, check-in 14:00, check-out 12:00
const SKY = 31; // single sky pods, web stop-sell 2
const SELLABLE = 4; // 4 rooms less the stop-sell: 2 for the web in every hour
const WEB = 2;
const FIRST = Temporal.PlainDate.from('2026-03-10');

type Op =
  | { kind: 'nights'; day: number; nights: number; rooms: number }
  | { kind: 'block'; day: number; start: number; hours: number; rooms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('nights' as const),
    day: fc.integer({ min: 0, max: 4 }),
    nights: fc.integer({ min: 1, max: 3 }),
    rooms: fc.integer({ min: 1, max: 2 }),
  }),
  fc.integer({ min: 1, max: 24 }).chain((hours) =>
    fc.record({
      kind: fc.constant('block' as const),
      day: fc.integer({ min: 0, max: 5 }),
      start: fc.integer({ min: 0, max: 24 - hours }),
      hours: fc.constant(hours),
      rooms: fc.integer({ min: 1, max: 2 }),
    }),
  ),
);

type App = Awaited<ReturnType<typeof bookingTestApp>>;
const date = (day: number) => FIRST.add({ days: day }).toString();

/** The hotel sells day use round the clock with a block of every length, and its pods start empty. */
async function reset(t: App) {
  const db = t.db.db;
  await db.execute(sql`update hotels set day_use_open_hour = 0, day_use_close_hour = 24 where id = ${HOTEL}`);
  await db.execute(sql`insert into room_type_blocks (room_type_id, hours, price, fake_price)
    select ${SKY}, h, 20000 * h, 0 from generate_series(1, 24) as h on conflict do nothing`);
  await db.execute(
    sql`delete from reservation_hours where reservation_id in (select id from reservations where room_type_id = ${SKY})`,
  );
  await db.execute(
    sql`delete from reservation_nights where reservation_id in (select id from reservations where room_type_id = ${SKY})`,
  );
  await db.execute(sql`delete from reservations where room_type_id = ${SKY}`);
  await db.execute(sql`delete from room_hour_stock where room_type_id = ${SKY}`);
  await db.execute(sql`delete from hotel_blackouts where hotel_id = ${HOTEL}`);
  await db.execute(sql`update room_inventory set sellable = ${SELLABLE}, sold = 0 where room_type_id = ${SKY}`);
}

async function book(t: App, o: Op): Promise<number> {
  await t.useNewGuest();
  const form: Record<string, string> = {
    hotel_id: String(HOTEL),
    room_type_id: String(SKY),
    total_room: String(o.rooms),
    check_in_date_time: date(o.day),
    check_out_date_time: o.kind === 'nights' ? date(o.day + o.nights) : date(o.day),
  };
  if (o.kind === 'block') Object.assign(form, { start_hour: String(o.start), block_hours: String(o.hours) });
  const r = await t.call('POST', '/api/clients/v1/reservations/create', { token: t.userToken, form });
  // A refusal is fine (sold out, a rule of the hotel); a server error never is.
  expect(r.status, JSON.stringify(r.data)).toBeLessThan(500);
  return r.status;
}

/** Rooms held in each hour of the window, from the reservations' own times. */
async function occupancy(t: App): Promise<Map<string, number>> {
  const held = await rows<{
    checkin_date: string;
    checkout_date: string;
    start: string | null;
    block: number | null;
    total_room: number;
  }>(
    t.db.db,
    sql`select checkin_date::text, checkout_date::text, to_char(day_use_start at time zone 'Asia/Jakarta', 'YYYY-MM-DD"T"HH24') as start,
          block_hours as block, total_room from reservations where room_type_id = ${SKY} and payment_status_id = payment_status('waiting')`,
  );
  const at = new Map<string, number>();
  const add = (d: Temporal.PlainDate, hour: number, n: number) => {
    const key = `${d.toString()} ${hour}`;
    at.set(key, (at.get(key) ?? 0) + n);
  };
  for (const r of held) {
    if (r.start && r.block) {
      const [day, hour] = r.start.split('T');
      for (let h = Number(hour); h < Number(hour) + r.block; h++) add(Temporal.PlainDate.from(day!), h, r.total_room);
      continue;
    }
    // A stay: from 14:00 on check-in day to 12:00 (hour 11 the last) on check-out day, all in between.
    let d = Temporal.PlainDate.from(r.checkin_date);
    let h = 14;
    const end = Temporal.PlainDate.from(r.checkout_date);
    while (Temporal.PlainDate.compare(d, end) < 0 || h < 12) {
      add(d, h, r.total_room);
      h += 1;
      if (h === 24) [d, h] = [d.add({ days: 1 }), 0];
    }
  }
  return at;
}

/** Runs the property; `numRuns` sequences, with the known gap case first. */
export async function noHourSoldTwice(t: App, numRuns: number) {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
      await reset(t);
      for (const o of ops) await book(t, o);
      const over = [...(await occupancy(t))].filter(([, n]) => n > WEB);
      expect(over, `booked ${JSON.stringify(ops)}`).toEqual([]);
    }),
    {
      numRuns,
      examples: [
        // Two nights, then a short block in the hours between them (12:00-14:00 of the middle day).
        [
          [
            { kind: 'nights', day: 1, nights: 2, rooms: 2 },
            { kind: 'block', day: 2, start: 12, hours: 1, rooms: 1 },
          ],
        ],
        // The other way round: the block first, then a stay that spans it.
        [
          [
            { kind: 'block', day: 2, start: 12, hours: 2, rooms: 1 },
            { kind: 'nights', day: 1, nights: 2, rooms: 2 },
          ],
        ],
      ],
    },
  );
}
