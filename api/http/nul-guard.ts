import type { MiddlewareHandler } from 'hono';
import { errors } from './errors.ts';

// PostgreSQL text and jsonb cannot hold the NUL character, so a NUL anywhere in a textual request
// would surface as a database error deep inside a service. It is refused at the edge instead, as
// the client mistake it is. Binary uploads (multipart) are left alone.
//
// The body is read with `c.req.text()`, which Hono keeps: the handlers' own `c.req.json()`,
// `c.req.parseBody()` and `c.req.text()` reuse it, so the body is read from the socket once.
// Handlers behind this guard must therefore not read `c.req.raw`'s body stream.
const NUL_IN_URL = /%00/i;
const NUL_IN_TEXT = new RegExp(`${String.fromCharCode(0)}|\\\\u0000|%00`, 'i');

export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (NUL_IN_URL.test(c.req.url)) throw errors.badRequest({ reason: 'nul_character' });
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const type = c.req.header('content-type');
      if (!type || !type.toLowerCase().startsWith('multipart/')) {
        const text = await c.req.text().catch(() => '');
        if (NUL_IN_TEXT.test(text)) throw errors.badRequest({ reason: 'nul_character' });
      }
    }
    await next();
  };
}
