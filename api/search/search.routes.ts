import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import {
  DayUseAvailabilityInput,
  MaxDurationInput,
  RoomAvailabilityInput,
  SearchBody,
} from '../../core/contracts/booking.ts';
import { dayUseAvailability } from '../availability/day-use.ts';
import { roomAvailability, roomAvailabilityMaxDuration } from '../availability/availability.service.ts';
import { optionalUserId } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput, readBody } from '../http/input.ts';
import { searchRooms } from './search.service.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import {
  AvailabilityDaySchema,
  DayUseDaySchema,
  MaxDurationSchema,
  SearchResultSchema,
} from '../../core/contracts/responses.ts';

export function searchRoutes(deps: AppDeps) {
  const app = new Hono();
  app.post(
    '/clients/v1/search',
    documented({
      response: SearchResultSchema,
      summary: 'Priced search: hotel, messagePromo and room types for a stay',
      auth: 'client',
      body: SearchBody,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const b = parseInput(SearchBody, await readBody(c));
      const data = await searchRooms(
        deps.database.db,
        {
          hotelId: b.hotelId,
          checkIn: b.checkInDateTime,
          checkOut: b.checkOutDateTime,
          isUsedGiftCertificate: b.isUsedGiftCertificate,
          promoCode: b.promoCode,
          startHour: b.startHour,
          blockHours: b.blockHours,
        },
        { now: nowOf(deps), lang: requestLang(c), userId: optionalUserId(c) },
      );
      return c.json({ data });
    },
  );
  // REST twins of the RoomAvailability / RoomAvailabilityMaxDuration GraphQL operations.
  app.get(
    '/clients/v1/availability',
    documented({
      response: v.array(AvailabilityDaySchema),
      summary: 'Availability per date (90-day window), REST twin of RoomAvailability',
      auth: 'client',
      query: RoomAvailabilityInput,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(RoomAvailabilityInput, c.req.query());
      return c.json({
        data: await roomAvailability(
          deps.database.db,
          { hotelId: q.hotel_id, dateStart: q.date_start, dateEnd: q.date_end },
          nowOf(deps),
        ),
      });
    },
  );
  app.get(
    '/clients/v1/availability/max-duration',
    documented({
      response: MaxDurationSchema,
      summary: 'web_max_duration from a check-in date',
      auth: 'client',
      query: MaxDurationInput,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(MaxDurationInput, c.req.query());
      return c.json({
        data: await roomAvailabilityMaxDuration(
          deps.database.db,
          { hotelId: q.hotel_id, dateStart: q.date_start },
          nowOf(deps),
        ),
      });
    },
  );
  // Day use (hourly hotels): per day, each block length with its sellable start hours and lowest price.
  app.get(
    '/clients/v1/availability/day-use',
    documented({
      response: v.array(DayUseDaySchema),
      summary: 'Day use of an hourly hotel per date: blocks, sellable start hours, lowest block price',
      auth: 'client',
      query: DayUseAvailabilityInput,
      tag: 'search',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(DayUseAvailabilityInput, c.req.query());
      return c.json({
        data: await dayUseAvailability(
          deps.database.db,
          { hotelId: q.hotel_id, dateStart: q.date_start, dateEnd: q.date_end },
          nowOf(deps),
        ),
      });
    },
  );
  return app;
}
