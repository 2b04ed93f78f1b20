import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { TrustProxy } from './client-address.ts';

// What the server knows of each request for its log line and its metrics: an id (echoed as
// X-Request-Id) and the route template that answered it (Hono's matched route, e.g.
// /api/reservations/:id: never the raw URL, whose ids and query strings are unbounded and may be secret).

const ROUTE = Symbol('route');

type Tagged = IncomingMessage & { [ROUTE]?: string };

/** An id a proxy may hand over: short, and only characters that are safe in a log line and a header. */
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * The request's id: the X-Request-Id of a trusted proxy (TRUST_PROXY: the socket's peer is one), so
 * one id follows the request through proxy and node; else a fresh one (a client cannot choose it).
 */
export function requestIdOf(req: IncomingMessage, trust: TrustProxy): string {
  const given = req.headers['x-request-id'];
  const peer = req.socket?.remoteAddress;
  if (typeof given === 'string' && REQUEST_ID.test(given) && peer && trust(peer, 0)) return given;
  return randomUUID();
}

/** Hono middleware (on the server's root app): records the template of the route that answered. */
export function recordRoute(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: Tagged } | undefined)?.incoming;
    if (!incoming) return;
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path;
    incoming[ROUTE] = route ?? '(unmatched)';
  };
}

/** Names the route of a request the API did not answer (the server's own fast paths). */
export function markRoute(req: IncomingMessage, route: string): void {
  (req as Tagged)[ROUTE] = route;
}

/** The route label of a finished request: the API's template, or the site's kind of page. */
export function routeOf(req: IncomingMessage): string {
  return (req as Tagged)[ROUTE] ?? '(site)';
}
