import { Hono } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient } from '../auth/middleware.ts';
import { PromoViewQuery, PublicPromoQuery, SubscribeBody } from '../../core/contracts/booking.ts';
import { requestLang } from '../http/errors.ts';
import { parseInput, readBody } from '../http/input.ts';
import { activeAnnouncements, listPublicPromos, subscribe, viewPromo } from './promotions.service.ts';
import { jakartaToday } from '../../core/dates.ts';
import { nowOf } from '../platform/clock.ts';

export function promotionRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get('/clients/v1/list-promo', requireClient(deps), async (c) => {
    const q = parseInput(PublicPromoQuery, c.req.query());
    const data = await listPublicPromos(deps.database.db, q, jakartaToday(nowOf(deps)), requestLang(c));
    return c.json({ data, total: data.length });
  });
  app.get('/clients/v1/list-promo/view', requireClient(deps), async (c) => {
    const q = parseInput(PromoViewQuery, c.req.query());
    return c.json({ data: await viewPromo(deps.database.db, q, jakartaToday(nowOf(deps)), requestLang(c)) });
  });
  app.get('/announcement/web', requireClient(deps), async (c) => {
    return c.json({ data: await activeAnnouncements(deps.database.db, jakartaToday(nowOf(deps)), requestLang(c)) });
  });
  // Client token when signed out, user token when signed in: requireClient accepts both.
  app.post('/clients/v1/subscribe', requireClient(deps), async (c) => {
    const b = parseInput(SubscribeBody, await readBody(c));
    const done = await subscribe(deps.database.db, b, nowOf(deps));
    return c.json({ data: { id: done.id }, message: done.message[requestLang(c)] });
  });
  return app;
}
