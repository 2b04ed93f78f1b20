import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { inputMessages } from '../../core/contracts/auth.ts';
import type { InputMessageKey } from '../../core/contracts/auth.ts';
import { ApiError, requestLang } from './errors.ts';
import { msg } from './messages.ts';

// The API's one input pipeline: every body is bounded (limitEveryBody, mounted once in front of the
// API), read by one reader (readBody) and validated by one function (parseInput) against the shared
// valibot contracts of core/contracts. Two answers, for every route, REST and GraphQL alike:
//   400 bad_request / body_too_large: the request cannot be read (not JSON, not a form, too large);
//   422 validation_failed: it was read, and fields are wrong. `details.fields` lists each field with a
//       stable code (islands map the codes to their own copy); `message` names the first one.

export const MAX_BODY_BYTES = 32 * 1024;

const malformed = (what: { en: string; id: string }) => new ApiError(400, 'bad_request', what);

/** The bilingual 400 for a body over the limit. */
export const bodyTooLarge = (c: Context) =>
  c.json(new ApiError(400, 'body_too_large', msg('http.bodyTooLarge')).toJSON(requestLang(c)), 400);

/**
 * Every API body, bounded before anything reads it (Hono's bodyLimit: the declared length, or a
 * counted stream when none is declared). Mounted once in front of the whole API.
 */
export function limitEveryBody(maxSize: number): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError: bodyTooLarge });
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    // A declared length is enforced by Node's HTTP parser, so the header alone decides (and the
    // body is not turned into a web stream just to be measured).
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(declared) > maxSize ? Promise.resolve(bodyTooLarge(c)) : next();
    return counted(c, next);
  };
}

/**
 * A lower limit for one route (MAX_BODY_BYTES by default): the declared length, then the body the
 * API edge has already read (Hono keeps it, so this costs no second read).
 */
export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxSize) return bodyTooLarge(c);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const text = await c.req.text().catch(() => '');
      if (Buffer.byteLength(text) > maxSize) return bodyTooLarge(c);
    }
    await next();
  };
}

/**
 * A form-encoded body as fields: a repeated name, or one written `name[]`, gives an array (the
 * `[]` is dropped), as `parseBody({ all: true })` would, without building a web Response to parse it.
 */
export function formFields(text: string): Record<string, unknown> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const list = rawKey.endsWith('[]');
    const key = list ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (prev === undefined) out[key] = list ? [value] : value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

/**
 * The one body reader: JSON (an object) or a form (urlencoded, the default when no type is sent, or
 * multipart). Anything else, or JSON that is not an object, is a 400, never a 500.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? 'application/x-www-form-urlencoded').toLowerCase();
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      const text = await c.req.text();
      parsed = JSON.parse(text);
    } catch {
      throw malformed(msg('http.invalidJson'));
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw malformed(msg('http.jsonNotObject'));
    }
    return parsed as Record<string, unknown>;
  }
  try {
    if (type.startsWith('multipart/form-data')) {
      const form = await c.req.parseBody({ all: true });
      return Object.fromEntries(Object.entries(form).map(([k, val]) => [k.replace(/\[\]$/, ''), val]));
    }
    if (type.startsWith('application/x-www-form-urlencoded')) {
      return formFields(await c.req.text());
    }
  } catch {
    throw malformed(msg('http.unreadableForm'));
  }
  throw malformed(msg('http.unsupportedBodyType'));
}

/** Which message a valibot issue gets: the contract's own key, else "required" for a missing value, else "invalid". */
function issueKey(issue: v.BaseIssue<unknown>): InputMessageKey {
  if (issue.message in inputMessages) return issue.message as InputMessageKey;
  return issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid';
}

/** The one validation: the shared contract or a 422 `validation_failed` naming every wrong field. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = result.issues.map((issue) => {
    const key = issueKey(issue);
    return { field: v.getDotPath(issue) ?? '', code: key, message: inputMessages[key] };
  });
  const first = fields[0];
  const prefix = first.field ? `${first.field}: ` : '';
  throw new ApiError(
    422,
    'validation_failed',
    { en: `${prefix}${first.message.en}`, id: `${prefix}${first.message.id}` },
    { fields: fields.map((f) => ({ field: f.field, code: f.code })) },
  );
}

export async function validBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseInput(schema, await readBody(c));
}

/** The client's address (api/http/client-address.ts: the peer, or through trusted proxies). */
export function clientIp(c: Context): string {
  return c.get('clientIp') ?? 'unknown';
}
