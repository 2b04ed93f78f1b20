import { Temporal } from '../../core/temporal.ts';
import { errors } from '../http/errors.ts';
import { hotelToday } from './availability.service.ts';
import { AVAILABILITY_WINDOW_DAYS } from '../../core/dates.ts';
import { msg } from '../http/messages.ts';

/**
 * Read a check-in/check-out value as a date in the hotel's zone: a plain date or local date-time is
 * taken as is; an instant (Z or offset) is converted to the hotel's zone first. Nights are then the
 * calendar days between the two dates (Temporal, never milliseconds).
 */
export function stayDate(value: string, timeZone: string, field: string): Temporal.PlainDate {
  const instant = isInstant(value);
  // A plain date reads the same in every zone; an instant depends on the zone.
  return remember(parsedDates, instant ? `${timeZone}|${value}` : value.slice(0, 10), () => {
    try {
      return instant
        ? Temporal.Instant.from(value.replace(' ', 'T')).toZonedDateTimeISO(timeZone).toPlainDate()
        : Temporal.PlainDate.from(value.slice(0, 10), { overflow: 'reject' });
    } catch {
      throw errors.badRequest([{ path: field, message: 'not a valid date' }]);
    }
  });
}

/** Whether a check-in/check-out value is an instant (ends in Z or an offset), read in the hotel's zone. */
export function isInstant(value: string): boolean {
  return value.length > 10 && /(Z|[+-]\d{2}:?\d{2})$/.test(value);
}

/**
 * Pure results remembered (bounded; emptied when full): the same few check-in and check-out values
 * come back on every search, and Temporal's parsing and calendar arithmetic are among the dearest
 * steps of one. PlainDate values are immutable, so sharing them is safe.
 */
const MEMO_MAX = 2_000;
const parsedDates = new Map<string, Temporal.PlainDate>();
const nightsMemo = new Map<string, string[]>();

/** The date of each night from check-in (Temporal calendar arithmetic), for a stay already validated. */
function nightDates(checkIn: Temporal.PlainDate, nights: number): string[] {
  return [
    ...remember(nightsMemo, `${checkIn.toString()}|${nights}`, () =>
      Array.from({ length: nights }, (_, i) => checkIn.add({ days: i }).toString()),
    ),
  ];
}

export type Stay = { checkIn: Temporal.PlainDate; checkOut: Temporal.PlainDate; nights: number; dates: string[] };

/** Value in `map` under `key`, computed once (the map is emptied when it reaches MEMO_MAX). */
export function remember<K, V>(map: Map<K, V>, key: K, compute: () => V): V {
  if (map.has(key)) return map.get(key) as V;
  const value = compute();
  if (map.size >= MEMO_MAX) map.clear();
  map.set(key, value);
  return value;
}

const nightCounts = new Map<string, number>();
/** Check-in bounds of a hotel day (yesterday for Stay Now .. the last day of the window), per `today` object (hotelToday hands out one per zone and day). */
const boundsByToday = new WeakMap<Temporal.PlainDate, { earliest: Temporal.PlainDate; latest: Temporal.PlainDate }>();

export function resolveStay(
  checkInValue: string,
  checkOutValue: string,
  hotel: { timeZone: string; webMaxDuration: number },
  now: Date,
): Stay {
  const checkIn = stayDate(checkInValue, hotel.timeZone, 'checkIn');
  const checkOut = stayDate(checkOutValue, hotel.timeZone, 'checkOut');
  const nights = remember(
    nightCounts,
    `${checkIn.toString()}|${checkOut.toString()}`,
    () => checkIn.until(checkOut, { largestUnit: 'days' }).days,
  );
  if (nights < 1) {
    throw errors.unprocessable('stay_too_short', msg('availability.checkoutBeforeCheckin'));
  }
  const max = hotel.webMaxDuration || 14;
  if (nights > max) {
    throw errors.unprocessable('stay_too_long', msg('availability.maxNights', max));
  }
  const today = hotelToday(now, hotel.timeZone);
  let bounds = boundsByToday.get(today);
  if (!bounds)
    boundsByToday.set(
      today,
      (bounds = { earliest: today.subtract({ days: 1 }), latest: today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 }) }),
    );
  // Stay Now: before 06:00 a guest may still check in on "yesterday's" night.
  if (Temporal.PlainDate.compare(checkIn, bounds.earliest) < 0) {
    throw errors.unprocessable('checkin_in_past', msg('availability.checkinPassed'));
  }
  if (Temporal.PlainDate.compare(checkIn, bounds.latest) > 0) {
    throw errors.unprocessable('checkin_too_far', msg('availability.beyondWindow'));
  }
  return { checkIn, checkOut, nights, dates: nightDates(checkIn, nights) };
}
