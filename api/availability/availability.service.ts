import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { errors } from '../http/errors.ts';
import { getHotel } from '../hotels/hotels.service.ts';
import { sweepExpiredForReads } from '../reservations/expiry.ts';

export const AVAILABILITY_WINDOW_DAYS = 90;
export const DEFAULT_MAX_DURATION = 14;

export type DayAvailability = { date: string; hotel_id: number; is_blackout: boolean; web_sellable_rooms: number; min_price: number | null };

export function parsePlainDate(value: string): Temporal.PlainDate {
  try {
    return Temporal.PlainDate.from(value.slice(0, 10), { overflow: 'reject' });
  } catch {
    throw errors.badRequest([{ path: 'date', message: `not a calendar date: ${value.slice(0, 20)}` }]);
  }
}

/** Today in the hotel's own time zone. */
export function hotelToday(now: Date, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
}

/**
 * Per date: blackout flag and rooms sellable on the web (stock minus sold minus the web stop-sell
 * limit, never below zero, summed over the room types). Clamped to today .. today + 89.
 */
export async function roomAvailability(db: Db, input: { hotelId: number; dateStart: string; dateEnd: string }, now: Date): Promise<DayAvailability[]> {
  const hotel = await getHotel(db, input.hotelId);
  await sweepExpiredForReads(db, now);
  const today = hotelToday(now, hotel.timeZone);
  const lastDay = today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 });
  let start = parsePlainDate(input.dateStart);
  let end = parsePlainDate(input.dateEnd);
  if (Temporal.PlainDate.compare(end, start) < 0) {
    throw errors.unprocessable('date_range_invalid', { id: 'Tanggal akhir harus setelah tanggal awal.', en: 'The end date must not be before the start date.' });
  }
  if (Temporal.PlainDate.compare(start, today) < 0) start = today;
  if (Temporal.PlainDate.compare(end, lastDay) > 0) end = lastDay;
  if (Temporal.PlainDate.compare(end, start) < 0) return [];
  const found = await rows<{ date: string; sellable: number; min_price: number | null; blackout: boolean }>(
    db,
    sql`select i.date::text as date,
          sum(greatest(i.sellable - i.sold - rt.stop_sell_limit_web, 0))::int as sellable,
          min(case when i.sellable - i.sold - rt.stop_sell_limit_web > 0 then i.price end)::int as min_price,
          bool_or(b.hotel_id is not null) as blackout
        from room_inventory i
        join room_types rt on rt.id = i.room_type_id
        left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
        where i.hotel_id = ${hotel.id} and i.date between ${start.toString()}::date and ${end.toString()}::date
        group by i.date`,
  );
  const byDate = new Map(found.map((r) => [String(r.date), r]));
  const blackouts = await rows<{ date: string }>(
    db,
    sql`select date::text as date from hotel_blackouts where hotel_id = ${hotel.id} and date between ${start.toString()}::date and ${end.toString()}::date`,
  );
  const closed = new Set(blackouts.map((b) => String(b.date)));
  const out: DayAvailability[] = [];
  for (let d = start; Temporal.PlainDate.compare(d, end) <= 0; d = d.add({ days: 1 })) {
    const key = d.toString();
    const r = byDate.get(key);
    const isBlackout = closed.has(key);
    const sellable = isBlackout || !r ? 0 : Number(r.sellable);
    out.push({ date: key, hotel_id: hotel.id, is_blackout: isBlackout, web_sellable_rooms: sellable, min_price: sellable > 0 && r?.min_price != null ? Number(r.min_price) : null });
  }
  return out;
}

/**
 * Longest stay sold on the web from a check-in date: the hotel's web_max_duration (default 14),
 * cut short by the first blackout night and by stock: the best single room type's run of
 * consecutive nights with a web-sellable room. 0 when check-in itself cannot be sold.
 */
export async function roomAvailabilityMaxDuration(db: Db, input: { hotelId: number; dateStart: string }, now: Date): Promise<{ hotel_id: number; date_start: string; web_max_duration: number }> {
  const hotel = await getHotel(db, input.hotelId);
  await sweepExpiredForReads(db, now);
  const start = parsePlainDate(input.dateStart);
  const today = hotelToday(now, hotel.timeZone);
  const cap = hotel.webMaxDuration || DEFAULT_MAX_DURATION;
  const result = { hotel_id: hotel.id, date_start: start.toString(), web_max_duration: 0 };
  // Stay Now: a check-in of yesterday is allowed before 06:00 (see search), so allow today - 1.
  if (Temporal.PlainDate.compare(start, today.subtract({ days: 1 })) < 0) return result;
  if (Temporal.PlainDate.compare(start, today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 })) > 0) return result;
  const end = start.add({ days: cap - 1 });
  const found = await rows<{ room_type_id: number; date: string; ok: boolean }>(
    db,
    sql`select i.room_type_id, i.date::text as date,
          (i.sellable - i.sold - rt.stop_sell_limit_web > 0 and b.hotel_id is null) as ok
        from room_inventory i
        join room_types rt on rt.id = i.room_type_id
        left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
        where i.hotel_id = ${hotel.id} and i.date between ${start.toString()}::date and ${end.toString()}::date
        order by i.room_type_id, i.date`,
  );
  const byType = new Map<number, Map<string, boolean>>();
  for (const r of found) {
    const m = byType.get(r.room_type_id) ?? new Map<string, boolean>();
    m.set(String(r.date), r.ok);
    byType.set(r.room_type_id, m);
  }
  let best = 0;
  for (const nights of byType.values()) {
    let run = 0;
    for (let d = start; run < cap && nights.get(d.toString()) === true; d = d.add({ days: 1 })) run++;
    best = Math.max(best, run);
  }
  result.web_max_duration = best;
  return result;
}
