import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { userIdOf } from '../http/context.ts';
import { requestLang } from '../http/errors.ts';
import { limitBody, parseInput, readBody } from '../http/input.ts';
import { documented } from '../http/contract.ts';
import { nowOf } from '../platform/clock.ts';
import {
  WaitlistCountQuery,
  WaitlistCountSchema,
  WaitlistEntrySchema,
  WaitlistIdBody,
  WaitlistJoinBody,
  WaitlistLeftSchema,
  WaitlistOfferSchema,
} from '../../core/contracts/waitlist.ts';
import { declineOffer, joinWaitlist, leaveWaitlist, liveOffers, myWaitlist, waitingCount } from './waitlist.service.ts';

/** The waitlist of sold-out room types (api/waitlist/waitlist.service.ts). */
export function waitlistRoutes(deps: AppDeps) {
  const app = new Hono();
  const user = requireUser(deps);
  app.get(
    '/clients/v1/waitlist/count',
    documented({
      response: WaitlistCountSchema,
      summary: 'How many guests wait for a room type on these nights',
      auth: 'client',
      query: WaitlistCountQuery,
      tag: 'reservations',
    }),
    requireClient(deps),
    async (c) => {
      const q = parseInput(WaitlistCountQuery, c.req.query());
      return c.json({ data: { waiting: await waitingCount(deps.database.db, q) } });
    },
  );
  app.get(
    '/clients/v1/waitlist',
    documented({
      response: v.array(WaitlistEntrySchema),
      summary: "The guest's waitlist entries (waiting, with their place in line, or offered, with the hold)",
      auth: 'user',
      tag: 'reservations',
    }),
    user,
    async (c) => c.json({ data: await myWaitlist(deps.database.db, userIdOf(c)) }),
  );
  app.post(
    '/clients/v1/waitlist',
    documented({
      response: WaitlistEntrySchema,
      summary:
        'Wait for a sold-out room type on these nights (409 rooms_available when it is not sold out; at most 5 at a time)',
      auth: 'user',
      body: WaitlistJoinBody,
      tag: 'reservations',
      limited: true,
      ok: 201,
    }),
    limitBody(),
    user,
    async (c) => {
      const b = parseInput(WaitlistJoinBody, await readBody(c));
      const entry = await joinWaitlist(deps, userIdOf(c), b, { lang: requestLang(c), now: nowOf(deps) });
      return c.json({ data: entry }, 201);
    },
  );
  app.get(
    '/clients/v1/waitlist/offers',
    documented({
      response: v.array(WaitlistOfferSchema),
      summary: 'The rooms held for the guest because they waited (the banner on the site), in their language',
      auth: 'user',
      tag: 'reservations',
    }),
    user,
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await liveOffers(deps.database.db, userIdOf(c), requestLang(c), nowOf(deps)) });
    },
  );
  app.post(
    '/clients/v1/waitlist/decline',
    documented({
      response: WaitlistLeftSchema,
      summary: 'Decline a held offer: its hold is cancelled and the next guest in line gets the rooms',
      auth: 'user',
      body: WaitlistIdBody,
      tag: 'reservations',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const b = parseInput(WaitlistIdBody, await readBody(c));
      await declineOffer(deps.database.db, userIdOf(c), b.id, nowOf(deps));
      return c.json({ data: { ok: true as const } });
    },
  );
  app.post(
    '/clients/v1/waitlist/leave',
    documented({
      response: WaitlistLeftSchema,
      summary: 'Leave a waitlist',
      auth: 'user',
      body: WaitlistIdBody,
      tag: 'reservations',
      limited: true,
    }),
    limitBody(),
    user,
    async (c) => {
      const b = parseInput(WaitlistIdBody, await readBody(c));
      await leaveWaitlist(deps.database.db, userIdOf(c), b.id, nowOf(deps));
      return c.json({ data: { ok: true as const } });
    },
  );
  return app;
}
