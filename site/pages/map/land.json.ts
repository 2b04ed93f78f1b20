import type { APIRoute } from 'astro';
import { offlineLand } from '../../lib/map/offline-map.ts';

// The offline base map's land (Natural Earth 1:50m, public domain), cut to Indonesia's region.
export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(offlineLand()), { headers: { 'Content-Type': 'application/json' } });
