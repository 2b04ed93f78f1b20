import { describe, expect, it } from 'vitest';
import { ordered, placeView, shownIn, type Orderable } from './place-order.ts';

const items: (Orderable & { slug: string })[] = [
  { slug: 'a', rank: 0, total: 300_000, distanceKm: 2.5, isCabin: false },
  { slug: 'b', rank: 1, total: null, distanceKm: 0.4, isCabin: false },
  { slug: 'c', rank: 2, total: 150_000, distanceKm: null, isCabin: true },
  { slug: 'd', rank: 3, total: 150_000, distanceKm: 1, isCabin: false },
];
const view = (query: string) => placeView(new URLSearchParams(query));
const slugs = (query: string) =>
  ordered(view(query), items)
    .filter((i) => shownIn(view(query), i))
    .map((i) => i.slug);

describe('the place results view', () => {
  it('keeps the API order by default and for anything unknown', () => {
    expect(slugs('')).toEqual(['a', 'b', 'c', 'd']);
    expect(slugs('sort=cheapest&kind=villa&max=lots')).toEqual(['a', 'b', 'c', 'd']);
  });
  it('sorts by total with sold out last and ties in relevance order, by distance with none last', () => {
    expect(slugs('sort=price')).toEqual(['c', 'd', 'a', 'b']);
    expect(slugs('sort=distance')).toEqual(['b', 'd', 'a', 'c']);
  });
  it('filters by kind and by a maximum total, which drops the sold out', () => {
    expect(slugs('kind=cabin')).toEqual(['c']);
    expect(slugs('kind=pod&sort=price')).toEqual(['d', 'a', 'b']);
    expect(slugs('max=200000')).toEqual(['c', 'd']);
    expect(slugs('max=0')).toEqual([]);
  });
});
