import { Temporal } from '../../core/temporal.ts';
import { AVAILABILITY_WINDOW_DAYS } from '../../core/dates.ts';
import type { Db } from '../platform/database.ts';
import type { Statement } from '../db/query.ts';
import { readStock } from './stock-cache.ts';
import { errors } from '../http/errors.ts';
import { getHotel, hotelNotFound } from '../hotels/hotels.service.ts';
import { msg } from '../http/messages.ts';

export const DEFAULT_MAX_DURATION = 14;

export type DayAvailability = {
  date: string;
  hotel_id: number;
  is_blackout: boolean;
  web_sellable_rooms: number;
  min_price: number | null;
};

export function parsePlainDate(value: string): Temporal.PlainDate {
  try {
    return Temporal.PlainDate.from(value.slice(0, 10), { overflow: 'reject' });
  } catch {
    throw errors.badRequest([{ path: 'date', message: `not a calendar date: ${value.slice(0, 20)}` }]);
  }
}

/**
 * Zone -> the calendar date and the instants [from, to) it covers. A pure function of the instant
 * and the zone, remembered because converting an instant to a zone is one of the dearest steps of
 * a cheap read; any instant outside the remembered day is computed afresh.
 */
const dayByZone = new Map<string, { date: Temporal.PlainDate; from: number; to: number }>();

/** Today in the hotel's own time zone. */
export function hotelToday(now: Date, timeZone: string): Temporal.PlainDate {
  const t = now.getTime();
  const known = dayByZone.get(timeZone);
  if (known && t >= known.from && t < known.to) return known.date;
  const zoned = Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(timeZone);
  const day = {
    date: zoned.toPlainDate(),
    from: zoned.startOfDay().epochMilliseconds,
    to: zoned.add({ days: 1 }).startOfDay().epochMilliseconds,
  };
  if (t >= day.from && t < day.to) dayByZone.set(timeZone, day);
  return day.date;
}

/** The calendar date in UTC; a hotel's own "today" is at most one day either side of it. */
function utcToday(now: Date): Temporal.PlainDate {
  return hotelToday(now, 'UTC');
}

function parseOrError(value: string): Temporal.PlainDate | Error {
  try {
    return parsePlainDate(value);
  } catch (e) {
    return e as Error;
  }
}

/**
 * One round trip (named prepared statement), one row: the hotel's id and zone, and `days`, a JSON
 * array with, for every date of $2..$3, [date, blackout, web-sellable rooms, lowest sellable
 * rate], read from hotel_day_stock (kept exact by triggers, see availability.schema.ts). No row:
 * no such hotel. Both joins are bounded by the range too, so each reads the asked nights by its
 * primary key (hotel, date) and never the other kept days of the hotel. One JSON value instead of a row per date spares the driver 90 rows of decoding.
 */
const AVAILABILITY_DAYS: Statement = {
  name: 'availability_days_v4',
  text: `select h.id as hotel_id, h.time_zone, (
      select coalesce(json_agg(json_build_array(d.date, b.hotel_id is not null, s.web_sellable, s.min_price) order by d.date), '[]'::json)
      from (select g::date as date from generate_series($2::date, $3::date, interval '1 day') g) d
      left join hotel_blackouts b on b.hotel_id = h.id and b.date = d.date and b.date between $2::date and $3::date
      left join hotel_day_stock s on s.hotel_id = h.id and s.date = d.date and s.date between $2::date and $3::date
    )::text as days
    from hotels h where h.id = $1`,
};
type DayRow = [date: string, blackout: boolean, sellable: number | null, minPrice: number | null];
/** The statement's answer as kept by the stock cache (parsed once; shared, never mutated). */
type HotelDays = { hotelId: number; timeZone: string; days: DayRow[] } | null;
const hotelDays = (rows: unknown[]): HotelDays => {
  const row = rows[0] as { hotel_id: number; time_zone: string; days: string } | undefined;
  return row
    ? { hotelId: Number(row.hotel_id), timeZone: row.time_zone, days: JSON.parse(row.days) as DayRow[] }
    : null;
};

/**
 * Per date: blackout flag and rooms sellable on the web (stock minus sold minus the web stop-sell
 * limit, never below zero, summed over the room types). Clamped to today .. today + 89 in the
 * hotel's zone. The statement reads a range wide enough for any zone (UTC date - 1 .. + 90);
 * the exact window is then cut here with Temporal.
 */
export async function roomAvailability(
  db: Db,
  input: { hotelId: number; dateStart: string; dateEnd: string },
  now: Date,
): Promise<DayAvailability[]> {
  const start = parseOrError(input.dateStart);
  const end = parseOrError(input.dateEnd);
  if (start instanceof Error || end instanceof Error) {
    await getHotel(db, input.hotelId);
    throw start instanceof Error ? start : end;
  }
  const utc = utcToday(now);
  const lo = latest(start, utc.subtract({ days: 1 }));
  // Never send a far-off date (years PostgreSQL cannot hold): an empty range stays near today.
  const hi = latest(earliest(end, utc.add({ days: AVAILABILITY_WINDOW_DAYS })), lo.subtract({ days: 1 }));
  const hotel = await readStock(
    db,
    input.hotelId,
    AVAILABILITY_DAYS,
    [input.hotelId, lo.toString(), hi.toString()],
    hotelDays,
  );
  if (!hotel) throw hotelNotFound();
  if (Temporal.PlainDate.compare(end, start) < 0) {
    throw errors.unprocessable('date_range_invalid', msg('availability.endBeforeStart'));
  }
  const today = hotelToday(now, hotel.timeZone);
  const first = latest(start, today).toString();
  const last = earliest(end, today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 })).toString();
  const out: DayAvailability[] = [];
  if (last < first) return out;
  const hotelId = hotel.hotelId;
  for (const [date, blackout, rooms, minPrice] of hotel.days) {
    // ISO dates of this century compare as strings.
    if (date < first || date > last) continue;
    const sellable = blackout || rooms === null ? 0 : rooms;
    out.push({
      date,
      hotel_id: hotelId,
      is_blackout: blackout,
      web_sellable_rooms: sellable,
      min_price: sellable > 0 && minPrice !== null ? minPrice : null,
    });
  }
  return out;
}

const latest = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) >= 0 ? a : b);
const earliest = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) <= 0 ? a : b);

/**
 * One round trip: the hotel (zone, web_max_duration) and, per room type, whether each night from
 * $2 (night 0 = $2) over the hotel's maximum stay is sellable on the web (stock after the web stop-sell limit,
 * and no blackout). No row: no such hotel.
 */
const MAX_DURATION_NIGHTS: Statement = {
  name: 'availability_max_duration_v3',
  text: `with h as (select id, time_zone, web_max_duration from hotels where id = $1)
    select h.id as hotel_id, h.time_zone, h.web_max_duration, n.room_type_id, n.night, n.ok
    from h
    left join lateral (
      select i.room_type_id, (i.date - $2::date)::int as night,
        (free_web_stock(i.sellable, i.sold, rt.stop_sell_limit_web) > 0 and b.hotel_id is null) as ok
      from room_inventory i
      join room_types rt on rt.id = i.room_type_id
      left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
      where i.hotel_id = h.id and i.date between $2::date and $2::date + (coalesce(nullif(h.web_max_duration, 0), ${DEFAULT_MAX_DURATION}) - 1)
    ) n on true
    order by n.room_type_id, n.night`,
};

/** The statement's answer as kept by the stock cache: per room type, sellable[k] for night k after check-in. */
type NightsByType = {
  hotelId: number;
  timeZone: string;
  webMaxDuration: number;
  byType: Map<number, boolean[]>;
} | null;
function nightsByType(rows: unknown[]): NightsByType {
  const found = rows as {
    hotel_id: number;
    time_zone: string;
    web_max_duration: number;
    room_type_id: number | null;
    night: number | null;
    ok: boolean | null;
  }[];
  const hotel = found[0];
  if (!hotel) return null;
  const byType = new Map<number, boolean[]>();
  for (const r of found) {
    if (r.room_type_id === null || r.night === null) continue;
    let nights = byType.get(r.room_type_id);
    if (!nights) byType.set(r.room_type_id, (nights = []));
    nights[r.night] = r.ok === true;
  }
  return {
    hotelId: Number(hotel.hotel_id),
    timeZone: hotel.time_zone,
    webMaxDuration: Number(hotel.web_max_duration),
    byType,
  };
}

/**
 * Longest stay sold on the web from a check-in date: the hotel's web_max_duration (default 14),
 * cut short by the first blackout night and by stock: the best single room type's run of
 * consecutive nights with a web-sellable room. 0 when check-in itself cannot be sold.
 */
export async function roomAvailabilityMaxDuration(
  db: Db,
  input: { hotelId: number; dateStart: string },
  now: Date,
): Promise<{ hotel_id: number; date_start: string; web_max_duration: number }> {
  const start = parseOrError(input.dateStart);
  if (start instanceof Error) {
    await getHotel(db, input.hotelId);
    throw start;
  }
  // A hotel's today is within a day of UTC's, so a check-in outside utc - 2 .. utc + 90 is outside
  // today - 1 .. today + 89 for every zone: no stock to read (and no far-off date sent to SQL).
  const utc = utcToday(now);
  if (
    Temporal.PlainDate.compare(start, utc.subtract({ days: 2 })) < 0 ||
    Temporal.PlainDate.compare(start, utc.add({ days: AVAILABILITY_WINDOW_DAYS })) > 0
  ) {
    const hotel = await getHotel(db, input.hotelId);
    return { hotel_id: hotel.id, date_start: start.toString(), web_max_duration: 0 };
  }
  const hotel = await readStock(
    db,
    input.hotelId,
    MAX_DURATION_NIGHTS,
    [input.hotelId, start.toString()],
    nightsByType,
  );
  if (!hotel) throw hotelNotFound();
  const today = hotelToday(now, hotel.timeZone);
  const cap = hotel.webMaxDuration || DEFAULT_MAX_DURATION;
  const result = { hotel_id: hotel.hotelId, date_start: start.toString(), web_max_duration: 0 };
  // Stay Now: a check-in of yesterday is allowed before 06:00 (see search), so allow today - 1.
  if (Temporal.PlainDate.compare(start, today.subtract({ days: 1 })) < 0) return result;
  if (Temporal.PlainDate.compare(start, today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 })) > 0) return result;
  let best = 0;
  for (const nights of hotel.byType.values()) {
    let run = 0;
    while (run < cap && nights[run] === true) run++;
    best = Math.max(best, run);
  }
  result.web_max_duration = best;
  return result;
}
