// Server side of the hotel page: the page asks the booking API in process (site/lib/page-api.ts; never
// the database, STYLE.md), as the public web client, and keeps answers for a minute in memory.
import type { Lang } from '../../../../../core/locales.ts';
import { createServerClient } from '../../../../../islands/lib/api-client.ts';
import type { HotelShell } from '../../../../../core/contracts/responses.ts';
import { IN_PROCESS_ORIGIN, type ApiFetch } from '../../../../lib/page-api.ts';

export const HOTEL_CACHE_SECONDS = 60;

// The islands' client (islands/lib/api-client.ts): the same token rules, defaults and errors.
let api: ReturnType<typeof createServerClient> | null = null;
const cache = new Map<Lang, { at: number; hotels: Promise<HotelShell[]> }>();

/** The page's one API client in this process: its client token is asked for once, not per render. */
export function hotelPageClient(apiFetch: ApiFetch): ReturnType<typeof createServerClient> {
  return (api ??= createServerClient(IN_PROCESS_ORIGIN, apiFetch));
}

async function fetchHotels(lang: Lang, apiFetch: ApiFetch): Promise<HotelShell[]> {
  const body = await hotelPageClient(apiFetch).openCall<{ data: HotelShell[] }>(
    { path: 'clients/v1/hotel', query: { hotelTypeId: -1 } },
    lang,
  );
  return body.data;
}

/** Every hotel in one language, cached for HOTEL_CACHE_SECONDS. */
export function listHotelShells(
  lang: Lang,
  apiFetch: ApiFetch,
  maxAgeMs = HOTEL_CACHE_SECONDS * 1000,
): Promise<HotelShell[]> {
  const hit = cache.get(lang);
  if (hit && Date.now() - hit.at < maxAgeMs) return hit.hotels;
  const hotels = fetchHotels(lang, apiFetch);
  cache.set(lang, { at: Date.now(), hotels });
  hotels.catch(() => cache.delete(lang));
  return hotels;
}

/**
 * The list with the hotel `id` in it when it exists: a hotel opened since the list was cached is
 * found at once, by reading the list again (a fresh read, never one that started before this
 * request). Unknown ids cost one in-process call each.
 */
export async function hotelShellsWith(lang: Lang, id: number, apiFetch: ApiFetch): Promise<HotelShell[]> {
  const all = await listHotelShells(lang, apiFetch);
  if (all.some((h) => h.id === id)) return all;
  return listHotelShells(lang, apiFetch, 0);
}

/** Other branches of the same kind (pods for pods, cabins for cabins), nearest city first. */
export function recommendations(all: HotelShell[], hotel: HotelShell, size = 4): HotelShell[] {
  return all
    .filter((h) => h.id !== hotel.id && h.isCabin === hotel.isCabin && h.type.id === 1)
    .sort((a, b) => Number(b.city === hotel.city) - Number(a.city === hotel.city) || a.id - b.id)
    .slice(0, size);
}
