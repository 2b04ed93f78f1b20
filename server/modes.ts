import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { errors, requestLang } from '../api/http/errors.ts';
import type { Env } from '../api/platform/env.ts';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';

// The two modes of the one server (README, "Modes"). Development (the embedded default of
// `npm start`, and the test runs) keeps the embedded stand-ins and their pages, reachable from this
// machine only. Production (NODE_ENV=production) loads none of them and refuses to start while the
// configuration would make the site takeable: a public or weak secret, mail into the in-process
// sink, payments into a sandbox, or a test-only switch.

/** Fewer bytes than this is guessable; 32 random bytes is 43 base64url characters. */
export const MIN_SECRET_BYTES = 32;

/** The variables that must hold a private value of at least MIN_SECRET_BYTES in production. */
const SECRETS = [
  'AUTH_JWT_SECRET',
  'API_CLIENT_SECRET',
  'API_KEY',
  'SANITY_WEBHOOK_SECRET',
  'STAY_PASS_SECRET',
] as const;

/** Why a secret cannot be used in production, or null. */
function weakSecret(name: string, value: string | undefined): string | null {
  if (!value) return `${name} is not set`;
  if (
    (Object.values(EMBEDDED_SECRETS) as string[]).includes(value) ||
    /dev-only|change-me|example|changeme/i.test(value)
  )
    return `${name} is a public development default`;
  if (Buffer.byteLength(value) < MIN_SECRET_BYTES) return `${name} is shorter than ${MIN_SECRET_BYTES} bytes`;
  // A long run of one character, or a short pattern repeated, is not random.
  if (new Set(value).size < 12) return `${name} is not random (too few distinct characters)`;
  return null;
}

/**
 * Everything that stops a production start, one line per offending variable (empty when the
 * configuration is safe). Only production is checked: development runs on the embedded defaults.
 */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const name of SECRETS) {
    const why = weakSecret(name, env[name]);
    if (why) problems.push(why);
  }
  if (!env.FILE_KEYS)
    problems.push(
      'FILE_KEYS is not set: uploaded ID cards would be encrypted with a key derived from a development default',
    );
  if (!env.SMTP_URL) problems.push('SMTP_URL is not set: e-mail would go to the in-process development sink');
  if (!env.MIDTRANS_SERVER_KEY)
    problems.push('MIDTRANS_SERVER_KEY is not set: payments would go to the embedded sandbox gateway');
  else if (env.MIDTRANS_SERVER_KEY.startsWith('SB-'))
    problems.push('MIDTRANS_SERVER_KEY is a Midtrans sandbox key (SB-...): payments would not be real');
  if (env.MIDTRANS_SERVER_KEY && !env.MIDTRANS_CLIENT_KEY)
    problems.push('MIDTRANS_CLIENT_KEY is not set (required with MIDTRANS_SERVER_KEY)');
  if (/sandbox/i.test(env.MIDTRANS_BASE_URL))
    problems.push(`MIDTRANS_BASE_URL points at a sandbox (${env.MIDTRANS_BASE_URL}); use https://api.midtrans.com`);
  if (!env.INSURER_API_URL)
    problems.push('INSURER_API_URL is not set: travel-insurance policies would go to the sandbox insurer');
  else if (!env.INSURER_API_KEY) problems.push('INSURER_API_KEY is not set (required with INSURER_API_URL)');
  if (env.TEST_FIXTURE_ROUTES)
    problems.push('TEST_FIXTURE_ROUTES is on: test-only routes must not exist in production');
  if (env.TEST_FAULT_ROUTES) problems.push('TEST_FAULT_ROUTES is on: test-only routes must not exist in production');
  if (env.TEST_CRASH_AFTER_COMMIT)
    problems.push('TEST_CRASH_AFTER_COMMIT is on: a test-only crash must not exist in production');
  return problems;
}

/** The refusal printed by `npm start`: every offending variable, then what to do. */
export function refusalMessage(problems: string[]): string {
  return [
    `Refusing to start in production (NODE_ENV=production): ${problems.length} unsafe setting(s).`,
    ...problems.map((p) => `  - ${p}`),
    `Set each secret to at least ${MIN_SECRET_BYTES} random bytes (for example: openssl rand -base64 48),`,
    'SMTP_URL to your relay and the Midtrans keys with MIDTRANS_BASE_URL=https://api.midtrans.com.',
    'For a local run, leave NODE_ENV unset (development).',
  ].join('\n');
}

/** The one-line banner of a development start. */
export function developmentBanner(env: Env, devPaths: string[]): string {
  return (
    `[start] ${env.NODE_ENV} mode: embedded public secrets and development tools ` +
    `(${devPaths.join(', ') || 'none'}) answer loopback requests only; set NODE_ENV=production to deploy`
  );
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** An address as a proxy may write it ("[::1]:443", "127.0.0.1:8080", "::1"), without port or brackets. */
function bareAddress(value: string): string {
  const v = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(v);
  if (bracketed) return bracketed[1]!;
  return /^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(v) ? v.replace(/:\d+$/, '') : v;
}

/** Whether an address is this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  return !!address && LOOPBACK.test(bareAddress(address));
}

/**
 * Whether a request comes from this machine: the socket's peer is loopback and no proxy says it
 * forwarded the request for someone else. A request with no socket at all is an in-process call
 * (app.request in this process), which is local by definition.
 */
export function isLocalRequest(c: Context): boolean {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming ? incoming.socket?.remoteAddress : '127.0.0.1';
  return fromThisMachine(peer, [c.req.header('x-forwarded-for'), c.req.header('x-real-ip'), c.req.header('forwarded')]);
}

/** The same rule for a Node request (the development tools served outside Hono). */
export function isLocalNodeRequest(req: IncomingMessage): boolean {
  const one = (h: string | string[] | undefined) => (Array.isArray(h) ? h.join(',') : h);
  return fromThisMachine(req.socket.remoteAddress, [
    one(req.headers['x-forwarded-for']),
    one(req.headers['x-real-ip']),
    one(req.headers.forwarded),
  ]);
}

function fromThisMachine(peer: string | undefined, headers: (string | undefined)[]): boolean {
  const forwarded = headers
    .filter((h): h is string => !!h)
    .flatMap((h) => h.split(','))
    .map((part) => (/for=/i.test(part) ? part.replace(/^.*for=/i, '').replace(/;.*$/, '') : part).trim())
    .filter(Boolean);
  return isLoopback(peer) && forwarded.every((hop) => isLoopback(hop));
}

/**
 * Development tools answer only requests from this machine (isLocalRequest). Anyone else gets the
 * API's plain 404, as if the tool did not exist.
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!isLocalRequest(c)) return c.json(errors.notFound().toJSON(requestLang(c)), 404);
    await next();
  };
}
