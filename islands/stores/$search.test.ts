import { describe, expect, test } from 'vitest';
import {
  canSearch,
  durationOptions,
  firstSelectableDay,
  isDaySelectable,
  parseHotelParam,
  searchFromUrl,
  searchHref,
} from './$search.ts';
import type { DayInfo } from './$search.ts';

const day = (sellable: number, blackout = false, minPrice: number | null = 150_000): DayInfo => ({
  sellable,
  blackout,
  minPrice,
});

describe('search state in the URL', () => {
  test('parses /search/{id-slug}/ with checkin, checkout, id and promocode', () => {
    expect(
      searchFromUrl(
        '/id/search/12-bobobox-blok-m/',
        '?checkin=2030-05-01&checkout=2030-05-04&id=12&promocode=BOBOHEMAT',
      ),
    ).toEqual({
      hotelId: 12,
      slug: 'bobobox-blok-m',
      checkin: '2030-05-01',
      nights: 3,
      promocode: 'BOBOHEMAT',
    });
  });
  test('bad or missing values fall back safely', () => {
    expect(searchFromUrl('/search/', '?checkin=2030-02-30&checkout=x&id=-4&promocode=%3Cscript%3E')).toEqual({
      hotelId: null,
      slug: '',
      checkin: null,
      nights: 1,
      promocode: '',
    });
    // Over the 14-night limit of the new filter: one night.
    expect(searchFromUrl('/search/3-a/', '?checkin=2030-05-01&checkout=2030-05-20').nights).toBe(14);
    expect(searchFromUrl('/search/3-a/', '?checkin=2030-05-01T14:00:00&checkout=2030-05-03 12:00:00').nights).toBe(2);
  });
  test('builds the link with check-out = check-in + nights (across months and years)', () => {
    expect(searchHref('en', { hotelId: 7, slug: 'x-y', checkin: '2030-12-30', nights: 3, promocode: '' })).toBe(
      '/search/7-x-y/?checkin=2030-12-30&checkout=2031-01-02&id=7',
    );
    expect(
      searchHref('id', { hotelId: 7, slug: 'x-y', checkin: '2030-02-27', nights: 2, promocode: 'STAYLAGI25' }),
    ).toBe('/id/search/7-x-y/?checkin=2030-02-27&checkout=2030-03-01&id=7&promocode=STAYLAGI25');
  });
  test('round trip', () => {
    const s = { hotelId: 101, slug: 'bobocabin-baturraden', checkin: '2030-03-30', nights: 14, promocode: '' };
    const href = searchHref('en', s);
    const [path, query] = href.split('?');
    expect(searchFromUrl(path, `?${query}`)).toEqual(s);
  });
  test('hotel param is id-slug', () => {
    expect(parseHotelParam('12-some-slug')).toEqual({ id: 12, slug: 'some-slug' });
    expect(parseHotelParam('some-slug')).toBeNull();
    expect(parseHotelParam('12')).toBeNull();
  });
});

describe('filter rules', () => {
  test('durations above the max are disabled; unknown max disables all', () => {
    const opts = durationOptions(3);
    expect(opts).toHaveLength(14);
    expect(opts.filter((o) => !o.disabled).map((o) => o.nights)).toEqual([1, 2, 3]);
    expect(durationOptions(null).every((o) => o.disabled)).toBe(true);
    expect(durationOptions(15, 15)).toHaveLength(15);
  });
  test('search needs a hotel, a check-in and a max duration above 0 covering the nights', () => {
    const s = { hotelId: 1, slug: 'a', checkin: '2030-01-01', nights: 2, promocode: '' };
    expect(canSearch(s, 14)).toBe(true);
    expect(canSearch(s, 0)).toBe(false);
    expect(canSearch(s, null)).toBe(false);
    expect(canSearch(s, 1)).toBe(false);
    expect(canSearch({ ...s, hotelId: null }, 14)).toBe(false);
    expect(canSearch({ ...s, checkin: null }, 14)).toBe(false);
  });
  test('past days, blackouts, sold days and days outside the window are not selectable', () => {
    const days = { '2030-01-01': day(3), '2030-01-02': day(0), '2030-01-03': day(4, true), '2030-01-04': day(1) };
    expect(isDaySelectable('2029-12-31', '2030-01-01', { '2029-12-31': day(5) })).toBe(false);
    expect(isDaySelectable('2030-01-01', '2030-01-01', days)).toBe(true);
    expect(isDaySelectable('2030-01-02', '2030-01-01', days)).toBe(false);
    expect(isDaySelectable('2030-01-03', '2030-01-01', days)).toBe(false);
    expect(isDaySelectable('2030-01-09', '2030-01-01', days)).toBe(false);
    expect(firstSelectableDay('2030-01-02', days)).toBe('2030-01-04');
  });
});
