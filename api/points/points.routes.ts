import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireUser } from '../auth/middleware.ts';
import { userIdOf } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import { giftCertificates, pointsSummary } from './points.service.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import {
  GiftCertificatesSchema,
  PointItemsSchema,
  PointsActiveSchema,
  PointsSummarySchema,
} from '../../core/contracts/responses.ts';

/** Bobopoints of the signed-in user: total, worth, expiry, the Active / Pending / History tabs, gift certificates. */
export function pointsRoutes(deps: AppDeps) {
  const app = new Hono();
  const summary = (c: Context) =>
    pointsSummary(deps.database.db, userIdOf(c), { now: nowOf(deps), lang: requestLang(c) });
  app.get(
    '/clients/v1/points',
    documented({ response: PointsSummarySchema, summary: 'Bobopoint balance and worth', auth: 'user', tag: 'points' }),
    requireUser(deps),
    async (c) => c.json({ data: await summary(c) }),
  );
  // The spec's paths for the three tabs (section 7).
  app.get(
    '/v1/status/active',
    documented({ response: PointsActiveSchema, summary: 'Active Bobopoint balance', auth: 'user', tag: 'points' }),
    requireUser(deps),
    async (c) => {
      const s = await summary(c);
      return c.json({ data: { total: s.total, worth: s.worth, expiry_date: s.expiry_date, items: s.active } });
    },
  );
  app.get(
    '/v1/status/pending',
    documented({ response: PointItemsSchema, summary: 'Bobopoints pending activation', auth: 'user', tag: 'points' }),
    requireUser(deps),
    async (c) => c.json({ data: { items: (await summary(c)).pending } }),
  );
  app.get(
    '/v1/status/history',
    documented({ response: PointItemsSchema, summary: 'Bobopoint history', auth: 'user', tag: 'points' }),
    requireUser(deps),
    async (c) => c.json({ data: { items: (await summary(c)).history } }),
  );
  // The same balance as gift certificates: what a booking can take, and the bookings that took some.
  app.get(
    '/clients/v1/gift-certificates',
    documented({
      response: GiftCertificatesSchema,
      summary: 'Bobopoints as gift certificates: usable per booking, remaining, and the bookings that used them',
      auth: 'user',
      tag: 'points',
    }),
    requireUser(deps),
    async (c) => c.json({ data: await giftCertificates(deps.database.db, userIdOf(c), nowOf(deps)) }),
  );
  return app;
}
