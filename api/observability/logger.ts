import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';

// The process's one log: structured JSON lines through pino (one object per line, on stdout), or
// readable lines through pino-pretty in development (LOG_FORMAT). Every line written while a request
// is being answered carries that request's id (requestContext below), so an operator can follow one
// request through the API, its jobs and its errors.
//
// Secrets never reach the log: the paths below are censored by pino, and every line passes through
// scrub(), which censors any key that names a secret (passwords, tokens, codes, card data, signed
// URLs, Authorization and Cookie headers) and strips what a database error would quote (a failed
// query's parameters). Logging a request object, an error or a body is therefore safe, but the
// request logger writes only the route template, never a raw URL or query string.

export type LogFormat = 'json' | 'pretty';

/** Keys whose values are secrets wherever they appear (compared without case, `-` and `_`). */
const SECRET_KEY =
  /^(authorization|cookie|setcookie|proxyauthorization|xapikey|apikey|password|newpassword|oldpassword|currentpassword|passwd|secret|clientsecret|token|accesstoken|refreshtoken|idtoken|bearer|code|otp|onetimecode|verificationcode|pin|cardnumber|card|cardcvv|cvv|cvc|cardexpmonth|cardexpyear|expmonth|expyear|tokenid|savedtokenid|signature|signaturekey|sig|url|uploadurl|signedurl|profilepicture|idcard|selfie|jwt|credentials|params|body)$/;

const CENSOR = '[Redacted]';

/** Strings that carry a secret whatever key holds them. */
const SECRET_TEXT: [RegExp, string][] = [
  // A database error quoting the failed query's parameters (drizzle: "Failed query: ...\nparams: ...").
  [/\bparams:[^\n]*/g, 'params: [Redacted]'],
  // Bearer and Basic credentials, JSON web tokens.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [Redacted]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, CENSOR],
  // Query strings (signed upload links, OAuth codes): the path stays, the query goes.
  [/(\/[\w./%-]*)\?[^\s"'<>]*/g, '$1?[Redacted]'],
];

/** Whether a key names a secret; a `code` is one unless it is a system error's name (ECONNREFUSED, ERR_…). */
function secretEntry(key: string, value: unknown): boolean {
  const name = key.toLowerCase().replace(/[-_]/g, '');
  if (name === 'code') return !(typeof value === 'string' && /^E[A-Z0-9_]{3,}$/.test(value));
  return SECRET_KEY.test(name);
}

function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` with every secret censored (keys by name, strings by shape); cycles and depth bounded. */
export function scrub(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  const entries =
    value instanceof Error
      ? [
          ['type', value.name],
          ['message', value.message],
          ['stack', value.stack],
          ...Object.entries(value).filter(([key]) => key !== 'cause'),
          ...(value.cause === undefined ? [] : [['cause', value.cause]]),
        ]
      : Object.entries(value);
  for (const [key, item] of entries as [string, unknown][]) {
    out[key] = secretEntry(key, item) ? CENSOR : scrub(item, depth + 1, seen);
  }
  return out;
}

/** The request a line is written for (set by the server around each request). */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export function logFormat(source: Record<string, string | undefined> = process.env): LogFormat {
  const set = source.LOG_FORMAT;
  if (set === 'json' || set === 'pretty') return set;
  // Development reads lines, production and test runs keep JSON (a collector, or a test, parses it).
  return (source.NODE_ENV ?? 'development') === 'development' ? 'pretty' : 'json';
}

/** pino-pretty is a development dependency: a production install without it logs JSON. */
async function prettyStream(): Promise<NodeJS.WritableStream | null> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({
      sync: true,
      colorize: process.stdout.isTTY,
      ignore: 'pid,hostname',
      translateTime: 'SYS:HH:MM:ss.l',
    });
  } catch {
    return null;
  }
}

export async function createLogger(
  options: { level?: string; format?: LogFormat; destination?: NodeJS.WritableStream } = {},
): Promise<Logger> {
  const format = options.format ?? logFormat();
  const stream =
    options.destination ??
    (format === 'pretty' ? await prettyStream() : null) ??
    // Asynchronous writes: a line goes out at once, and lines written while a write is under way go
    // out together; pino flushes what is left synchronously when the process exits.
    pino.destination({ sync: false });
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-api-key"]',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: CENSOR,
      },
      // Errors go through scrub() too (pino's own error serializer would keep a query's parameters).
      serializers: { err: (error: unknown) => scrub(error), error: (error: unknown) => scrub(error) },
      formatters: { log: (object) => scrub(object) as Record<string, unknown> },
      // Messages too (a caller may interpolate a URL or a token into one).
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { reqId: context.reqId } : {};
      },
    },
    stream,
  );
}

/** The process's logger (LOG_LEVEL, LOG_FORMAT and NODE_ENV decide its level and form). */
export const log: Logger = await createLogger();

const children = new Map<string, Logger>();

/** A logger naming the part of the product that writes (`module` field); one per name (tests spy on it). */
export function logger(module: string): Logger {
  let child = children.get(module);
  if (!child) children.set(module, (child = log.child({ module })));
  return child;
}
