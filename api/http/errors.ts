import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { msg } from './messages.ts';
import { logger } from '../observability/logger.ts';

const log = logger('api');

export type ApiLang = 'id' | 'en';

/** Pick id or en from Accept-Language (or ?lang=); anything else falls back to en. */
export function requestLang(c: Context): ApiLang {
  return langOf(c.req.query('lang'), c.req.header('accept-language'));
}

/** requestLang over a raw request's ?lang= and Accept-Language (answers given before the API's router). */
export function langOf(queryLang: string | null | undefined, acceptLanguage: string | undefined): ApiLang {
  if (queryLang === 'id' || queryLang === 'en') return queryLang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'id' || tag.startsWith('id-') || tag === 'in') return 'id';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/**
 * A client-facing error: a stable machine code, an HTTP status and a message in both languages.
 * Thrown from services; the REST adapter turns it into JSON, the GraphQL adapter into `errors[0]`.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly messages: Record<ApiLang, string>;
  readonly details?: unknown;
  constructor(status: ContentfulStatusCode, code: string, messages: Record<ApiLang, string>, details?: unknown) {
    super(messages.en);
    this.status = status;
    this.code = code;
    this.messages = messages;
    this.details = details;
  }
  toJSON(lang: ApiLang) {
    return {
      code: this.code,
      message: this.messages[lang],
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const errors = {
  badRequest: (details?: unknown) => new ApiError(400, 'bad_request', msg('http.badRequest'), details),
  unauthorized: () => new ApiError(401, 'unauthorized', msg('http.signInFirst')),
  forbidden: () => new ApiError(403, 'forbidden', msg('http.forbidden')),
  notFound: (what: { en: string; id: string } = msg('http.notFound')) => new ApiError(404, 'not_found', what),
  conflict: (code: string, messages: Record<ApiLang, string>) => new ApiError(409, code, messages),
  unprocessable: (code: string, messages: Record<ApiLang, string>, details?: unknown) =>
    new ApiError(422, code, messages, details),
  tooMany: () => new ApiError(429, 'rate_limited', msg('http.tooMany')),
};

/** Hono onError for the API: client mistakes keep their status; anything else is a logged 500. */
export function apiErrorHandler(err: Error, c: Context) {
  const lang = requestLang(c);
  if (err instanceof ApiError) {
    const retry = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (err.status === 429 && typeof retry === 'number') c.header('Retry-After', String(Math.max(1, Math.ceil(retry))));
    // RFC 6750: only a refused token is "invalid_token"; other 401s (a wrong password, no token at
    // all) name the scheme alone, so clients do not renew a good token and send the call again.
    if (err.status === 401)
      c.header(
        'WWW-Authenticate',
        err.code === 'invalid_token'
          ? 'Bearer realm="bobobox-api", error="invalid_token", error_description="The access token is invalid or has expired"'
          : 'Bearer realm="bobobox-api"',
      );
    return c.json(err.toJSON(lang), err.status);
  }
  // Hono's own HTTPException (e.g. body limit) carries a client status.
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return c.json(errors.badRequest().toJSON(lang), status as ContentfulStatusCode);
  }
  log.error({ err }, 'unhandled error');
  return c.json(
    { code: 'internal_error', message: lang === 'id' ? 'Terjadi Kesalahan...' : 'Something went wrong on our side.' },
    500,
  );
}
