import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { sqlDb } from '../auth/auth.db.ts';
import { ApiError } from '../http/errors.ts';
import { rateLimits } from './rate-limit.schema.ts';
import { authCodeGuesses } from '../auth/auth.schema.ts';
import { CODE_GUESS_WINDOW_DAYS } from '../auth/codes.service.ts';
import { msg } from '../http/messages.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

// The limits in force. Keys are hashed-free but namespaced by rule: `<rule>:<subject>`.
export const RATE_RULES = {
  signInByUser: { name: 'signin-user', limit: 10, windowSeconds: 15 * 60 },
  signInByIp: { name: 'signin-ip', limit: 100, windowSeconds: 15 * 60 },
  signUpByIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60 },
  codeRequestByTarget: { name: 'code-request-target', limit: 5, windowSeconds: 60 * 60 },
  codeRequestByIp: { name: 'code-request-ip', limit: 50, windowSeconds: 60 * 60 },
  codeCheckByTarget: { name: 'code-check-target', limit: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

/**
 * Count one hit against a fixed window and throw 429 when the limit is passed. The counter lives
 * in PostgreSQL and is bumped by one atomic upsert, so every API node sees the same count.
 */
export async function hitRateLimit(deps: AppDeps, rule: RateRule, subject: string): Promise<void> {
  const now = deps.now ? deps.now() : new Date();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const [row] = await sqlDb(deps)
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject.slice(0, 200)}`, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (row.count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
    throw new ApiError(429, 'rate_limited', msg('http.tooMany'), { retryAfterSeconds });
  }
}

/** Drop finished windows (called from the outbox sender's periodic tick). */
export async function pruneRateLimits(deps: AppDeps): Promise<void> {
  const now = deps.now ? deps.now() : new Date();
  await sqlDb(deps).delete(rateLimits).where(lt(rateLimits.expiresAt, now));
  // Code guesses count for 30 days (api/auth/codes.service.ts); older ones are only history.
  await sqlDb(deps)
    .delete(authCodeGuesses)
    .where(lt(authCodeGuesses.at, new Date(now.getTime() - CODE_GUESS_WINDOW_DAYS * 86_400_000)));
}

/**
 * A per-client-address limit. An in-process call (no socket: tests, the server calling its own API)
 * has no address to count, so it is not limited by address; its other limits still apply.
 */
export async function hitAddressLimit(deps: AppDeps, rule: RateRule, ip: string): Promise<void> {
  if (ip === 'unknown') return;
  await hitRateLimit(deps, rule, ip);
}

/**
 * A cool-down that starts now: resolves when the key was free (and starts it for `seconds`), else
 * returns the seconds left. Sliding (it starts at the request, not at a window boundary) and
 * shared by every node (one conditional upsert).
 */
export async function startCooldown(deps: AppDeps, key: string, seconds: number): Promise<number> {
  const now = deps.now ? deps.now() : new Date();
  const until = new Date(now.getTime() + seconds * 1000);
  const epoch = new Date(0);
  const [started] = await sqlDb(deps)
    .insert(rateLimits)
    .values({ key: `cooldown:${key.slice(0, 200)}`, windowStart: epoch, count: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, expiresAt: until },
      setWhere: lte(rateLimits.expiresAt, now),
    })
    .returning({ expiresAt: rateLimits.expiresAt });
  if (started) return 0;
  const [held] = await sqlDb(deps)
    .select({ expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `cooldown:${key.slice(0, 200)}`), eq(rateLimits.windowStart, epoch)));
  return Math.max(1, Math.ceil(((held?.expiresAt.getTime() ?? until.getTime()) - now.getTime()) / 1000));
}
