import * as v from 'valibot';
import { PlainDateString, PositiveInt } from './common.ts';

// Find a stay by place (issue 28): the query of the suggestions and of the results page, and their
// answers (api/places). Loose objects, as in responses.ts: answers may carry more.

const n = v.number();
const s = v.string();
const obj = v.looseObject;

/** A place as typed: at least 2 characters of a branch, city, area or landmark (up to 80 are read). */
export const PlaceQuery = v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(200)) });
export const PlaceStaysQuery = v.object({
  q: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(200)),
  checkin: PlainDateString,
  checkout: PlainDateString,
});

/** The recommendations of a hotel page: the branch and the nights. */
export const NearbyQuery = v.object({
  hotelId: PositiveInt,
  checkin: PlainDateString,
  checkout: PlainDateString,
});

export const PlaceMatchSchema = obj({
  id: n,
  slug: s,
  name: s,
  city: s,
  isCabin: v.boolean(),
  pictureUrl: s,
  latitude: n,
  longitude: n,
  matched: v.picklist(['name', 'city', 'alias', 'area', 'landmark']),
  score: n,
  landmark: v.nullable(obj({ name: s, distanceKm: n })),
});
export type PlaceMatchView = v.InferOutput<typeof PlaceMatchSchema>;

export const PlaceStaySchema = obj({
  ...PlaceMatchSchema.entries,
  lowestTotal: v.nullable(n),
  soldOut: v.boolean(),
});
export type PlaceStayView = v.InferOutput<typeof PlaceStaySchema>;
export const PlaceStaysSchema = obj({ nights: v.nullable(n), results: v.array(PlaceStaySchema) });
export type PlaceStaysView = v.InferOutput<typeof PlaceStaysSchema>;

export const NearbyStaySchema = obj({
  id: n,
  slug: s,
  name: s,
  city: s,
  isCabin: v.boolean(),
  pictureUrl: s,
  distanceKm: n,
  lowestTotal: n,
});
export const NearbyStaysSchema = obj({ nights: v.nullable(n), results: v.array(NearbyStaySchema) });
export type NearbyStaysView = v.InferOutput<typeof NearbyStaysSchema>;
