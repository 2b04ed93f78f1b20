import type { MiddlewareHandler } from 'hono';
import { errors } from './errors.ts';

// PostgreSQL text and jsonb cannot hold the NUL character, so a NUL anywhere in a textual request
// would surface as a database error deep inside a service. It is refused at the edge instead, as
// the client mistake it is. Binary uploads (multipart) are left alone.
const NUL_IN_URL = /%00/i;
const NUL_IN_TEXT = new RegExp(`${String.fromCharCode(0)}|\\\\u0000|%00`, 'i');

export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (NUL_IN_URL.test(c.req.url)) throw errors.badRequest({ reason: 'nul_character' });
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !type.startsWith('multipart/')) {
      const raw = c.req.raw;
      const text = await raw.clone().text().catch(() => '');
      if (NUL_IN_TEXT.test(text)) throw errors.badRequest({ reason: 'nul_character' });
    }
    await next();
  };
}
