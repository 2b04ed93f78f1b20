// Server side of the hotel page: the page asks the booking API over loopback HTTP (never the
// database, STYLE.md), as the public web client, and keeps answers for a minute in memory.
import type { Lang } from '../../../../../core/locales.ts';

export interface HotelShell {
  id: number;
  slug: string;
  name: string;
  city: string;
  isCabin: number;
  description: string;
  address: string;
  pictureUrl: string;
  latitude: number;
  longitude: number;
  checkInTime: string;
  checkOutTime: string;
  timeZoneLabel: string;
  telephone: string;
  email: string;
  type: { id: number; name: string };
  facilities: { code: string; name: string }[];
  galleries: { url: string; type: string; status: number }[];
  localities: { name: string; landmarks: { name: string; distanceKm: number }[] }[];
}

export const HOTEL_CACHE_SECONDS = 60;

function apiBase(): string {
  const explicit = process.env.API_INTERNAL_URL;
  if (explicit) return explicit.replace(/\/$/, '');
  return `http://127.0.0.1:${process.env.PORT ?? '4321'}`;
}
const clientId = () => process.env.WEB_CLIENT_ID ?? 'bobobox-web';
const apiKey = () => process.env.WEB_API_KEY ?? 'dev-only-web-api-key';

let token: { value: string; exp: number } | null = null;
const cache = new Map<Lang, { at: number; hotels: Promise<HotelShell[]> }>();

async function clientToken(): Promise<string> {
  if (token && token.exp > Date.now() + 30_000) return token.value;
  const res = await fetch(`${apiBase()}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': apiKey() },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId() }),
  });
  if (!res.ok) throw new Error(`client token: HTTP ${res.status}`);
  const body = (await res.json()) as { access_token: string; expires_in: number };
  token = { value: body.access_token, exp: Date.now() + body.expires_in * 1000 };
  return token.value;
}

async function fetchHotels(lang: Lang): Promise<HotelShell[]> {
  const res = await fetch(`${apiBase()}/api/clients/v1/hotel?hotelTypeId=-1`, {
    headers: { authorization: `Bearer ${await clientToken()}`, 'x-api-key': apiKey(), 'accept-language': lang },
  });
  if (!res.ok) throw new Error(`hotels: HTTP ${res.status}`);
  return ((await res.json()) as { data: HotelShell[] }).data;
}

/** Every hotel in one language, cached for HOTEL_CACHE_SECONDS. */
export function listHotelShells(lang: Lang): Promise<HotelShell[]> {
  const hit = cache.get(lang);
  if (hit && Date.now() - hit.at < HOTEL_CACHE_SECONDS * 1000) return hit.hotels;
  const hotels = fetchHotels(lang);
  cache.set(lang, { at: Date.now(), hotels });
  hotels.catch(() => cache.delete(lang));
  return hotels;
}

/** Other branches of the same kind (pods for pods, cabins for cabins), nearest city first. */
export function recommendations(all: HotelShell[], hotel: HotelShell, size = 4): HotelShell[] {
  return all
    .filter((h) => h.id !== hotel.id && h.isCabin === hotel.isCabin && h.type.id === 1)
    .sort((a, b) => Number(b.city === hotel.city) - Number(a.city === hotel.city) || a.id - b.id)
    .slice(0, size);
}
