// The order and filter of the place results, one rule for the server's render of /search/ and the
// page script that re-applies it live (site/scripts/place-results.ts): sort by relevance (the API's
// order), lowest total (sold out last) or distance from the landmark (none last), ties kept in
// relevance order; keep pods, cabins or both, and totals up to a maximum (sold out drops out then).

export type PlaceSort = 'relevance' | 'price' | 'distance';
export type PlaceKind = 'all' | 'pod' | 'cabin';
export type PlaceView = { sort: PlaceSort; kind: PlaceKind; max: number | null };

export type Orderable = { rank: number; total: number | null; distanceKm: number | null; isCabin: boolean };

/** The view a query asks for; anything unknown falls back to the default. */
export function placeView(params: URLSearchParams): PlaceView {
  const sort = params.get('sort');
  const kind = params.get('kind');
  const max = (params.get('max') ?? '').trim();
  return {
    sort: sort === 'price' || sort === 'distance' ? sort : 'relevance',
    kind: kind === 'pod' || kind === 'cabin' ? kind : 'all',
    max: /^\d{1,9}$/.test(max) ? Number(max) : null,
  };
}

/** Whether a result passes the view's filters. */
export function shownIn(view: PlaceView, item: Orderable): boolean {
  if (view.kind !== 'all' && (view.kind === 'cabin') !== item.isCabin) return false;
  return view.max === null || (item.total !== null && item.total <= view.max);
}

const LAST = Number.MAX_SAFE_INTEGER;

/** The results in the view's order (every one, shown or not). */
export function ordered<T extends Orderable>(view: PlaceView, items: readonly T[]): T[] {
  const key = (item: T) =>
    view.sort === 'price' ? (item.total ?? LAST) : view.sort === 'distance' ? (item.distanceKm ?? LAST) : 0;
  return [...items].sort((a, b) => key(a) - key(b) || a.rank - b.rank);
}
