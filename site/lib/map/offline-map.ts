import { feature } from 'topojson-client';
import land50m from 'world-atlas/land-50m.json' with { type: 'json' };

// The embedded default base map (issue 28, item 3): a MapLibre style the site serves itself, so the
// results map works with no network. Its one source is Natural Earth's 1:50m land (public domain,
// through the world-atlas package), cut to the islands around Indonesia and rounded to about 100 m;
// no tiles, no fonts, no sprites. Production points MAP_STYLE_URL at a hosted OpenStreetMap style.

/** Indonesia and its neighbours, [west, south, east, north]: the land kept. */
export const MAP_BOUNDS: [number, number, number, number] = [90, -15, 145, 10];
export const OFFLINE_STYLE_PATH = '/map/style.json';
export const OFFLINE_LAND_PATH = '/map/land.json';

type Position = number[];
type Geometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

const round = (p: Position): Position => [Math.round(p[0]! * 1000) / 1000, Math.round(p[1]! * 1000) / 1000];

function touches(ring: Position[]): boolean {
  const [west, south, east, north] = MAP_BOUNDS;
  return ring.some(([x, y]) => x! >= west && x! <= east && y! >= south && y! <= north);
}

/** The land polygons that reach into MAP_BOUNDS, rounded. */
export function offlineLand() {
  const topology = land50m as unknown as Parameters<typeof feature>[0];
  const all = feature(topology, topology.objects.land!) as unknown as { features: { geometry: Geometry }[] };
  const polygons: Position[][][] = [];
  for (const f of all.features) {
    const parts = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const part of parts) if (touches(part[0]!)) polygons.push(part.map((ring) => ring.map(round)));
  }
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: polygons } }],
  };
}

/** The style: sea as the background, land over it. The path is the site's own (MapLibre resolves it against the page). */
export function offlineStyle() {
  return {
    version: 8,
    name: 'Bobobox offline',
    sources: {
      land: {
        type: 'geojson',
        data: OFFLINE_LAND_PATH,
        attribution: 'Natural Earth (public domain)',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#cfe6f3' } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f3f1ea', 'fill-outline-color': '#9bb3c2' } },
    ],
  };
}
