import { Temporal } from './temporal.ts';
import type { Lang } from './locales.ts';
import { LOCALES } from './locales.ts';

// The product's calendar (STYLE.md #11): dates are Temporal values in Asia/Jakarta; nights are calendar
// days, never milliseconds added to a Date. Every side (API, site, islands, server) takes today, the
// availability window and the display of dates from here.

export const JAKARTA = 'Asia/Jakarta';
/** Guests book and see prices up to 90 days ahead, today included (spec section 9). */
export const AVAILABILITY_WINDOW_DAYS = 90;
/** New search filter: at most 14 nights; old filter: 15 (spec section 9). */
export const MAX_NIGHTS_NEW = 14;
export const MAX_NIGHTS_OLD = 15;

export function zonedNow(now: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
}

export function jakartaNow(now: Date = new Date()): Temporal.ZonedDateTime {
  return zonedNow(now, JAKARTA);
}

/** Today's date in Jakarta: the business calendar of promos, points and the seed's stock window. */
export function jakartaToday(now: Date = new Date()): Temporal.PlainDate {
  return jakartaNow(now).toPlainDate();
}

/** 'YYYY-MM-DD HH:mm:ss' in Jakarta, the wire format of the API's date-times. */
export function jakartaDateTime(d: Date): string {
  const z = jakartaNow(d);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

/** An API date-time ('YYYY-MM-DD HH:mm:ss', Jakarta: jakartaDateTime's format) as epoch milliseconds. */
export function jakartaEpoch(dateTime: string): number {
  return Temporal.PlainDateTime.from(dateTime.replace(' ', 'T')).toZonedDateTime(JAKARTA).epochMilliseconds;
}

/** The instant a Jakarta calendar day starts. */
export function jakartaStartOfDay(date: Temporal.PlainDate | string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: JAKARTA }).epochMilliseconds);
}

/** A strict `YYYY-MM-DD` (no overflow), or null. */
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

const DATE_STYLES = {
  long: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  full: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Stay dates: "Sen, 14 Sep 2026" / "Mon, 14 Sep 2026" (long, the islands), "14 Sep" (short), or
 * "Sen, 14 September 2026" (full, the e-mails).
 */
export function formatDate(date: string, lang: Lang, style: keyof typeof DATE_STYLES = 'long'): string {
  return Temporal.PlainDate.from(date.slice(0, 10)).toLocaleString(LOCALES[lang].bcp47, DATE_STYLES[style]);
}

/** "14 September 2026" for a YYYY-MM-DD date, on content pages (legal updates, promo periods). */
export function formatLongDate(date: string, lang: Lang): string {
  return Temporal.PlainDate.from(date).toLocaleString(LOCALES[lang].bcp47, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export function formatPeriod(start: string, end: string, lang: Lang): string {
  return `${formatLongDate(start, lang)} – ${formatLongDate(end, lang)}`;
}

export function monthLabel(month: Temporal.PlainYearMonth, lang: Lang): string {
  return month.toPlainDate({ day: 1 }).toLocaleString(LOCALES[lang].bcp47, { month: 'long', year: 'numeric' });
}
