import { describe, expect, test } from 'vitest';
import { canSearchDayUse, fitDayUse, isDayUseSelectable, searchFromUrl, searchHref } from './$search.ts';
import type { DayUseBlockInfo } from './$search.ts';

const days: Record<string, DayUseBlockInfo[]> = {
  '2030-05-01': [
    { hours: 3, minPrice: 58_000, starts: [8, 9, 10] },
    { hours: 6, minPrice: 87_000, starts: [] },
    { hours: 12, minPrice: 123_000, starts: [8] },
  ],
  '2030-05-02': [{ hours: 3, minPrice: null, starts: [] }],
};

describe('day-use search in the URL', () => {
  test('?checkin=&hours=&start=&id= is a day-use search, and goes back to the same URL', () => {
    const s = searchFromUrl('/search/3-bobobox-soekarno-hatta-transit/', '?checkin=2030-05-01&hours=3&start=10&id=3');
    expect(s).toMatchObject({ hotelId: 3, checkin: '2030-05-01', dayUse: { hours: 3, start: 10 } });
    expect(searchHref('en', s)).toBe(
      '/search/3-bobobox-soekarno-hatta-transit/?checkin=2030-05-01&hours=3&start=10&id=3',
    );
    expect(searchHref('id', s)).toBe(
      '/id/search/3-bobobox-soekarno-hatta-transit/?checkin=2030-05-01&hours=3&start=10&id=3',
    );
  });

  test('a nightly URL has no day use; a start that is not an hour is left to choose; hours out of range are ignored', () => {
    expect(searchFromUrl('/search/3-x/', '?checkin=2030-05-01&checkout=2030-05-02').dayUse).toBeUndefined();
    expect(searchFromUrl('/search/3-x/', '?checkin=2030-05-01&hours=6&start=abc').dayUse).toEqual({
      hours: 6,
      start: null,
    });
    expect(searchFromUrl('/search/3-x/', '?checkin=2030-05-01&hours=99&start=10').dayUse).toBeUndefined();
  });
});

describe('day-use choice', () => {
  test('a day is selectable when a block has a start left', () => {
    expect(isDayUseSelectable('2030-05-01', '2030-04-30', days)).toBe(true);
    expect(isDayUseSelectable('2030-05-02', '2030-04-30', days)).toBe(false);
    expect(isDayUseSelectable('2030-05-01', '2030-05-02', days)).toBe(false);
  });

  test('keeps a sellable block and start, else the first ones sellable', () => {
    expect(fitDayUse(days, '2030-05-01', { hours: 3, start: 9 })).toEqual({ hours: 3, start: 9 });
    expect(fitDayUse(days, '2030-05-01', { hours: 3, start: 15 })).toEqual({ hours: 3, start: 8 });
    expect(fitDayUse(days, '2030-05-01', { hours: 6, start: 9 })).toEqual({ hours: 3, start: 9 });
    expect(fitDayUse(days, '2030-05-02', { hours: 3, start: 9 })).toEqual({ hours: 3, start: null });
  });

  test('search needs a hotel and a start still sellable for the block', () => {
    const base = { hotelId: 3, slug: 'x', checkin: '2030-05-01', nights: 1, promocode: '' };
    expect(canSearchDayUse({ ...base, dayUse: { hours: 12, start: 8 } }, days)).toBe(true);
    expect(canSearchDayUse({ ...base, dayUse: { hours: 12, start: 9 } }, days)).toBe(false);
    expect(canSearchDayUse({ ...base, dayUse: { hours: 3, start: null } }, days)).toBe(false);
    expect(canSearchDayUse({ ...base, hotelId: null, dayUse: { hours: 3, start: 8 } }, days)).toBe(false);
  });
});
