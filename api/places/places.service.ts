import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import type { ApiLang } from '../http/errors.ts';
import { searchRooms } from '../search/search.service.ts';

// Find a stay by place (issue 28, item 1): one text box takes a branch, city, area or landmark, in
// Indonesian or English, tolerant of typos and missing spaces. The database ranks it: pg_trgm
// (similarity, strict_word_similarity for a word inside a longer name, and similarity with spaces removed) over every branch's name, city,
// the areas of its address, its landmarks in both languages, and the place aliases (place_aliases:
// "jogja", "bali", ...). A branch scores by its best term; a landmark match carries its distance.
// The terms are precomputed in place_terms (migration 0028, kept in step by triggers on hotels and
// place_aliases) under trigram indexes: a query scores only the terms the indexes hand it.

/** A term must be at least this similar to count (pg_trgm default 0.3; 0.55 keeps "bandung" from matching "bandara"). */
export const PLACE_MATCH_THRESHOLD = 0.55;
const MAX_QUERY = 80;

export type PlaceMatch = {
  id: number;
  slug: string;
  name: string;
  city: string;
  isCabin: boolean;
  pictureUrl: string;
  latitude: number;
  longitude: number;
  /** What matched: the branch's name, its city (or an alias of it), an area of its address, a landmark. */
  matched: 'name' | 'city' | 'alias' | 'area' | 'landmark';
  score: number;
  /** When a landmark matched: its name in the request's language and the branch's distance from it. */
  landmark: { name: string; distanceKm: number } | null;
};

/** The query as it is compared: lower case, single spaces, at most MAX_QUERY characters; '' for nothing. */
export function normaliseQuery(q: string): string {
  return q.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

const KIND_ORDER: Record<PlaceMatch['matched'], number> = { name: 0, landmark: 1, alias: 2, city: 2, area: 3 };

/** How many branches the suggestions name, and the most a results page lists (each is priced). */
export const PLACE_SUGGESTIONS_MAX = 10;
export const PLACE_RESULTS_MAX = 30;

/** Branches matching a place, best first (by score, then the kind of match, then name), at most `limit`. */
export async function findPlaces(
  db: Db,
  query: string,
  lang: ApiLang,
  limit = PLACE_RESULTS_MAX,
): Promise<PlaceMatch[]> {
  const q = normaliseQuery(query);
  if (q.length < 2) return [];
  const compact = q.replace(/ /g, '');
  // The start of a word ("malio", "tunj"): the trigram index narrows by "contains", the score checks the word start.
  const contains = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await rows<{
    id: number;
    slug: string;
    name: string;
    city: string;
    is_cabin: number;
    picture_url: string;
    latitude: number;
    longitude: number;
    kind: PlaceMatch['matched'];
    score: number;
    km: number | null;
    label_id: string | null;
    label_en: string | null;
  }>(
    db,
    sql`with candidates as (
          -- The trigram indexes hand over every term that could reach the threshold: pg_trgm's own
          -- thresholds (similarity 0.3, strict word 0.5) sit below PLACE_MATCH_THRESHOLD.
          select * from place_terms t
          where t.term % ${q} or t.term %>> ${q} or t.compact % ${compact}
             ${q.length >= 3 ? sql`or t.term like ${contains}` : sql``}
        ),
        scored as (
          -- A word inside a longer name counts for names, areas and landmarks ("malioboro" in
          -- "Jalan Malioboro"); a city or alias is typed whole ("jakarta" is not inside "jogjakarta").
          select c.*, greatest(
                   similarity(c.term, ${q}),
                   case when c.kind in ('city', 'alias') then 0 else strict_word_similarity(${q}, c.term) end,
                   similarity(c.compact, ${compact}),
                   -- What a guest has typed so far: the start of a word of the term ("malio", "tunj").
                   ${q.length >= 3 ? sql`case when position(' ' || ${q} in ' ' || c.term) > 0 then 0.8 else 0 end` : sql`0`}
                 ) as score
          from candidates c
        ),
        best as (
          select distinct on (hotel_id) hotel_id, kind, score, km, label_id, label_en from scored
          where score >= ${PLACE_MATCH_THRESHOLD}
          order by hotel_id, score desc, km asc nulls last
        )
        select h.id, h.slug, h.name, h.city, h.is_cabin, h.picture_url, h.latitude, h.longitude,
               b.kind, b.score::float8 as score, b.km, b.label_id, b.label_en
        from best b join hotels h on h.id = b.hotel_id
        order by b.score desc, case b.kind when 'name' then 0 when 'landmark' then 1 when 'area' then 3 else 2 end,
                 coalesce(b.km, 0), h.name
        limit ${limit}`,
  );
  return found
    .map((f) => ({
      id: Number(f.id),
      slug: f.slug,
      name: f.name,
      city: f.city,
      isCabin: Number(f.is_cabin) === 1,
      pictureUrl: f.picture_url,
      latitude: Number(f.latitude),
      longitude: Number(f.longitude),
      matched: f.kind,
      score: Math.round(Number(f.score) * 1000) / 1000,
      landmark:
        f.kind === 'landmark' && f.km !== null
          ? { name: (lang === 'id' ? f.label_id : f.label_en) ?? '', distanceKm: Number(f.km) }
          : null,
    }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER[a.matched] - KIND_ORDER[b.matched] ||
        (a.landmark?.distanceKm ?? 0) - (b.landmark?.distanceKm ?? 0) ||
        a.name.localeCompare(b.name),
    );
}

export type PlaceStay = PlaceMatch & {
  /** The lowest total for the nights (one room, tax and service included, as the hotel page shows it); null when sold out. */
  lowestTotal: number | null;
  /** Sold out, or not sold on the web for these dates (too long a stay, an hourly hotel). */
  soldOut: boolean;
};

/** Every branch matching a place, with its lowest total for the nights or sold out. */
export async function placeStays(
  db: Db,
  input: { q: string; checkIn: string; checkOut: string },
  ctx: { now: Date; lang: ApiLang },
): Promise<{ nights: number | null; results: PlaceStay[] }> {
  const places = await findPlaces(db, input.q, ctx.lang);
  let nights: number | null = null;
  const results: PlaceStay[] = [];
  let refused: ApiError | null = null;
  for (const place of places) {
    try {
      const found = await searchRooms(
        db,
        {
          hotelId: place.id,
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          isUsedGiftCertificate: false,
          promoCode: '',
        },
        ctx,
      );
      nights = found.nights;
      const open = found.roomTypes.filter((rt) => rt.roomRemaining > 0).map((rt) => rt.totalPrice);
      results.push({ ...place, lowestTotal: open.length ? Math.min(...open) : null, soldOut: open.length === 0 });
    } catch (error) {
      // A date this branch does not sell (past its web window, longer than it allows): not bookable.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      refused ??= error;
      results.push({ ...place, lowestTotal: null, soldOut: true });
    }
  }
  // Dates no branch sells (in the past, the wrong way round): say why, as the hotel search does.
  if (refused && nights === null) throw refused;
  return { nights, results };
}

/** How many branches the recommendations name, and how many nearest branches they try at most. */
export const NEARBY_SIZE = 4;
const NEARBY_TRIED = 12;

export type NearbyStay = {
  id: number;
  slug: string;
  name: string;
  city: string;
  isCabin: boolean;
  pictureUrl: string;
  /** Straight-line distance from the branch the guest is looking at, in km (one decimal). */
  distanceKm: number;
  /** The lowest total for the nights (one room, tax and service included). */
  lowestTotal: number;
};

/**
 * "Other places you might like" (spec, hotel page; issue 28, item 5): the nearest other nightly
 * branches that still have a room free for the same nights, nearest first, with their lowest total.
 * At most NEARBY_TRIED of the nearest are priced, so a sold-out region costs a bounded number of
 * searches; dates a branch does not sell leave it out.
 */
export async function nearbyStays(
  db: Db,
  input: { hotelId: number; checkIn: string; checkOut: string },
  ctx: { now: Date; lang: ApiLang },
): Promise<{ nights: number | null; results: NearbyStay[] }> {
  const candidates = await rows<{
    id: number;
    slug: string;
    name: string;
    city: string;
    is_cabin: number;
    picture_url: string;
    km: number;
  }>(
    db,
    sql`select o.id, o.slug, o.name, o.city, o.is_cabin, o.picture_url,
               -- haversine, earth radius 6371 km
               2 * 6371 * asin(sqrt(
                 power(sin(radians(o.latitude - h.latitude) / 2), 2) +
                 cos(radians(h.latitude)) * cos(radians(o.latitude)) * power(sin(radians(o.longitude - h.longitude) / 2), 2)
               )) as km
        from hotels h join hotels o on o.id <> h.id and o.type_id = 1
        where h.id = ${input.hotelId}
        order by km, o.id
        limit ${NEARBY_TRIED}`,
  );
  let nights: number | null = null;
  const results: NearbyStay[] = [];
  for (const c of candidates) {
    if (results.length >= NEARBY_SIZE) break;
    try {
      const found = await searchRooms(
        db,
        {
          hotelId: Number(c.id),
          checkIn: input.checkIn,
          checkOut: input.checkOut,
          isUsedGiftCertificate: false,
          promoCode: '',
        },
        ctx,
      );
      nights = found.nights;
      const open = found.roomTypes.filter((rt) => rt.roomRemaining > 0).map((rt) => rt.totalPrice);
      if (!open.length) continue;
      results.push({
        id: Number(c.id),
        slug: c.slug,
        name: c.name,
        city: c.city,
        isCabin: Number(c.is_cabin) === 1,
        pictureUrl: c.picture_url,
        distanceKm: Math.round(Number(c.km) * 10) / 10,
        lowestTotal: Math.min(...open),
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
  }
  return { nights, results };
}
