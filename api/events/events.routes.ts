import { Hono } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { apiErrorHandler } from '../http/errors.ts';
import { clientIp, limitBody, parseInput, readBody } from '../http/input.ts';
import { hitAddressLimit } from '../rate-limit/rate-limit.service.ts';
import { EventBatch } from '../../core/contracts/events.ts';
import { EVENTS_BY_IP, recordEvents } from './events.service.ts';
import { documented } from '../http/contract.ts';
import { EventsAcceptedSchema } from '../../core/contracts/events.ts';

/** A batch of at most 20 events is a few KB; nothing legitimate comes near this. */
export const EVENTS_MAX_BODY_BYTES = 16 * 1024;

// POST /api/events: the site's own collector (api/events/README.md). The browser sends it with
// navigator.sendBeacon (a JSON Blob, same origin), so the answer is never read by the page; it is
// still a plain API answer for tests and tools: 202 with the count stored, 400/422 for a body that
// is not a valid batch, 429 past the per-address limit. No cookies, no token: anyone may send events,
// and the funnel is only as good as its input (rate-limited, validated, bounded).
export function eventRoutes(deps: AppDeps) {
  const app = new Hono();
  app.onError(apiErrorHandler);
  app.post(
    '/events',
    documented({
      ok: 202,
      response: EventsAcceptedSchema,
      summary:
        "The site's own event collector (page views, search, room chosen, checkout, purchase, subscribe; sent with sendBeacon)",
      auth: 'none',
      body: EventBatch,
      tag: 'events',
      limited: true,
    }),
    limitBody(EVENTS_MAX_BODY_BYTES),
    async (c) => {
      await hitAddressLimit(deps, EVENTS_BY_IP, clientIp(c));
      const { events } = parseInput(EventBatch, await readBody(c));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { accepted: await recordEvents(deps, events) } }, 202);
    },
  );
  return app;
}
