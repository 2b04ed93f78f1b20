import { Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppDeps } from './platform/deps.ts';
import { ancillaryRoutes } from './ancillary/ancillary.routes.ts';
import { graphqlRoutes } from './graphql/graphql.routes.ts';
import { hotelRoutes } from './hotels/hotels.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { apiErrorHandler, errors, requestLang } from './http/errors.ts';
import { refuseNulCharacters } from './http/nul-guard.ts';
import { authAndRetryHeaders } from './http/auth-headers.ts';
import { clientAddress } from './http/client-address.ts';
import { paymentRoutes } from './payments/payments.routes.ts';
import { paymentChargeRoutes } from './payments/charge.routes.ts';
import { pointsRoutes } from './points/points.routes.ts';
import { isUploadRequest, profileRoutes } from './profile/profile.routes.ts';
import { sessionsRoutes } from './profile/sessions.routes.ts';
import { passkeysRoutes } from './profile/passkeys.routes.ts';
import { ssoRoutes } from './profile/sso.routes.ts';
import { promotionRoutes } from './promotions/promotions.routes.ts';
import { reservationRoutes } from './reservations/reservations.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { placesRoutes } from './places/places.routes.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { authRoutes } from './profile/auth.routes.ts';
import { limitEveryBody } from './http/input.ts';
import { oauthRoutes } from './profile/oauth.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { formRoutes, isFormUpload } from './forms/forms.routes.ts';
import { eventRoutes } from './events/events.routes.ts';
import { readinessCheck } from './observability/readiness.ts';
import { documented } from './http/contract.ts';
import { HealthSchema } from '../core/contracts/responses.ts';
import { ReadySchema } from './observability/readiness.ts';

/** The largest request body any API route accepts (the sign-in routes accept less). */
export const API_MAX_BODY_BYTES = 256 * 1024;

export interface AppOptions {
  /**
   * Routes the server composes into the API under /api ahead of its middleware (the content
   * webhook, server/content-hooks): they bound and check their own bodies, and the API's document
   * describes them with the rest.
   */
  beside?: Hono;
}

/** The booking API. Every route lives under /api (the server adds its developer tools beside it). */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono().basePath('/api');
  if (options.beside) app.route('/', options.beside);
  // An observer of every answer with the route that produced it (the contract tests; metrics later).
  const observe = deps.observe;
  if (observe) {
    app.use('*', async (c, next) => {
      await next();
      const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? null;
      await observe({ method: c.req.method, route, status: c.res.status, response: c.res.clone() });
    });
  }
  // Every body is bounded before anything reads it (routes may set a lower limit), then checked for NUL.
  // The picture uploads and the partnership proposal bound their own multipart bodies while streaming.
  const everyBody = limitEveryBody(API_MAX_BODY_BYTES);
  app.use('*', (c, next) => (isUploadRequest(c) || isFormUpload(c) ? next() : everyBody(c, next)));
  app.use('*', refuseNulCharacters());
  app.use('*', authAndRetryHeaders());
  app.use('*', clientAddress(deps.env.TRUST_PROXY));
  app.get(
    '/health',
    documented({
      answer: HealthSchema,
      summary: 'Liveness, database and build state',
      auth: 'none',
      tag: 'meta',
      degraded: 'Degraded: the database does not answer',
    }),
    async (c) => {
      let dbOk = false;
      try {
        dbOk = await deps.database.ping();
      } catch {
        dbOk = false;
      }
      // A failed site build is reported (its state) without failing the probe: the previous build keeps
      // serving. Which document broke it, and the error text, are for editors (GET /site/build-status).
      const build = deps.buildInfo?.() ?? { present: false, builtAt: null, stale: false };
      const status = dbOk && build.state !== 'failed' ? 'ok' : 'degraded';
      return c.json({ status, build, database: { kind: deps.database.kind, ok: dbOk } }, dbOk ? 200 : 503);
    },
  );
  // Readiness (api/observability/readiness.ts): 503 until the node may take guests, and from SIGTERM on.
  const readiness = readinessCheck(deps);
  app.get(
    '/ready',
    documented({
      answer: ReadySchema,
      summary:
        'Readiness: the database answers, its migrations are current, the site build is in place and the node is not shutting down',
      auth: 'none',
      tag: 'meta',
      degraded: 'Not ready (a check is false), or shutting down',
    }),
    async (c) => {
      const { ready, checks } = await readiness();
      c.header('cache-control', 'no-store');
      return c.json({ status: ready ? 'ready' : 'unready', checks }, ready ? 200 : 503);
    },
  );
  app.route('/', oauthRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', hotelRoutes(deps));
  app.route('/', searchRoutes(deps));
  app.route('/', placesRoutes(deps));
  app.route('/', waitlistRoutes(deps));
  app.route('/', promotionRoutes(deps));
  app.route('/', reservationRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', paymentChargeRoutes(deps));
  app.route('/', pointsRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', sessionsRoutes(deps));
  app.route('/', passkeysRoutes(deps));
  app.route('/', ssoRoutes(deps));
  app.route('/', ancillaryRoutes(deps));
  app.route('/', formRoutes(deps));
  app.route('/', eventRoutes(deps));
  app.route('/', graphqlRoutes(deps));
  app.route(
    '/',
    openApiRoutes(() => app),
  );
  app.onError(apiErrorHandler);
  // Unknown /api paths: a bilingual JSON 404, never the site's HTML page.
  app.notFound((c) => c.json(errors.notFound().toJSON(requestLang(c)), 404));
  return app;
}
