import { Temporal } from 'temporal-polyfill';

// Stay dates are Temporal.PlainDate in Asia/Jakarta (STYLE.md #11): nights are calendar days,
// never milliseconds added to a Date.
export const JAKARTA = 'Asia/Jakarta';
export const AVAILABILITY_WINDOW_DAYS = 90;
/** New filter: at most 14 nights; old filter: 15 (spec section 9). */
export const MAX_NIGHTS_NEW = 14;
export const MAX_NIGHTS_OLD = 15;

export function jakartaNow(now: Date = new Date()): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(JAKARTA);
}

export function jakartaToday(now: Date = new Date()): Temporal.PlainDate {
  return jakartaNow(now).toPlainDate();
}

export function parseDate(value: string | null | undefined): Temporal.PlainDate | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

export function addNights(checkin: string, nights: number): string {
  return Temporal.PlainDate.from(checkin).add({ days: nights }).toString();
}

export function nightsBetween(checkin: string, checkout: string): number {
  return Temporal.PlainDate.from(checkin).until(Temporal.PlainDate.from(checkout), { largestUnit: 'days' }).days;
}

/** The Stay Now window: hours [from, to] inclusive in Jakarta, read from the public flags. */
export type StayNowConfig = { enabled: boolean; from: number; to: number };

export function parseStayNowConfig(flag: string | undefined, hours: string | undefined): StayNowConfig {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(hours ?? '');
  const from = m ? Number(m[1]) : 0;
  const to = m ? Number(m[2]) : 5;
  return { enabled: flag !== 'off', from: Math.min(from, 23), to: Math.min(to, 23) };
}

/**
 * Whether to offer Stay Now: the guest searches inside the window (00:00-05:59 by default) for a
 * check-in of today, when last night is still the night they want.
 */
export function offersStayNow(now: Date, checkin: string, config: StayNowConfig): boolean {
  if (!config.enabled) return false;
  const z = jakartaNow(now);
  return z.hour >= config.from && z.hour <= config.to && checkin === z.toPlainDate().toString();
}

/** Stay now: the check-in moves back one day, the nights stay the same. */
export function stayNowCheckin(checkin: string): string {
  return Temporal.PlainDate.from(checkin).subtract({ days: 1 }).toString();
}

/** A month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthGrid(month: Temporal.PlainYearMonth): (Temporal.PlainDate | null)[][] {
  const first = month.toPlainDate({ day: 1 });
  const lead = first.dayOfWeek - 1; // Monday = 1 in ISO
  const cells: (Temporal.PlainDate | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= month.daysInMonth; d++) cells.push(month.toPlainDate({ day: d }));
  while (cells.length % 7) cells.push(null);
  const weeks: (Temporal.PlainDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
