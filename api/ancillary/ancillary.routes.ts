import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { AncillaryListInput } from '../../core/contracts/booking.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import { activeAncillaryPackages } from './ancillary.service.ts';
import { documented } from '../http/contract.ts';
import { AncillaryPackageSchema } from '../../core/contracts/responses.ts';

export function ancillaryRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get(
    '/clients/v1/ancillary-packages',
    documented({
      response: v.array(AncillaryPackageSchema),
      summary: 'Active ancillary packages (carbon offset)',
      auth: 'client',
      query: AncillaryListInput,
      tag: 'ancillary',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(AncillaryListInput, c.req.query());
      const data = await activeAncillaryPackages(
        deps.database.db,
        { typeCode: q.ancillary_type_code, hotelIds: q.hotel_ids ?? [], roomTypeIds: q.room_type_ids ?? [] },
        requestLang(c),
      );
      return c.json({ data });
    },
  );
  return app;
}
