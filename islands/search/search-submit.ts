import type { Lang } from '../../core/locales.ts';
import {
  $search,
  commitSearch,
  loadHotels,
  searchFromUrl,
  searchHref,
  selectHotel,
  storedVoucher,
} from '../stores/$search.ts';
import type { SearchState } from '../stores/$search.ts';
import { parseStayNowConfig } from '../lib/stay-dates.ts';

// What pressing Search does, shared by both filter variants.
export const STAY_NOW = parseStayNowConfig(import.meta.env.PUBLIC_STAY_NOW, import.meta.env.PUBLIC_STAY_NOW_HOURS);
export const SCROLL_DELAY_MS = 500;

/**
 * Home (no current hotel): go to the hotel page. Hotel page: the same hotel pushes the URL, searches
 * again and scrolls to the room choice after 500 ms; another hotel loads that hotel's page.
 */
export function runSearch(lang: Lang, state: SearchState, currentHotelId: number | null): void {
  const withPromo = { ...state, promocode: state.promocode || storedVoucher() };
  const href = searchHref(lang, withPromo);
  if (currentHotelId !== null && currentHotelId === state.hotelId) {
    window.history.pushState(null, '', href);
    commitSearch(withPromo);
    window.setTimeout(() => {
      document.getElementById('select-room')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, SCROLL_DELAY_MS);
    return;
  }
  window.location.assign(href);
}

/** Hotel page: read the URL into the store, show that search, and load the hotel's availability (load, back/forward). */
export async function restoreFromUrl(): Promise<void> {
  const state = searchFromUrl(window.location.pathname, window.location.search);
  $search.set(state);
  commitSearch(state);
  const hotels = await loadHotels();
  const hotel = hotels.find((h) => h.id === state.hotelId);
  if (hotel) await selectHotel(hotel);
}
