import type { MiddlewareHandler } from 'hono';

// Answers that tell a client what to do next, on every route (REST, GraphQL, OAuth2):
// - every 401 names the scheme (RFC 6750): `WWW-Authenticate: Bearer realm="bobobox-api"`, with
//   `error="invalid_token"` when the request did carry a bearer token (expired, revoked, forged);
//   routes that authenticate otherwise (OAuth2 client Basic auth) set their own header first;
// - every 429 says when to come back: `Retry-After` in seconds, from the limiter's own window when
//   the error carries it (apiErrorHandler), else a minute.

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function authAndRetryHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === 401 && !c.res.headers.has('WWW-Authenticate')) {
      const sent = /^Bearer\s+\S/i.test(c.req.header('authorization') ?? '');
      c.res.headers.set(
        'WWW-Authenticate',
        sent
          ? 'Bearer realm="bobobox-api", error="invalid_token", error_description="The access token is invalid or has expired"'
          : 'Bearer realm="bobobox-api"',
      );
    }
    if (status === 429 && !c.res.headers.has('Retry-After'))
      c.res.headers.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
  };
}
