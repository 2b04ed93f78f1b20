import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { ApiError } from '../http/errors.ts';
import { rateLimits } from './rate-limit.schema.ts';
import { rows } from '../db/query.ts';
import { msg } from '../http/messages.ts';
import { nowOf } from '../platform/clock.ts';
import { addressKey } from './address-key.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

// The limits in force. Keys are namespaced by rule: `<rule>:<subject>`.
// Per-address limits are generous on purpose (api/auth/README.md "Carrier-grade NAT"): Indonesian
// mobile networks put many phones behind one public IPv4 address, so an address limit only slows a
// single abuser down; the per-account and per-target limits (a password's account, a code's address)
// do the fine work.
export const RATE_RULES = {
  /** Failed sign-ins from one client address, whatever the account: slows an attacker's address. */
  signInFailuresByIp: { name: 'signin-fail-ip', limit: 300, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins for one account from one client address (the e-mail and phone forms of an
   * account share it): the attacker's address is stopped for that account, while the owner signing
   * in correctly from elsewhere is not locked out.
   */
  signInFailuresByAccountAndIp: { name: 'signin-fail-acct-ip', limit: 10, windowSeconds: 15 * 60 },
  signUpByIp: { name: 'signup-ip', limit: 30, windowSeconds: 60 * 60 },
  codeRequestByTarget: { name: 'code-request-target', limit: 5, windowSeconds: 60 * 60 },
  codeRequestByIp: { name: 'code-request-ip', limit: 150, windowSeconds: 60 * 60 },
  codeCheckByTarget: { name: 'code-check-target', limit: 10, windowSeconds: 15 * 60 },
  /**
   * Single sign-on starts from one client address: each start keeps an attempt (state, nonce, PKCE
   * verifier) for ten minutes, so an address that starts without end would fill the table.
   */
  ssoStartByIp: { name: 'sso-start-ip', limit: 300, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

/**
 * Sliding-window counting, shared by every node: each rule keeps one row per fixed window in
 * `rate_limits`, and the count in force is this window's plus the previous window's weighted by how
 * much of it still overlaps the last `windowSeconds` (the "sliding window counter"). A burst
 * straddling a window boundary therefore counts in full, instead of getting twice the limit.
 */
async function slidingCount(
  deps: AppDeps,
  rule: RateRule,
  subject: string,
  add: number,
): Promise<{ count: number; retryAfterSeconds: number; key: string; windowStart: Date }> {
  const now = nowOf(deps);
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const key = `${rule.name}:${subject.slice(0, 200)}`;
  const windowStart = new Date(start);
  const previousStart = new Date(start - windowMs);
  // Kept two windows: the next window still weighs this one.
  const expiresAt = new Date(start + 2 * windowMs);
  const [found] = await rows<{ cur: number; prev: number }>(
    deps.database.db,
    add > 0
      ? sql`with cur as (
              insert into rate_limits (key, window_start, count, expires_at)
              values (${key}, ${windowStart.toISOString()}::timestamptz, ${add}, ${expiresAt.toISOString()}::timestamptz)
              on conflict (key, window_start) do update set count = rate_limits.count + ${add}
              returning count)
            select (select count from cur)::int as cur,
              coalesce((select count from rate_limits where key = ${key}
                and window_start = ${previousStart.toISOString()}::timestamptz), 0)::int as prev`
      : sql`select
              coalesce((select count from rate_limits where key = ${key}
                and window_start = ${windowStart.toISOString()}::timestamptz), 0)::int as cur,
              coalesce((select count from rate_limits where key = ${key}
                and window_start = ${previousStart.toISOString()}::timestamptz), 0)::int as prev`,
  );
  const cur = Number(found?.cur ?? 0);
  const prev = Number(found?.prev ?? 0);
  const overlap = 1 - (now.getTime() - start) / windowMs;
  const count = cur + prev * overlap;
  // When the count falls back to the limit: the previous window's weight decays linearly, and this
  // window's hits only leave when the window after next begins.
  let waitMs = start + windowMs - now.getTime();
  if (cur < rule.limit && prev > 0) waitMs = Math.max(0, (overlap - (rule.limit - cur) / prev) * windowMs);
  return { count, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), key, windowStart };
}

const tooMany = (retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limited', msg('http.tooMany'), { retryAfterSeconds });

/** Count one hit and throw 429 when the sliding count passes the limit. */
export async function hitRateLimit(deps: AppDeps, rule: RateRule, subject: string): Promise<void> {
  const { count, retryAfterSeconds } = await slidingCount(deps, rule, subject, 1);
  if (count > rule.limit) throw tooMany(retryAfterSeconds);
}

/**
 * Take one attempt from a limit before the expensive part, in the same statement that counts it: 429
 * when the count passes the limit (that attempt is given back), else a `giveBack` for an attempt
 * that turns out not to count (a right password). Concurrent attempts are serialised on the row, so
 * however many arrive at once, at most the limit go on (a check, then a count after the work, lets
 * every concurrent one through).
 */
export async function reserveRateLimit(
  deps: AppDeps,
  rule: RateRule,
  subject: string,
): Promise<{ giveBack: () => Promise<void> }> {
  const { count, retryAfterSeconds, key, windowStart } = await slidingCount(deps, rule, subject, 1);
  const giveBack = async () => {
    await rows(
      deps.database.db,
      sql`update rate_limits set count = count - 1
          where key = ${key} and window_start = ${windowStart.toISOString()}::timestamptz and count > 0`,
    );
  };
  if (count > rule.limit) {
    await giveBack();
    throw tooMany(retryAfterSeconds);
  }
  return { giveBack };
}

/** Drop finished windows (the `rate-limits.prune` job, api/jobs.ts). */
export async function pruneRateLimits(deps: AppDeps): Promise<void> {
  const now = nowOf(deps);
  await deps.database.db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

/**
 * A per-client-address limit. An in-process call (no socket: tests, the server calling its own API)
 * has no address to count, so it is not limited by address; its other limits still apply.
 */
export async function hitAddressLimit(deps: AppDeps, rule: RateRule, ip: string): Promise<void> {
  if (ip === 'unknown') return;
  await hitRateLimit(deps, rule, addressKey(ip, deps.env.RATE_LIMIT_IPV6_PREFIX));
}

/**
 * A cool-down that starts now: resolves when the key was free (and starts it for `seconds`), else
 * returns the seconds left. Sliding (it starts at the request, not at a window boundary) and
 * shared by every node (one conditional upsert).
 */
export async function startCooldown(deps: AppDeps, key: string, seconds: number): Promise<number> {
  const now = nowOf(deps);
  const until = new Date(now.getTime() + seconds * 1000);
  const epoch = new Date(0);
  const [started] = await deps.database.db
    .insert(rateLimits)
    .values({ key: `cooldown:${key.slice(0, 200)}`, windowStart: epoch, count: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, expiresAt: until },
      setWhere: lte(rateLimits.expiresAt, now),
    })
    .returning({ expiresAt: rateLimits.expiresAt });
  if (started) return 0;
  const [held] = await deps.database.db
    .select({ expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `cooldown:${key.slice(0, 200)}`), eq(rateLimits.windowStart, epoch)));
  return Math.max(1, Math.ceil(((held?.expiresAt.getTime() ?? until.getTime()) - now.getTime()) / 1000));
}
