import type { MiddlewareHandler } from 'hono';
import { ApiError, errors } from './errors.ts';
import { msg } from './messages.ts';

// Text the API cannot store or walk safely is refused at the edge, as the client mistake it is,
// before any parser, validator or database sees it (400, never a 500 or a stack overflow):
// - the NUL character (PostgreSQL text and jsonb cannot hold it);
// - a lone UTF-16 surrogate written as a JSON escape ("\ud800" without its pair): not a character,
//   it breaks PostgreSQL's jsonb and every encoder after it;
// - JSON nested deeper than MAX_JSON_DEPTH: every walker after the parser (validation, GraphQL
//   variables, the database driver) recurses, and no request of this API needs more.
// Binary uploads (multipart) are left alone.
//
// The body is read with `c.req.text()`, which Hono keeps: the handlers' own `c.req.json()`,
// `c.req.parseBody()` and `c.req.text()` reuse it, so the body is read from the socket once.
// Handlers behind this guard must therefore not read `c.req.raw`'s body stream.
const NUL_IN_URL = /%00/i;
const NUL_IN_TEXT = new RegExp(`${String.fromCharCode(0)}|\\\\u0000|%00`, 'i');

export const MAX_JSON_DEPTH = 20;

/** A surrogate escape left once escaped backslashes and well-formed pairs are taken out. */
export function hasLoneSurrogate(text: string): boolean {
  if (!text.isWellFormed()) return true; // a raw lone surrogate
  if (!/\\u[dD][89a-fA-F]/.test(text)) return false; // no surrogate escape at all
  const rest = text.replace(/\\\\/g, '').replace(/\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/g, '');
  return /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/.test(rest);
}

/** How deeply a JSON text nests objects and arrays (brackets inside strings do not count). */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return deepest;
}

const looksLikeJson = (type: string | undefined, text: string) =>
  (type ?? '').toLowerCase().includes('json') || /^\s*[[{]/.test(text);

export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (NUL_IN_URL.test(c.req.url)) throw errors.badRequest({ reason: 'nul_character' });
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const type = c.req.header('content-type');
      if (!type || !type.toLowerCase().startsWith('multipart/')) {
        const text = await c.req.text().catch(() => '');
        if (NUL_IN_TEXT.test(text)) throw errors.badRequest({ reason: 'nul_character' });
        if (hasLoneSurrogate(text))
          throw new ApiError(400, 'bad_request', msg('http.badUnicode'), { reason: 'lone_surrogate' });
        if (looksLikeJson(type, text) && jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
          throw new ApiError(400, 'bad_request', msg('http.tooDeep', MAX_JSON_DEPTH), { reason: 'too_deep' });
      }
    }
    await next();
  };
}
