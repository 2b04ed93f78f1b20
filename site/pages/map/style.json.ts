import type { APIRoute } from 'astro';
import { offlineStyle } from '../../lib/map/offline-map.ts';

// The embedded default base map's style (site/lib/map/offline-map.ts), used when MAP_STYLE_URL is unset.
export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(offlineStyle()), { headers: { 'Content-Type': 'application/json' } });
