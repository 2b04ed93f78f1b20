import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import stableStringify from 'safe-stable-stringify';
import type { Db } from '../platform/database.ts';
import { ApiError } from './errors.ts';
import { msg } from './messages.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

// Idempotency keys on the calls that create something (a reservation, a charge), as payment APIs have
// them: a client sends `Idempotency-Key: <its own random id>` and, when the answer is lost (a phone
// that dropped signal, a node killed after the commit), sends the same request again with the same
// key. The same key and body within 24 hours get the first answer (status and body) again, with no
// second effect; the same key with another body is refused (422); duplicates in flight make one
// effect. The reservation create takes its key in the hold's own statement (reservation_hold: the
// key row exists exactly when the hold does, and a duplicate in flight waits on it and is rolled
// back); the charge, which calls the gateway between its own commits, claims it first
// (idempotentOutside below). Refusals (sold out, a bad input) store nothing: a retry is judged again.

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type IdempotentAnswer = { status: number; body: unknown };

/** 422: the key came before with another request. */
export const idempotencyKeyReused = () => new ApiError(422, 'idempotency_key_reused', msg('http.idempotencyKeyReused'));

/** The request's Idempotency-Key: undefined without one, 400 for one that is not 1-255 visible ASCII. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ApiError(400, 'idempotency_key_invalid', msg('http.idempotencyKeyInvalid'));
  return key;
}

/** SHA-256 of the request's input as JSON with its keys sorted: equal inputs hash equally in any order. */
export const requestHashOf = (request: unknown) =>
  createHash('sha256')
    .update(stableStringify(request) ?? 'null')
    .digest('base64url');

/** How long a claimed key may stay without an answer before a retry takes it over (a node died). */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;

/**
 * Run `effect` once per (user, scope, key), for an effect that cannot run inside one statement or
 * transaction (a charge calls the payment gateway between its own commits, and the gateway's
 * notification must see the charge at once). The key is
 * claimed first, committed, and answered when the effect ends; a refused effect gives the key back.
 * A duplicate arriving meanwhile is told the first is still running (409, retry shortly); a claim
 * left unanswered past IDEMPOTENCY_LEASE_MS (its node died) is taken over by the retry, so the effect
 * must be safe to run again (a new charge attempt supersedes the previous one).
 */
export async function idempotentOutside(
  db: Db,
  claim: { userId: number; scope: string; key: string | undefined; request: unknown; now: Date },
  effect: () => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  const { key, now } = claim;
  if (key === undefined) return { ...(await effect()), replayed: false };
  const requestHash = requestHashOf(claim.request);
  const where = and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, key),
  );
  // Claim the key, or take over a claim whose node never answered (same request only).
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      scope: claim.scope,
      key,
      requestHash,
      status: 0,
      body: sql`'null'::jsonb`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
      set: { createdAt: now },
      setWhere: and(
        eq(idempotencyKeys.status, 0),
        eq(idempotencyKeys.requestHash, requestHash),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_LEASE_MS)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!first) throw new ApiError(409, 'idempotency_key_in_flight', msg('http.idempotencyKeyInFlight'));
    if (first.requestHash !== requestHash) throw idempotencyKeyReused();
    if (first.status === 0) throw new ApiError(409, 'idempotency_key_in_flight', msg('http.idempotencyKeyInFlight'));
    return { status: first.status, body: first.body, replayed: true };
  }
  let answer: IdempotentAnswer;
  try {
    answer = await effect();
  } catch (error) {
    // Refused (or failed): nothing to replay, the retry is judged again.
    await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 0)));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: sql`${JSON.stringify(answer.body)}::jsonb` })
    .where(where);
  return { ...answer, replayed: false };
}

/** Keys past their 24 hours (the `idempotency.prune` job). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
