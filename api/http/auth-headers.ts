import type { MiddlewareHandler } from 'hono';

// Answers that tell a client what to do next, on every route (REST, GraphQL, OAuth2):
// - every 401 names the scheme (RFC 6750): `WWW-Authenticate: Bearer realm="bobobox-api"`; the
//   error handler adds `error="invalid_token"` when the token itself was refused (expired, revoked,
//   forged), so clients renew a token only then; routes that authenticate otherwise (OAuth2 client
//   Basic auth) set their own header first;
// - every 429 says when to come back: `Retry-After` in seconds, from the limiter's own window when
//   the error carries it (apiErrorHandler), else a minute.

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function authAndRetryHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === 401 && !c.res.headers.has('WWW-Authenticate'))
      c.res.headers.set('WWW-Authenticate', 'Bearer realm="bobobox-api"');
    if (status === 429 && !c.res.headers.has('Retry-After'))
      c.res.headers.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
  };
}
