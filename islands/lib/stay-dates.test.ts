import { Temporal } from '../../core/temporal.ts';
import { describe, expect, test } from 'vitest';
import { monthGrid, offersStayNow, parseStayNowConfig, stayNowCheckin, stayNowDay } from './stay-dates.ts';
import { addNights, jakartaToday, nightsBetween } from '../../core/dates.ts';

const at = (iso: string) => new Date(iso);

describe('stay dates in Asia/Jakarta', () => {
  test('today is the Jakarta date, not the UTC one', () => {
    expect(jakartaToday(at('2030-05-01T18:30:00Z')).toString()).toBe('2030-05-02');
    expect(jakartaToday(at('2030-05-01T16:59:00Z')).toString()).toBe('2030-05-01');
  });
  test('nights are calendar days (leap day, year end)', () => {
    expect(addNights('2028-02-28', 1)).toBe('2028-02-29');
    expect(addNights('2030-12-31', 14)).toBe('2031-01-14');
    expect(nightsBetween('2028-02-27', '2028-03-01')).toBe(3);
  });
  test('Stay Now is offered 00:00-05:59 for a check-in of today only, when enabled', () => {
    const config = parseStayNowConfig(undefined, undefined);
    expect(config).toEqual({ enabled: true, from: 0, to: 5 });
    expect(offersStayNow(at('2030-05-01T19:00:00Z'), '2030-05-02', config)).toBe(true); // 02:00 WIB
    expect(offersStayNow(at('2030-05-01T22:59:00Z'), '2030-05-02', config)).toBe(true); // 05:59 WIB
    expect(offersStayNow(at('2030-05-01T23:00:00Z'), '2030-05-02', config)).toBe(false); // 06:00 WIB
    expect(offersStayNow(at('2030-05-01T16:59:00Z'), '2030-05-01', config)).toBe(false); // 23:59 WIB
    expect(offersStayNow(at('2030-05-01T19:00:00Z'), '2030-05-03', config)).toBe(false); // not tonight
    expect(offersStayNow(at('2030-05-01T19:00:00Z'), '2030-05-02', parseStayNowConfig('off', '0-5'))).toBe(false);
    expect(offersStayNow(at('2030-05-01T21:00:00Z'), '2030-05-02', parseStayNowConfig('on', '0-3'))).toBe(false); // 04:00 WIB
    expect(stayNowCheckin('2030-03-01')).toBe('2030-02-28');
  });
  test('last night is a search date only while the Stay Now window is open', () => {
    const config = parseStayNowConfig(undefined, undefined);
    expect(stayNowDay(at('2030-05-01T19:00:00Z'), config)).toBe('2030-05-01'); // 02:00 WIB on 2 May
    expect(stayNowDay(at('2030-05-01T23:00:00Z'), config)).toBeNull(); // 06:00 WIB
    expect(stayNowDay(at('2030-05-01T19:00:00Z'), parseStayNowConfig('off', '0-5'))).toBeNull();
  });
  test('month grid starts on Monday', () => {
    const weeks = monthGrid(Temporal.PlainYearMonth.from('2030-05')); // 1 May 2030 is a Wednesday
    expect(weeks[0].slice(0, 3)).toEqual([null, null, expect.anything()]);
    expect(weeks[0][2]?.toString()).toBe('2030-05-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});
