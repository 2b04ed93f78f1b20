import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { HotelsQuery } from '../../core/contracts/booking.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import { listHotels } from './hotels.service.ts';
import { documented } from '../http/contract.ts';
import { HotelShellSchema } from '../../core/contracts/responses.ts';

export function hotelRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get(
    '/clients/v1/hotel',
    documented({
      response: v.array(HotelShellSchema),
      summary: 'Hotels (hotelTypeId -1 = all types)',
      auth: 'client',
      query: HotelsQuery,
      tag: 'hotels',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(HotelsQuery, c.req.query());
      return c.json({ data: await listHotels(deps.database.db, q.hotelTypeId, requestLang(c)) });
    },
  );
  return app;
}
