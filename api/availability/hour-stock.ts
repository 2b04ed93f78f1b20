import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';

// Hour stock (room_hour_stock, availability.schema.ts): how day use and nights share the same rooms.
// The rule, in api/reservations/README.md ("Day use"): every hour of a room type that sells day use
// counts the rooms taken in it by day-use blocks AND by the nights covering it; a hold takes each of
// its hours with a guarded UPDATE (held + n <= sellable - web stop-sell) and gives back exactly what
// it took (reservation_hours, release-hold.ts).

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

/** The hour spans the nights of `dates` cover (each date is a night). */
export function nightSpans(dates: string[], h: HourRules, nextDay: (d: string) => string): HourSpan[] {
  const w = nightWindow(h);
  return dates.flatMap((d) => [
    { date: d, from: w.fromHour, to: 24 },
    { date: nextDay(d), from: 0, to: w.untilHour },
  ]);
}

/** Whether a room type sells day use (it has blocks), and so keeps hour stock for its nights too. */
export async function sellsDayUse(db: Db, roomTypeId: number): Promise<boolean> {
  const [r] = await rows<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from room_type_blocks where room_type_id = ${roomTypeId}) as ok`,
  );
  return r?.ok === true;
}

/**
 * Make the missing hour rows of the spans. A new row starts with the rooms its covering night has
 * already sold (room_inventory.sold of the date for hours from check-in, of the day before for hours
 * before check-out) and that night's stock. Call it before this transaction takes any night, so a
 * new row never counts this transaction's own rooms twice.
 */
async function ensureHourRows(t: Db, roomTypeId: number, hotelId: number, spans: HourSpan[], h: HourRules) {
  const w = nightWindow(h);
  for (const s of spans) {
    if (s.to <= s.from) continue;
    await rows(
      t,
      sql`insert into room_hour_stock (room_type_id, hotel_id, date, hour, sellable, held)
        select ${roomTypeId}, ${hotelId}, ${s.date}::date, g.hour, coalesce(d.sellable, 0),
          least(coalesce(d.sellable, 0),
            (case when g.hour >= ${w.fromHour} then coalesce(d.sold, 0) else 0 end)
            + (case when g.hour < ${w.untilHour} then coalesce(p.sold, 0) else 0 end))
        from generate_series(${s.from}::int, ${s.to - 1}::int) as g(hour)
        left join room_inventory d on d.room_type_id = ${roomTypeId} and d.date = ${s.date}::date
        left join room_inventory p on p.room_type_id = ${roomTypeId} and p.date = ${s.date}::date - 1
        order by g.hour
        on conflict do nothing`,
    );
  }
}

function spansWhere(spans: HourSpan[]): SQL {
  return sql.join(
    spans
      .filter((s) => s.to > s.from)
      .map((s) => sql`(date = ${s.date}::date and hour >= ${s.from} and hour < ${s.to})`),
    sql` or `,
  );
}

/**
 * Take `n` rooms in every hour of the spans, inside the caller's transaction: lock the hour rows in
 * (date, hour) order (concurrent holds queue, never deadlock), then one guarded UPDATE. Returns the
 * hours taken, or null when any hour has fewer than n web-sellable rooms (the caller rolls back).
 */
export async function takeHours(
  t: Db,
  hold: { roomTypeId: number; hotelId: number; stopSellLimitWeb: number; n: number; spans: HourSpan[] },
  h: HourRules,
): Promise<{ date: string; hour: number }[] | null> {
  const spans = hold.spans.filter((s) => s.to > s.from);
  const wanted = spans.reduce((sum, s) => sum + (s.to - s.from), 0);
  await ensureHourRows(t, hold.roomTypeId, hold.hotelId, spans, h);
  const where = spansWhere(spans);
  await rows(
    t,
    sql`select hour from room_hour_stock where room_type_id = ${hold.roomTypeId} and (${where}) order by date, hour for update`,
  );
  const taken = await rows<{ date: string; hour: number }>(
    t,
    sql`update room_hour_stock set held = held + ${hold.n}
      where room_type_id = ${hold.roomTypeId} and (${where})
        and held + ${hold.n} <= sellable - ${hold.stopSellLimitWeb}
      returning date::text as date, hour`,
  );
  return taken.length === wanted ? taken.map((x) => ({ date: String(x.date), hour: Number(x.hour) })) : null;
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
        (coalesce(s.sellable, i.sellable, 0) - rt.stop_sell_limit_web - coalesce(s.held,
          least(coalesce(i.sellable, 0),
            (case when g.hour >= ${w.fromHour} then coalesce(i.sold, 0) else 0 end)
            + (case when g.hour < ${w.untilHour} then coalesce(p.sold, 0) else 0 end))))::int as free
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
