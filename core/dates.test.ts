import { describe, expect, it } from 'vitest';
import {
  addNights,
  formatDate,
  formatLongDate,
  formatPeriod,
  jakartaDateTime,
  jakartaStartOfDay,
  jakartaToday,
  nightsBetween,
  parseDate,
} from './dates.ts';

describe('the Jakarta calendar', () => {
  it("is seven hours ahead of UTC: 17:00 UTC is already tomorrow's date", () => {
    expect(jakartaToday(new Date('2026-11-24T16:59:59Z')).toString()).toBe('2026-11-24');
    expect(jakartaToday(new Date('2026-11-24T17:00:00Z')).toString()).toBe('2026-11-25');
  });

  it('writes date-times in the API wire format, to the second', () => {
    expect(jakartaDateTime(new Date('2026-11-24T17:30:05.900Z'))).toBe('2026-11-25 00:30:05');
  });

  it('starts a Jakarta day at 17:00 UTC of the day before', () => {
    expect(jakartaStartOfDay('2026-12-01').toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });

  it('counts nights as calendar days, across months and years', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(addNights('2027-02-27', 2)).toBe('2027-03-01');
  });

  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseDate('2026-02-29')).toBeNull();
    expect(parseDate('2028-02-29')?.toString()).toBe('2028-02-29');
    expect(parseDate('2026-1-05')).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });

  it('formats content dates in the reader language', () => {
    expect(formatLongDate('2026-09-14', 'en')).toBe('14 September 2026');
    expect(formatLongDate('2026-08-17', 'id')).toBe('17 Agustus 2026');
    expect(formatPeriod('2026-12-01', '2026-12-31', 'id')).toBe('1 Desember 2026 – 31 Desember 2026');
  });
});

describe('formatDate full (the e-mails)', () => {
  it('writes the weekday and the whole month name in each language', () => {
    expect(formatDate('2026-09-14', 'en', 'full')).toMatch(/^Mon,? 14 September 2026$/);
    expect(formatDate('2026-09-14', 'id', 'full')).toMatch(/^Sen,? 14 September 2026$/);
  });
});
