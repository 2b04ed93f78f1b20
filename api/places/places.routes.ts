import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import { documented } from '../http/contract.ts';
import { nowOf } from '../platform/clock.ts';
import {
  NearbyQuery,
  NearbyStaysSchema,
  PlaceMatchSchema,
  PlaceQuery,
  PlaceStaysQuery,
  PlaceStaysSchema,
} from '../../core/contracts/places.ts';
import { findPlaces, nearbyStays, PLACE_SUGGESTIONS_MAX, placeStays } from './places.service.ts';

/** Place search (issue 28): the suggestions as a guest types, and every branch of a place with its total. */
export function placesRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get(
    '/clients/v1/places',
    documented({
      response: v.array(PlaceMatchSchema),
      summary:
        'Branches matching a city, area or landmark (Indonesian or English, typos tolerated), best first (the 10 best)',
      auth: 'client',
      query: PlaceQuery,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(PlaceQuery, c.req.query());
      return c.json({ data: await findPlaces(deps.database.db, q.q, requestLang(c), PLACE_SUGGESTIONS_MAX) });
    },
  );
  app.get(
    '/clients/v1/places/stays',
    documented({
      response: PlaceStaysSchema,
      summary:
        'Every branch matching a place (the 30 best), with its lowest total for the nights (tax and service included) or sold out',
      auth: 'client',
      query: PlaceStaysQuery,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(PlaceStaysQuery, c.req.query());
      const data = await placeStays(
        deps.database.db,
        { q: q.q, checkIn: q.checkin, checkOut: q.checkout },
        { now: nowOf(deps), lang: requestLang(c) },
      );
      return c.json({ data });
    },
  );
  app.get(
    '/clients/v1/places/nearby',
    documented({
      response: NearbyStaysSchema,
      summary:
        'Other branches near a hotel with a room free for the same nights, nearest first, with their lowest total (the hotel page recommendations)',
      auth: 'client',
      query: NearbyQuery,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(NearbyQuery, c.req.query());
      const data = await nearbyStays(
        deps.database.db,
        { hotelId: q.hotelId, checkIn: q.checkin, checkOut: q.checkout },
        { now: nowOf(deps), lang: requestLang(c) },
      );
      return c.json({ data });
    },
  );
  return app;
}
