import { Temporal } from 'temporal-polyfill';
import { errors } from '../http/errors.ts';
import { AVAILABILITY_WINDOW_DAYS, hotelToday } from './availability.service.ts';

/**
 * Read a check-in/check-out value as a date in the hotel's zone: a plain date or local date-time is
 * taken as is; an instant (Z or offset) is converted to the hotel's zone first. Nights are then the
 * calendar days between the two dates (Temporal, never milliseconds).
 */
export function stayDate(value: string, timeZone: string, field: string): Temporal.PlainDate {
  const instant = /(Z|[+-]\d{2}:?\d{2})$/.test(value) && value.length > 10;
  // A plain date reads the same in every zone; an instant depends on the zone.
  const key = instant ? `${timeZone}|${value}` : value.slice(0, 10);
  const known = parsedDates.get(key);
  if (known) return known;
  let date: Temporal.PlainDate;
  try {
    date = instant
      ? Temporal.Instant.from(value.replace(' ', 'T')).toZonedDateTimeISO(timeZone).toPlainDate()
      : Temporal.PlainDate.from(value.slice(0, 10), { overflow: 'reject' });
  } catch {
    throw errors.badRequest([{ path: field, message: 'not a valid date' }]);
  }
  if (parsedDates.size >= MEMO_MAX) parsedDates.clear();
  parsedDates.set(key, date);
  return date;
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
  const key = `${checkIn.toString()}|${nights}`;
  let dates = nightsMemo.get(key);
  if (!dates) {
    dates = Array.from({ length: nights }, (_, i) => checkIn.add({ days: i }).toString());
    if (nightsMemo.size >= MEMO_MAX) nightsMemo.clear();
    nightsMemo.set(key, dates);
  }
  return [...dates];
}

export type Stay = { checkIn: Temporal.PlainDate; checkOut: Temporal.PlainDate; nights: number; dates: string[] };

export function resolveStay(checkInValue: string, checkOutValue: string, hotel: { timeZone: string; webMaxDuration: number }, now: Date): Stay {
  const checkIn = stayDate(checkInValue, hotel.timeZone, 'checkIn');
  const checkOut = stayDate(checkOutValue, hotel.timeZone, 'checkOut');
  const nights = checkIn.until(checkOut, { largestUnit: 'days' }).days;
  if (nights < 1) {
    throw errors.unprocessable('stay_too_short', { id: 'Tanggal check-out harus setelah check-in.', en: 'Check-out must be after check-in.' });
  }
  const max = hotel.webMaxDuration || 14;
  if (nights > max) {
    throw errors.unprocessable('stay_too_long', { id: `Lama menginap maksimal ${max} malam.`, en: `You can stay at most ${max} nights.` });
  }
  const today = hotelToday(now, hotel.timeZone);
  // Stay Now: before 06:00 a guest may still check in on "yesterday's" night.
  if (Temporal.PlainDate.compare(checkIn, today.subtract({ days: 1 })) < 0) {
    throw errors.unprocessable('checkin_in_past', { id: 'Tanggal check-in sudah lewat.', en: 'The check-in date has passed.' });
  }
  if (Temporal.PlainDate.compare(checkIn, today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 })) > 0) {
    throw errors.unprocessable('checkin_too_far', { id: 'Pemesanan hanya bisa untuk 90 hari ke depan.', en: 'Bookings open only 90 days ahead.' });
  }
  return { checkIn, checkOut, nights, dates: nightDates(checkIn, nights) };
}
