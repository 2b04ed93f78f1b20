import { Hono } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { AncillaryListInput } from '../../core/contracts/booking.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import { activeAncillaryPackages } from './ancillary.service.ts';

export function ancillaryRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get('/clients/v1/ancillary-packages', requireClient(deps), async (c) => {
    const q = parseInput(AncillaryListInput, c.req.query());
    const data = await activeAncillaryPackages(
      deps.database.db,
      { typeCode: q.ancillary_type_code, hotelIds: q.hotel_ids ?? [], roomTypeIds: q.room_type_ids ?? [] },
      requestLang(c),
    );
    return c.json({ data });
  });
  return app;
}
