import type { Database } from '../platform/database.ts';

// A grown database for the plan checks (issue 18): the seed plus hundreds of hotels with a year of
// stock and hundreds of thousands of reservations with their nights, made with generate_series in a
// few statements (seconds on PostgreSQL). Grown hotels copy seeded ones: ids from GROWN_HOTEL_FIRST_ID,
// room types id * 10 + k like the seed's. Every tenth grown hotel is hourly (a copy of hotel 3) and
// has hour stock for every hour of the year, and its reservations are day-use blocks with their hours.

export const GROWN_HOTEL_FIRST_ID = 1001;

export type GrowOptions = {
  /** Hotels added (default 200). */
  hotels?: number;
  /** Days of stock per room type, ending `daysAhead` after `today` (default 365). */
  days?: number;
  daysAhead?: number;
  /** Reservations added, each with 1 to 3 nights (default 200,000). */
  reservations?: number;
  /** The day the data is grown around (YYYY-MM-DD). */
  today: string;
};

export async function growDatabase(database: Database, opts: GrowOptions) {
  const hotels = opts.hotels ?? 200;
  const days = opts.days ?? 365;
  const ahead = opts.daysAhead ?? 90;
  const count = opts.reservations ?? 200_000;
  const users = Math.max(1, Math.floor(count / 5));
  const first = GROWN_HOTEL_FIRST_ID;
  const run = (text: string) => database.executeSql(text);
  const from = `('${opts.today}'::date + ${ahead} - ${days} + 1)`;

  // Hotels: every tenth an hourly copy of hotel 3, the others copies of hotel 1.
  await run(`insert into hotels
    select (jsonb_populate_record(null::hotels, to_jsonb(h) || jsonb_build_object(
      'id', ${first} + g - 1, 'slug', h.slug || '-grown-' || g, 'name', h.name || ' ' || g))).*
    from generate_series(1, ${hotels}) g
    join hotels h on h.id = case when g % 10 = 0 then 3 else 1 end`);
  await run(`insert into room_types
    select (jsonb_populate_record(null::room_types, to_jsonb(rt) || jsonb_build_object(
      'id', (${first} + g - 1) * 10 + rt.id % 10, 'hotel_id', ${first} + g - 1))).*
    from generate_series(1, ${hotels}) g
    join room_types rt on rt.hotel_id = case when g % 10 = 0 then 3 else 1 end`);
  await run(`insert into room_type_blocks
    select rt.id, b.hours, b.price, b.fake_price
    from room_types rt join room_type_blocks b on b.room_type_id = 30 + rt.id % 10
    where rt.hotel_id >= ${first} and rt.hotel_id % 10 = ${(first + 9) % 10}`);
  // A year of stock per room type (the trigger fills hotel_day_stock), a blackout now and then.
  await run(`insert into room_inventory (room_type_id, hotel_id, date, sellable, sold, price, fake_price)
    select rt.id, rt.hotel_id, ${from} + d, rt.total_rooms, 0, 150000 + (d % 7) * 5000, 200000
    from room_types rt cross join generate_series(0, ${days - 1}) d
    where rt.hotel_id >= ${first}`);
  await run(`insert into hotel_blackouts (hotel_id, date, reason)
    select h.id, ${from} + d, '{"id":"Tutup","en":"Closed"}'::jsonb
    from hotels h cross join generate_series(0, ${days - 1}) d
    where h.id >= ${first} and (d + h.id * 11) % 41 = 0`);
  await run(`insert into room_hour_stock (room_type_id, hotel_id, date, hour, sellable, held)
    select rt.id, rt.hotel_id, ${from} + d, hr, rt.total_rooms, 0
    from room_types rt cross join generate_series(0, ${days - 1}) d cross join generate_series(0, 23) hr
    where rt.hotel_id >= ${first} and rt.hotel_id % 10 = ${(first + 9) % 10}`);

  // Guests, and their reservations spread over the year: mostly paid, then expired, cancelled and
  // refunded (none waiting: the unpaid cap counts those), 1 to 3 nights, or a 3-hour block at an hourly hotel.
  await run(`insert into users (name, email, password_hash, is_email_verified, preferred_lang)
    select 'Tamu ' || g, 'grown-' || g || '@example.test', 'x', true, 'id'
    from generate_series(1, ${users}) g`);
  await run(`create temporary table grown_users as
    select id, row_number() over (order by id) - 1 as k from users where email like 'grown-%@example.test'`);
  await run(`with picked as (
      select g,
        (${first} + (g * 7919) % ${hotels})::int as hotel_id,
        (1 + (g * 31) % 4)::int as kind,
        ${from} + ((g * 104729) % ${days})::int as checkin,
        (1 + g % 3)::int as nights,
        (array[2, 2, 2, 2, 2, 2, 3, 3, 4, 5])[1 + g % 10] as status
      from generate_series(1::bigint, ${count}) g
    ), made as (
      insert into reservations (order_id, invoice_number, source_id, hotel_id, room_type_id, user_id, total_room,
        checkin_date, checkout_date, created_at, expired_at, updated_at, payment_status_id, guest_name, guest_email,
        day_use_start, day_use_end, block_hours)
      select 'GRW-' || p.g, 'INV/GRW/' || p.g, 1, p.hotel_id, p.hotel_id * 10 + p.kind, u.id, 1 + (p.g % 2)::int,
        p.checkin,
        case when p.hotel_id % 10 = ${(first + 9) % 10} then p.checkin else p.checkin + p.nights end,
        (p.checkin - 7)::timestamptz, (p.checkin - 7)::timestamptz + interval '30 minutes', (p.checkin - 7)::timestamptz,
        p.status, 'Tamu', 'grown@example.test',
        case when p.hotel_id % 10 = ${(first + 9) % 10} then p.checkin + interval '10 hours' end,
        case when p.hotel_id % 10 = ${(first + 9) % 10} then p.checkin + interval '13 hours' end,
        case when p.hotel_id % 10 = ${(first + 9) % 10} then 3 end
      from picked p join grown_users u on u.k = p.g % ${users}
      returning id, room_type_id, hotel_id, checkin_date, checkout_date, total_room, block_hours
    ), nights as (
      insert into reservation_nights (reservation_id, date, room_type_id, rooms, price, fake_price)
      select m.id, m.checkin_date + n, m.room_type_id, case when m.block_hours is null then m.total_room else 0 end,
        150000, 200000
      from made m cross join generate_series(0, greatest(m.checkout_date - m.checkin_date, 1) - 1) n
      returning 1
    )
    insert into reservation_hours (reservation_id, room_type_id, date, hour, rooms)
    select m.id, m.room_type_id, m.checkin_date, hr, m.total_room
    from made m cross join generate_series(10, 12) hr
    where m.block_hours is not null`);
  await run('drop table grown_users');
}

/** The first grown hotel of each kind, and a grown guest with reservations of every kind. */
export const grownPodHotel = GROWN_HOTEL_FIRST_ID;
export const grownHourlyHotel = GROWN_HOTEL_FIRST_ID + 9;
