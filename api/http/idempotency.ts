import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../platform/database.ts';
import { ApiError } from './errors.ts';
import { msg } from './messages.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

// Idempotency keys on the calls that create something (a reservation, a charge), as payment APIs have
// them: a client sends `Idempotency-Key: <its own random id>` and, when the answer is lost (a phone
// that dropped signal, a node killed after the commit), sends the same request again with the same
// key. The same key and body within 24 hours get the first answer (status and body) again, with no
// second effect; the same key with another body is refused (422); duplicates in flight make one
// effect. How: the key is claimed by an INSERT inside the effect's own transaction. A duplicate's
// INSERT waits on that row until the first commits (then finds its answer) or rolls back (then runs
// itself), so the key row exists exactly when the effect does, on every node. Refusals (sold out,
// a bad input) roll back and store nothing: a retry is judged again.

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type IdempotentAnswer = { status: number; body: unknown };

/** The request's Idempotency-Key: undefined without one, 400 for one that is not 1-255 visible ASCII. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ApiError(400, 'idempotency_key_invalid', msg('http.idempotencyKeyInvalid'));
  return key;
}

/** JSON with its object keys sorted, so equal inputs hash equally whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export const requestHashOf = (request: unknown) => createHash('sha256').update(canonical(request)).digest('base64url');

/**
 * Run `effect` once per (user, scope, key): in one transaction with the key's row, whose answer a
 * retry gets back (`replayed`). Without a key the effect simply runs.
 */
export async function idempotent(
  db: Db,
  claim: { userId: number; scope: string; key: string | undefined; request: unknown; now: Date },
  effect: (db: Db) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  const { key } = claim;
  if (key === undefined) return { ...(await effect(db)), replayed: false };
  const requestHash = requestHashOf(claim.request);
  const where = and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, key),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: claim.userId,
        scope: claim.scope,
        key,
        requestHash,
        status: 0,
        body: sql`'null'::jsonb`,
        createdAt: claim.now,
        expiresAt: new Date(claim.now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      // Taken: by an earlier request (committed), or one in flight that just committed.
      const [first] = await tx.select().from(idempotencyKeys).where(where).limit(1);
      if (!first) throw new Error('idempotency key neither claimed nor found');
      if (first.requestHash !== requestHash)
        throw new ApiError(422, 'idempotency_key_reused', msg('http.idempotencyKeyReused'));
      return { status: first.status, body: first.body, replayed: true };
    }
    const answer = await effect(tx as unknown as Db);
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, body: sql`${JSON.stringify(answer.body)}::jsonb` })
      .where(where);
    return { ...answer, replayed: false };
  });
}

/** How long a claimed key may stay without an answer before a retry takes it over (a node died). */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;

/**
 * The same, for an effect that cannot run inside one transaction (a charge calls the payment gateway
 * between its own commits, and the gateway's notification must see the charge at once). The key is
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
    if (first.requestHash !== requestHash)
      throw new ApiError(422, 'idempotency_key_reused', msg('http.idempotencyKeyReused'));
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
