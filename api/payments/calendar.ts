import { Temporal } from '../../core/temporal.ts';
import { formatRupiah, zoneLabel } from '../../core/money.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import type { ApiLang } from '../http/errors.ts';

// An RFC 5545 calendar file for a confirmed stay, written by hand: the stay begins and ends at the
// hotel's local check-in and check-out times in the hotel's own zone (DTSTART;TZID=Asia/Jakarta:
// ...T140000), which the `ics` package cannot express (it writes UTC or floating times only).
// Lines end in CRLF and are folded at 75 octets (RFC 5545 section 3.1).

export type StayEvent = {
  uid: string;
  /** DTSTAMP: when the file was made (written in UTC). */
  stamp: Date;
  timeZone: string;
  /** Hotel-local date (YYYY-MM-DD) and time (HH:mm) of check-in and check-out. */
  start: { date: string; time: string };
  end: { date: string; time: string };
  summary: string;
  description: string;
  location: string;
  geo?: { lat: number; lon: number };
  url?: string;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT values (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Fold a content line into physical lines of at most 75 octets: the continuation lines start with
 * one space (which counts towards their 75). A UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const two = (n: number) => String(n).padStart(2, '0');
/** 20261126T140000 (local, for TZID values and VTIMEZONE onsets). */
const localStamp = (d: Temporal.PlainDateTime) =>
  `${d.year}${two(d.month)}${two(d.day)}T${two(d.hour)}${two(d.minute)}${two(d.second)}`;
/** 20261126T031530Z */
const utcStamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
/** +0700 */
const offsetOf = (z: Temporal.ZonedDateTime) => z.offset.replace(':', '').slice(0, 5);

/**
 * The VTIMEZONE of a zone around the stay: its offset since the zone's last change (Indonesia's
 * zones have kept theirs for decades: WIB +0700, WITA +0800, WIT +0900). A zone that changes its
 * offset during the stay (daylight saving) is written in UTC instead: returns null.
 */
function vtimezone(timeZone: string, start: Temporal.ZonedDateTime, end: Temporal.ZonedDateTime): string[] | null {
  const next = start.getTimeZoneTransition('next');
  if (next && Temporal.ZonedDateTime.compare(next, end) <= 0) return null;
  const previous = start.getTimeZoneTransition('previous');
  const before = previous?.subtract({ nanoseconds: 1 });
  const to = offsetOf(start);
  const from = before ? offsetOf(before) : to;
  // The onset is written in the local time that was in force before it (TZOFFSETFROM).
  const onset = previous
    ? localStamp(previous.toInstant().toZonedDateTimeISO(before!.offset).toPlainDateTime())
    : '19700101T000000';
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${from}`,
    `TZOFFSETTO:${to}`,
    `TZNAME:${escapeText(zoneLabel(timeZone))}`,
    `DTSTART:${onset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

/** The stay as a one-event iCalendar file (text/calendar, METHOD:PUBLISH). */
export function stayCalendar(e: StayEvent): string {
  const local = (p: { date: string; time: string }) =>
    Temporal.PlainDate.from(p.date).toPlainDateTime(Temporal.PlainTime.from(p.time));
  const start = local(e.start);
  const end = local(e.end);
  const zonedStart = start.toZonedDateTime(e.timeZone);
  const zonedEnd = end.toZonedDateTime(e.timeZone);
  const zone = vtimezone(e.timeZone, zonedStart, zonedEnd);
  const when = (name: string, plain: Temporal.PlainDateTime, zoned: Temporal.ZonedDateTime) =>
    zone ? `${name};TZID=${e.timeZone}:${localStamp(plain)}` : `${name}:${utcStamp(new Date(zoned.epochMilliseconds))}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bobobox//Booking confirmation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone ?? []),
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    when('DTSTART', start, zonedStart),
    when('DTEND', end, zonedEnd),
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    ...(e.geo ? [`GEO:${e.geo.lat};${e.geo.lon}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

const emails = { en: emailEn, id: emailId };

/**
 * When the stay begins and ends, hotel-local: the block's own times for day use, else check-in and
 * check-out at the hotel's times.
 */
export function stayBounds(d: Pick<CalendarData, 'checkIn' | 'checkOut' | 'hotel' | 'dayUse'>) {
  if (d.dayUse)
    return {
      start: { date: d.dayUse.start.slice(0, 10), time: d.dayUse.startTime },
      end: { date: d.dayUse.end.slice(0, 10), time: d.dayUse.endTime },
    };
  return {
    start: { date: d.checkIn, time: d.hotel.checkInTime },
    end: { date: d.checkOut, time: d.hotel.checkOutTime },
  };
}

/**
 * The stay as an RFC 5545 file, in the hotel's zone: check-in to check-out at the hotel's own times,
 * or a day-use block from its start to its end.
 */
export type DayUseBlock = { hours: number; start: string; end: string; startTime: string; endTime: string };

/** A paid stay as its calendar file (and the confirmation e-mail, which adds the guest and the price) tells it. */
export type CalendarData = {
  lang: ApiLang;
  orderId: string;
  /** When the file (its DTSTAMP), or the e-mail that carries it, was made. */
  issuedAt: Date;
  hotel: {
    name: string;
    address: string;
    telephone: string;
    timeZone: string;
    checkInTime: string;
    checkOutTime: string;
    latitude: number;
    longitude: number;
  };
  roomName: string;
  pods: number;
  checkIn: string; // YYYY-MM-DD
  checkOut: string;
  /** A day-use stay's block (null or absent for nights): it replaces the hotel's check-in and check-out times. */
  dayUse?: DayUseBlock | null;
  /** What was charged. */
  paid: number;
  siteUrl: string;
  reservationId: number;
};
export function calendarFile(d: CalendarData): string {
  const c = emails[d.lang].confirmation;
  const block = d.dayUse ? `${c.dayUse}: ${c.dayUseBlock(d.dayUse.hours, d.dayUse.startTime, d.dayUse.endTime)}\n` : '';
  return stayCalendar({
    uid: `${d.orderId}@bobobox`,
    stamp: d.issuedAt,
    timeZone: d.hotel.timeZone,
    ...stayBounds(d),
    summary: d.dayUse ? c.dayUseEvent(d.hotel.name, d.dayUse.hours) : c.event(d.hotel.name),
    description: `${c.order}: ${d.orderId}\n${block}${c.room}: ${d.roomName} x ${d.pods}\n${c.paid}: ${formatRupiah(d.paid)}`,
    location: `${d.hotel.name}, ${d.hotel.address}`,
    geo: { lat: d.hotel.latitude, lon: d.hotel.longitude },
    url: `${d.siteUrl}${d.lang === 'id' ? '/id' : ''}/payment/status/${d.reservationId}/`,
  });
}
