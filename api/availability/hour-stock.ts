import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';

// Hour stock (room_hour_stock, availability.schema.ts): how day use and nights share the same rooms.
// The rule, in api/reservations/README.md ("Day use"): every hour of a room type that sells day use
// counts the rooms taken in it by day-use blocks AND by the nights covering it; a hold takes each of
// its hours with a guarded UPDATE (held + n <= sellable - web stop-sell), inside reservation_hold
// (api/reservations/sql/reservation-hold.sql, which makes missing rows as hourFree below counts them), and gives back
// exactly what it took (reservation_hours, release-hold.ts).

/** The hotel fields that place a night and a block on the clock. */
export type HourRules = { checkInTime: string; checkOutTime: string };

/** A run of hours [from, to) on one hotel-local date. */
export type HourSpan = { date: string; from: number; to: number };

/**
 * The hours a night covers: from check-in (rounded down to the hour) to midnight on its own date, and
 * from midnight to check-out (rounded up) on the next date. 14:00 / 12:00: hours 14..23 and 0..11.
 */
export function nightWindow(h: HourRules): { fromHour: number; untilHour: number } {
  const [ih] = h.checkInTime.split(':').map(Number);
  const [oh, om = 0] = h.checkOutTime.split(':').map(Number);
  return { fromHour: ih, untilHour: Math.min(24, oh + (om > 0 ? 1 : 0)) };
}

export type HourFree = { roomTypeId: number; date: string; hour: number; free: number };

/**
 * Rooms still sellable on the web per room type that sells day use, date and hour of [fromHour,
 * toHour) over the dates: from the hour rows, or for an hour no hold has touched yet, from the nights
 * that cover it (the same start a new row gets). Every stock join is bounded by the hotel's room types
 * and the dates asked, so it reads those days through the primary key, never the rest of the year.
 */
export async function hourFree(
  db: Db,
  q: { hotelId: number; dateFrom: string; dateTo: string; fromHour: number; toHour: number; roomTypeId?: number },
  h: HourRules,
): Promise<HourFree[]> {
  const w = nightWindow(h);
  const found = await rows<{ room_type_id: number; date: string; hour: number; free: number }>(
    db,
    sql`select rt.id as room_type_id, d.date::text as date, g.hour,
        free_web_stock(coalesce(s.sellable, i.sellable, 0), coalesce(s.held,
          least(coalesce(i.sellable, 0),
            (case when g.hour >= ${w.fromHour} then coalesce(i.sold, 0) else 0 end)
            + (case when g.hour < ${w.untilHour} then coalesce(p.sold, 0) else 0 end)
            + (case when g.hour >= ${w.untilHour} and g.hour < ${w.fromHour}
                 then least(coalesce(i.sold, 0), coalesce(p.sold, 0)) else 0 end))), rt.stop_sell_limit_web)::int as free
      from room_types rt
      cross join (select x::date as date from generate_series(${q.dateFrom}::date, ${q.dateTo}::date, interval '1 day') x) d
      cross join generate_series(${q.fromHour}::int, ${q.toHour - 1}::int) as g(hour)
      left join (
        select x.room_type_id, x.date, x.hour, x.sellable, x.held from room_hour_stock x
        where x.room_type_id in (select id from room_types where hotel_id = ${q.hotelId})
          and x.date between ${q.dateFrom}::date and ${q.dateTo}::date
      ) s on s.room_type_id = rt.id and s.date = d.date and s.hour = g.hour
      left join room_inventory i on i.room_type_id = rt.id and i.date = d.date
        and i.date between ${q.dateFrom}::date and ${q.dateTo}::date
      left join room_inventory p on p.room_type_id = rt.id and p.date = d.date - 1
        and p.date between ${q.dateFrom}::date - 1 and ${q.dateTo}::date - 1
      where rt.hotel_id = ${q.hotelId}
        and exists (select 1 from room_type_blocks b where b.room_type_id = rt.id)
        ${q.roomTypeId === undefined ? sql`` : sql`and rt.id = ${q.roomTypeId}`}
      order by rt.id, d.date, g.hour`,
  );
  return found.map((r) => ({
    roomTypeId: Number(r.room_type_id),
    date: String(r.date),
    hour: Number(r.hour),
    free: Number(r.free),
  }));
}
