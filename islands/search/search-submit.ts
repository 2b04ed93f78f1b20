import type { Lang } from '../../core/locales.ts';
import { MAX_NIGHTS_NEW, jakartaToday } from '../../core/dates.ts';
import {
  $search,
  $searchNotice,
  askedInUrl,
  commitSearch,
  dropVoucher,
  lastSearch,
  replaceQuery,
  noticeFor,
  loadHotels,
  loadHourlyHotels,
  searchFromUrl,
  searchHref,
  selectDayUseHotel,
  selectHotel,
  storedVoucher,
} from '../stores/$search.ts';
import type { SearchState } from '../stores/$search.ts';
import { parseStayNowConfig, stayNowDay } from '../lib/stay-dates.ts';

// What pressing Search does, shared by both filter variants.
export const STAY_NOW = parseStayNowConfig(import.meta.env.PUBLIC_STAY_NOW, import.meta.env.PUBLIC_STAY_NOW_HOURS);
export const SCROLL_DELAY_MS = 500;

/**
 * Home (no current hotel): go to the hotel page. Hotel page: the same hotel pushes the URL, searches
 * again and scrolls to the room choice after 500 ms; another hotel loads that hotel's page.
 */
export function runSearch(lang: Lang, state: SearchState, currentHotelId: number | null): void {
  // Day use has no promo code: a kept one goes with overnight searches only.
  const withPromo = { ...state, promocode: state.promocode || (state.dayUse ? '' : storedVoucher()) };
  const href = searchHref(lang, withPromo);
  $searchNotice.set(null);
  if (currentHotelId !== null && currentHotelId === state.hotelId) {
    window.history.pushState(null, '', href);
    restoredUrl = window.location.pathname + window.location.search;
    commitSearch(withPromo);
    window.setTimeout(() => {
      document.getElementById('select-room')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, SCROLL_DELAY_MS);
    return;
  }
  window.location.assign(href);
}

let restoredUrl: string | null = null;

/**
 * The filter's "Remove" of the kept code. On a hotel page searched with it, the page searches again
 * without it (a code from a shared link, not the kept one, stays).
 */
export function forgetVoucher(currentHotelId: number | null): void {
  const kept = storedVoucher();
  dropVoucher();
  const shown = $search.get();
  if (currentHotelId === null || !kept || shown.promocode !== kept) return;
  const state = { ...shown, promocode: '' };
  $search.set(state);
  replaceQuery('promocode');
  restoredUrl = window.location.pathname + window.location.search;
  commitSearch(state);
}

/**
 * Hotel page: read the URL into the store, show that search, and load the hotel's availability (load,
 * back/forward). A change of the fragment only (a tab link such as #facility) is not a new search.
 * When the URL's dates cannot be shown as they are (a passed or unbookable check-in, a stay longer
 * than the hotel sells online), the search shown is the nearest one, the URL says so, and
 * $searchNotice tells the guest what changed and why.
 */
export async function restoreFromUrl(): Promise<void> {
  // A kept code (a promo page's "Book with this code") rides along to a hotel page reached without one
  // (a place result, a comparison, a recommendation), as it does with the filter's searches.
  const query = new URLSearchParams(window.location.search);
  const kept = query.has('promocode') || query.has('hours') ? '' : storedVoucher();
  if (kept) replaceQuery('promocode', kept);
  const url = window.location.pathname + window.location.search;
  if (url === restoredUrl) return;
  restoredUrl = url;
  const state = searchFromUrl(window.location.pathname, window.location.search);
  const asked = askedInUrl(window.location.search);
  $searchNotice.set(null);
  $search.set(state);
  commitSearch(state);
  if (state.dayUse) {
    // Day use: the hourly hotel's day, block and start, as sellable as the URL allows.
    const hourly = await loadHourlyHotels();
    const found = hourly.find((h) => h.id === state.hotelId);
    if (!found) return;
    await selectDayUseHotel(found);
    const shown = $search.get();
    const same = shown.checkin === state.checkin && JSON.stringify(shown.dayUse) === JSON.stringify(state.dayUse);
    if (restoredUrl !== url || same) return;
    window.history.replaceState(null, '', searchHref(document.documentElement.lang === 'id' ? 'id' : 'en', shown));
    restoredUrl = window.location.pathname + window.location.search;
    commitSearch(shown);
    return;
  }
  const hotels = await loadHotels();
  const hotel = hotels.find((h) => h.id === state.hotelId);
  if (!hotel) return;
  await selectHotel(hotel, new Date(), stayNowDay(new Date(), STAY_NOW));
  const shown = $search.get();
  const notice = noticeFor(asked, shown, jakartaToday().toString());
  if (!notice || restoredUrl !== url) return;
  $searchNotice.set(notice);
  if (shown.checkin !== asked.checkin || shown.nights !== asked.nights) {
    const href = searchHref(document.documentElement.lang === 'id' ? 'id' : 'en', shown);
    window.history.replaceState(null, '', href);
    restoredUrl = window.location.pathname + window.location.search;
    commitSearch(shown);
  }
}

/** Home and /search/: show the tab's last search again (coming back from a hotel page). */
export async function restoreLastSearch(): Promise<void> {
  const last = lastSearch(jakartaToday().toString());
  // Nothing to show again: the hotel list waits for the guest (SearchFilter asks for it on intent).
  if (!last) return;
  // What the guest did while the list loaded (a hotel, the other stay kind) wins over the restore.
  const before = $search.get();
  if (last.dayUse) {
    const hourly = await loadHourlyHotels();
    const found = hourly.find((h) => h.id === last.hotelId);
    if (!found || $search.get() !== before) return;
    $search.set({ ...last, slug: found.slug });
    await selectDayUseHotel(found);
    return;
  }
  const hotels = await loadHotels();
  const hotel = hotels.find((h) => h.id === last.hotelId);
  if (!hotel || $search.get() !== before) return;
  $search.set({ ...last, slug: hotel.slug });
  await selectHotel(hotel);
  const s = $search.get();
  if (s.checkin === last.checkin && last.nights <= MAX_NIGHTS_NEW) $search.set({ ...s, nights: last.nights });
}
