import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { ApiLang } from '../http/errors.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { codeEmail, codeSms } from '../outbox/templates.ts';
import type { CodeMailPurpose } from '../outbox/templates.ts';
import { authErrors } from './auth.errors.ts';
import { authCodeGuesses, authCodes } from './auth.schema.ts';
import { safeEqualHash, sha256 } from './tokens.service.ts';
import { nowOf } from '../platform/clock.ts';

export type StoredCodePurpose = CodeMailPurpose;

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_COOLDOWN_SECONDS = 60;
/** Wrong guesses an account answers across all its codes in CODE_GUESS_WINDOW_DAYS (api/auth/README.md). */
export const CODE_GUESSES_PER_WINDOW = 100;
export const CODE_GUESS_WINDOW_DAYS = 30;
/** How long a validated reset code's ticket may be exchanged for a new password. */
export const RESET_TICKET_TTL_SECONDS = 10 * 60;

// Keyed hash: a leaked table does not reveal 4-digit codes (10,000 guesses would otherwise do).
function hashCode(deps: AppDeps, salt: string, code: string): string {
  const mac = createHmac('sha256', deps.env.AUTH_JWT_SECRET).update(`${salt}:${code}`).digest('base64url');
  return `${salt}$${mac}`;
}

/**
 * Create and send a new code for (purpose, target). Older unused codes for the same target are
 * invalidated. The resend cool-down is the caller's (requestCode: one per purpose and address).
 */
export async function issueCode(
  deps: AppDeps,
  input: {
    purpose: StoredCodePurpose;
    target: string;
    channel: 'email' | 'phone';
    userId: number;
    name: string;
    lang: ApiLang;
  },
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  const db = deps.database.db;
  const now = nowOf(deps);
  await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.purpose, input.purpose), eq(authCodes.target, input.target), isNull(authCodes.consumedAt)));
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await db.insert(authCodes).values({
    purpose: input.purpose,
    target: input.target,
    userId: input.userId,
    codeHash: hashCode(deps, randomBytes(12).toString('base64url'), code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  const minutes = CODE_TTL_SECONDS / 60;
  if (input.channel === 'email') {
    const mail = codeEmail(input.lang, input.purpose, code, input.name, minutes);
    await enqueueMessage(deps, { channel: 'email', to: input.target, lang: input.lang, lane: 'urgent', ...mail });
  } else {
    const sms = codeSms(input.lang, input.purpose, code, minutes);
    await enqueueMessage(deps, { channel: 'sms', to: `+62${input.target}`, lang: input.lang, lane: 'urgent', ...sms });
  }
  return { expiresInSeconds: CODE_TTL_SECONDS, resendAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS };
}

/**
 * Take one of the account's guesses, or refuse: under a per-account advisory lock, so parallel
 * checks on any node cannot take more than CODE_GUESSES_PER_WINDOW between them.
 */
async function takeGuess(deps: AppDeps, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CODE_GUESS_WINDOW_DAYS * 86_400_000);
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7303, ${userId})`);
    const [taken] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(authCodeGuesses)
      .where(and(eq(authCodeGuesses.userId, userId), gt(authCodeGuesses.at, since)));
    if (Number(taken?.n ?? 0) >= CODE_GUESSES_PER_WINDOW) throw authErrors.codeGuessesExhausted();
    const [row] = await tx.insert(authCodeGuesses).values({ userId, at: now }).returning({ id: authCodeGuesses.id });
    return row!.id;
  });
}

/**
 * Check a code. The attempt counter is bumped by a guarded UPDATE before comparing (so parallel
 * guesses cannot exceed the limit), and a correct code is consumed by another guarded UPDATE
 * (so it works exactly once). Returns the code row's id and user.
 */
export async function consumeCode(
  deps: AppDeps,
  input: { purpose: StoredCodePurpose; target: string; code: string },
): Promise<{ id: number; userId: number }> {
  const db = deps.database.db;
  const now = nowOf(deps);
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.purpose, input.purpose), eq(authCodes.target, input.target), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= now) throw authErrors.codeExpired();
  const guess = await takeGuess(deps, row.userId, now);
  const [counted] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(and(eq(authCodes.id, row.id), lt(authCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: authCodes.attempts });
  if (!counted) {
    // This code takes no more tries: nothing was compared, so the guess is given back.
    await db.delete(authCodeGuesses).where(eq(authCodeGuesses.id, guess));
    throw authErrors.codeAttemptsExceeded();
  }
  const salt = row.codeHash.split('$')[0];
  if (!safeEqualHash(hashCode(deps, salt, input.code), row.codeHash)) {
    if (counted.attempts >= CODE_MAX_ATTEMPTS) throw authErrors.codeAttemptsExceeded();
    throw authErrors.codeInvalid();
  }
  // A right guess does not count against the account.
  await db.delete(authCodeGuesses).where(eq(authCodeGuesses.id, guess));
  const [consumed] = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (!consumed) throw authErrors.codeExpired();
  return { id: row.id, userId: row.userId };
}

/** After a reset code is consumed: a one-time ticket (random, stored hashed) for the new password. */
export async function createResetTicket(
  deps: AppDeps,
  codeId: number,
): Promise<{ resetToken: string; expiresInSeconds: number }> {
  const ticket = `rst_${randomBytes(32).toString('base64url')}`;
  const now = nowOf(deps);
  await deps.database.db
    .update(authCodes)
    .set({ ticketHash: sha256(ticket), ticketExpiresAt: new Date(now.getTime() + RESET_TICKET_TTL_SECONDS * 1000) })
    .where(eq(authCodes.id, codeId));
  return { resetToken: ticket, expiresInSeconds: RESET_TICKET_TTL_SECONDS };
}

/** Spend a reset ticket exactly once; returns the user it belongs to. */
export async function spendResetTicket(deps: AppDeps, ticket: string): Promise<number> {
  const now = nowOf(deps);
  const [row] = await deps.database.db
    .update(authCodes)
    .set({ ticketUsedAt: now })
    .where(
      and(
        eq(authCodes.ticketHash, sha256(ticket)),
        isNull(authCodes.ticketUsedAt),
        eq(authCodes.purpose, 'reset_password'),
      ),
    )
    .returning({ userId: authCodes.userId, expiresAt: authCodes.ticketExpiresAt });
  if (!row || !row.expiresAt || row.expiresAt <= now) throw authErrors.ticketInvalid();
  return row.userId;
}

/** Code guesses count for CODE_GUESS_WINDOW_DAYS; older ones are only history (the `rate-limits.prune` job). */
export async function pruneCodeGuesses(deps: AppDeps): Promise<void> {
  const since = new Date(nowOf(deps).getTime() - CODE_GUESS_WINDOW_DAYS * 86_400_000);
  await deps.database.db.delete(authCodeGuesses).where(lt(authCodeGuesses.at, since));
}
