import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { PromoViewQuery, PublicPromoQuery, SubscribeBody } from '../../core/contracts/booking.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput, readBody } from '../http/input.ts';
import { activeAnnouncements, listPublicPromos, subscribe, viewPromo } from './promotions.service.ts';
import { jakartaToday } from '../../core/dates.ts';
import { nowOf } from '../platform/clock.ts';
import { documented } from '../http/contract.ts';
import { AnnouncementSchema, PromoListSchema, PromoSchema, SubscribedSchema } from '../../core/contracts/responses.ts';

export function promotionRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get(
    '/clients/v1/list-promo',
    documented({
      answer: PromoListSchema,
      summary: 'Public promos (size -1 = all)',
      auth: 'client',
      query: PublicPromoQuery,
      tag: 'promotions',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(PublicPromoQuery, c.req.query());
      const data = await listPublicPromos(deps.database.db, q, jakartaToday(nowOf(deps)), requestLang(c));
      return c.json({ data, total: data.length });
    },
  );
  app.get(
    '/clients/v1/list-promo/view',
    documented({
      response: PromoSchema,
      summary: 'One public promo by code or id',
      auth: 'client',
      query: PromoViewQuery,
      tag: 'promotions',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(PromoViewQuery, c.req.query());
      return c.json({ data: await viewPromo(deps.database.db, q, jakartaToday(nowOf(deps)), requestLang(c)) });
    },
  );
  app.get(
    '/announcement/web',
    documented({
      response: v.array(AnnouncementSchema),
      summary: 'Active web announcements',
      auth: 'client',
      tag: 'promotions',
    }),
    requireClient(deps),
    async (c) => {
      return c.json({ data: await activeAnnouncements(deps.database.db, jakartaToday(nowOf(deps)), requestLang(c)) });
    },
  );
  // Client token when signed out, user token when signed in: requireClient accepts both.
  app.post(
    '/clients/v1/subscribe',
    documented({
      answer: SubscribedSchema,
      summary: 'Newsletter sign-up (400 when already subscribed)',
      auth: 'client',
      body: SubscribeBody,
      tag: 'promotions',
    }),
    requireClient(deps),
    async (c) => {
      const b = parseInput(SubscribeBody, await readBody(c));
      const done = await subscribe(deps.database.db, b, nowOf(deps));
      return c.json({ data: { id: done.id }, message: done.message[requestLang(c)] });
    },
  );
  return app;
}
