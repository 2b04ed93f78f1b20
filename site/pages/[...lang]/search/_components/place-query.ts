// What the place pages (/search/ and /search/compare/) read from their query string, and the hotel
// link they both make: the place typed, the stay's dates (tomorrow for one night when absent or not
// a date), and the hotel page with those dates kept.
import { jakartaToday } from '../../../../../core/dates.ts';
import { localizedPath, type Lang } from '../../../../../core/locales.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function placeQuery(params: URLSearchParams) {
  const today = jakartaToday();
  const date = (value: string | null, days: number) =>
    DATE.test(value ?? '') ? value! : today.add({ days }).toString();
  return {
    today,
    q: (params.get('q') ?? '').trim().slice(0, 80),
    checkin: date(params.get('checkin'), 1),
    checkout: date(params.get('checkout'), 2),
  };
}

/** The hotel page of a branch for these dates. */
export function hotelHref(lang: Lang, hotel: { id: number; slug: string }, checkin: string, checkout: string): string {
  const query = new URLSearchParams({ checkin, checkout, id: String(hotel.id) });
  return `${localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/`)}?${query}`;
}
