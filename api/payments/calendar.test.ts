import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, stayCalendar } from './calendar.ts';
import type { StayEvent } from './calendar.ts';

// The confirmation's calendar file, read line by line as RFC 5545 says a reader must: physical lines
// end in CRLF and are at most 75 octets, continuation lines start with one space (unfolded first).

const event = (over: Partial<StayEvent> = {}): StayEvent => ({
  uid: 'BBX-20261126-0001@bobobox',
  stamp: new Date('2026-11-26T03:15:30.250Z'),
  timeZone: 'Asia/Jakarta',
  start: { date: '2026-12-01', time: '14:00' },
  end: { date: '2026-12-03', time: '12:00' },
  summary: 'Stay at Bobobox Blok M, Jakarta; pods',
  description:
    'Order ID: BBX-20261126-0001\nRoom: Single Sky x 2\nTotal paid: Rp 703.900 — a line long enough to need folding, with “curly quotes” and é',
  location: 'Bobobox Blok M, Jl. Panglima Polim No. 12, Kebayoran Baru, Jakarta Selatan',
  geo: { lat: -6.2443, lon: 106.7998 },
  url: 'http://127.0.0.1:4461/payment/status/42/',
  ...over,
});

/** Physical lines (every one must end in CRLF), then the content lines they unfold to. */
function parse(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  const physical = ics.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/); // no bare CR or LF anywhere
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  const content: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) content[content.length - 1] += line.slice(1);
    else content.push(line);
  }
  return { physical, content };
}
const prop = (content: string[], name: string) => content.filter((l) => l.split(/[;:]/)[0] === name);

describe('stayCalendar (RFC 5545)', () => {
  it('CRLF lines, folded at 75 octets without splitting a character; unfolding gives the text back', () => {
    const { physical, content } = parse(stayCalendar(event()));
    expect(physical.length).toBeGreaterThan(content.length); // something was folded
    const [description] = prop(content, 'DESCRIPTION');
    expect(description).toBe(
      'DESCRIPTION:Order ID: BBX-20261126-0001\\nRoom: Single Sky x 2\\nTotal paid: Rp 703.900 — a line long enough to need folding\\, with “curly quotes” and é',
    );
    expect(prop(content, 'SUMMARY')).toEqual(['SUMMARY:Stay at Bobobox Blok M\\, Jakarta\\; pods']);
  });

  it('check-in 14:00 and check-out 12:00 in the hotel zone, with its VTIMEZONE; DTSTAMP in UTC; a UID', () => {
    const { content } = parse(stayCalendar(event()));
    expect(content.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Bobobox//Booking confirmation//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(prop(content, 'DTSTART')[1]).toBe('DTSTART;TZID=Asia/Jakarta:20261201T140000');
    expect(prop(content, 'DTEND')).toEqual(['DTEND;TZID=Asia/Jakarta:20261203T120000']);
    expect(prop(content, 'DTSTAMP')).toEqual(['DTSTAMP:20261126T031530Z']);
    expect(prop(content, 'UID')).toEqual(['UID:BBX-20261126-0001@bobobox']);
    expect(prop(content, 'GEO')).toEqual(['GEO:-6.2443;106.7998']);
    // The VTIMEZONE the TZID names, before the event.
    const tz = content.slice(content.indexOf('BEGIN:VTIMEZONE'), content.indexOf('END:VTIMEZONE') + 1);
    expect(tz).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Jakarta',
      'X-LIC-LOCATION:Asia/Jakarta',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0730',
      'TZOFFSETTO:+0700',
      'TZNAME:WIB',
      'DTSTART:19640101T000000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(content.indexOf('END:VTIMEZONE')).toBeLessThan(content.indexOf('BEGIN:VEVENT'));
    expect(content.at(-1)).toBe('END:VCALENDAR');
    expect(content.filter((l) => l.startsWith('BEGIN:')).length).toBe(
      content.filter((l) => l.startsWith('END:')).length,
    );
  });

  it("uses the hotel's own zone (WITA for Bali)", () => {
    const { content } = parse(stayCalendar(event({ timeZone: 'Asia/Makassar' })));
    expect(prop(content, 'DTSTART')[1]).toBe('DTSTART;TZID=Asia/Makassar:20261201T140000');
    expect(content).toContain('TZID:Asia/Makassar');
    expect(content).toContain('TZOFFSETTO:+0800');
    expect(content).toContain('TZNAME:WITA');
  });

  it('a zone whose offset changes during the stay is written in UTC instead (no wrong VTIMEZONE)', () => {
    // Europe/Amsterdam leaves summer time on 2026-10-25.
    const ics = stayCalendar(
      event({
        timeZone: 'Europe/Amsterdam',
        start: { date: '2026-10-24', time: '14:00' },
        end: { date: '2026-10-26', time: '12:00' },
      }),
    );
    const { content } = parse(ics);
    expect(content).not.toContain('BEGIN:VTIMEZONE');
    expect(prop(content, 'DTSTART')).toEqual(['DTSTART:20261024T120000Z']);
    expect(prop(content, 'DTEND')).toEqual(['DTEND:20261026T110000Z']);
  });
});

describe('text escaping and folding', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
  it('folds multi-byte text on character boundaries, each physical line at most 75 octets', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });
});
