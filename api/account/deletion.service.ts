import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { authCodeGuesses, authCodes, authSessions, users } from '../auth/auth.schema.ts';
import { revokeAllUserSessions } from '../auth/tokens.service.ts';
import { passkeys, webauthnChallenges } from '../auth/passkeys.schema.ts';
import { userIdentities } from '../auth/sso.schema.ts';
import { jakartaToday } from '../../core/dates.ts';
import { normalisePhone } from '../../core/contracts/contact-point.ts';
import { blobStoreOf } from '../storage/blob-store.ts';
import { newsletterSubscribers } from '../promotions/promotions.schema.ts';
import { stayShares } from '../reservations/reservations.schema.ts';
import { stayCheckinAttempts, stayCheckins } from './account.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { userUploads } from '../profile/uploads.schema.ts';
import { sweepRemovedUploads } from '../profile/uploads.service.ts';
import { nowOf } from '../platform/clock.ts';

// Deleting an account (spec section 4): allowed only with no current stay, no scheduled stay and no
// outstanding payment; it deactivates the account at once and signs it out everywhere. Customer
// service can reactivate it within 30 days (`npm run ops -- reactivate <user>`); after 30 days the
// `accounts.purge` job erases the personal data and the uploads for good, keeps the reservations
// anonymised for accounting, and sets the Bobopoints to zero.

export const REACTIVATION_DAYS = 30;
export const DELETION_RULES = ['current_stay', 'scheduled_stay', 'outstanding_payment'] as const;
export type DeletionRule = (typeof DELETION_RULES)[number];

const RULE_MESSAGE = {
  current_stay: 'account.blockedCurrentStay',
  scheduled_stay: 'account.blockedScheduledStay',
  outstanding_payment: 'account.blockedOutstandingPayment',
} as const;

/** Which deletion rules the guest's bookings break right now (empty: the account may go). */
export async function deletionBlockers(db: Db, userId: number, now: Date): Promise<DeletionRule[]> {
  const today = jakartaToday(now).toString();
  const [row] = await rows<{ current_stay: boolean; scheduled_stay: boolean; outstanding_payment: boolean }>(
    db,
    sql`select
          exists (select 1 from reservations where user_id = ${userId} and payment_status_id = payment_status('paid')
                  and checkin_date <= ${today}::date and checkout_date >= ${today}::date) as current_stay,
          exists (select 1 from reservations where user_id = ${userId} and payment_status_id = payment_status('paid')
                  and checkin_date > ${today}::date) as scheduled_stay,
          exists (select 1 from reservations where user_id = ${userId}
                  and hold_is_live(payment_status_id, expired_at, ${now.toISOString()}::timestamptz)) as outstanding_payment`,
  );
  return DELETION_RULES.filter((rule) => row?.[rule]);
}

function blocked(reasons: DeletionRule[]) {
  const head = msg('account.deletionBlocked');
  const lines = reasons.map((r) => msg(RULE_MESSAGE[r]));
  return new ApiError(
    409,
    'account_deletion_blocked',
    {
      en: [head.en, ...lines.map((l) => l.en)].join(' '),
      id: [head.id, ...lines.map((l) => l.id)].join(' '),
    },
    { reasons },
  );
}

/**
 * The guest deletes the account: checked and deactivated in one transaction that holds the guest's
 * booking lock (the one the unpaid-holds trigger takes), so no booking slips in between the check and
 * the deactivation; every session is revoked in it too, so every device is signed out at once.
 */
export async function deleteAccount(deps: AppDeps, userId: number) {
  const now = nowOf(deps);
  await deps.database.db.transaction(async (tx) => {
    await rows(tx, sql`select pg_advisory_xact_lock(7301, ${userId})`);
    const reasons = await deletionBlockers(tx, userId, now);
    if (reasons.length > 0) throw blocked(reasons);
    await tx
      .update(users)
      .set({ deactivatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)));
    await revokeAllUserSessions({ ...deps, database: { ...deps.database, db: tx } }, userId, 'account_deleted');
    // Passkeys go too: an account brought back by customer service signs in with its password first.
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  });
  return {
    deactivated: true as const,
    erase_on: eraseOn(now),
  };
}

/** Find a guest by id or e-mail (the operator commands). */
export async function findUser(db: Db, who: string) {
  const value = who.trim();
  // An id, an e-mail, or a phone number as a guest writes it (0812…, +62 812…, 62812…).
  const where = /^\d{1,9}$/.test(value)
    ? eq(users.id, Number(value))
    : value.includes('@')
      ? eq(users.email, value.toLowerCase())
      : eq(users.telephone, normalisePhone(value));
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/** Customer service brings a deleted account back, within 30 days and before it is erased. */
export async function reactivateAccount(
  db: Db,
  userId: number,
  now: Date,
): Promise<'reactivated' | 'not_deleted' | 'too_late'> {
  const since = new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);
  const [done] = await db
    .update(users)
    .set({ deactivatedAt: null })
    .where(and(eq(users.id, userId), isNull(users.erasedAt), sql`${users.deactivatedAt} > ${since.toISOString()}`))
    .returning({ id: users.id });
  if (done) return 'reactivated';
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user?.deactivatedAt ? 'too_late' : 'not_deleted';
}

/** An operator's decision on a submitted ID (a rejected guest may upload again). */
export async function decideIdentity(
  db: Db,
  userId: number,
  decision: 'approve' | 'reject',
): Promise<{ from: string; to: string } | null> {
  const to = decision === 'approve' ? 'verified' : 'rejected';
  const [before] = await db.select({ status: users.identityStatus }).from(users).where(eq(users.id, userId)).limit(1);
  if (!before) return null;
  // Only what was submitted is decided on (approving twice, or rejecting a verified ID by mistake,
  // changes nothing).
  await db
    .update(users)
    .set({ identityStatus: to })
    .where(and(eq(users.id, userId), eq(users.identityStatus, 'submitted')));
  const [after] = await db.select({ status: users.identityStatus }).from(users).where(eq(users.id, userId));
  return { from: before.status, to: after!.status };
}

/**
 * The purge: accounts deleted more than 30 days ago lose their personal data for good. One
 * transaction per account, guarded by `erased_at`, so a second worker or a replay finds nothing to do:
 * - the profile: name, e-mail (a placeholder keeps the unique column), phone, password, picture,
 *   verification flags and ID status; sessions, codes and code guesses are deleted;
 * - the uploads: their rows are retired and their files deleted (sweepRemovedUploads);
 * - the reservations stay for accounting, with the guest's name, e-mail and phone blanked, and their
 *   the shares of their stays (stay_shares) are dropped, as is the account's own place in others' stays;
 * - mail and SMS waiting in the outbox for the old address are dropped, and so is its newsletter sign-up;
 * - the Bobopoints: pending ones are cancelled and the balance goes to zero with one `purge` ledger row.
 */
export async function purgeDeletedAccounts(
  deps: Pick<AppDeps, 'database' | 'env'>,
  now: Date,
  /** Only this account (the browser tests' fixture runs the purge for its own guest alone). */
  only?: { userId: number },
): Promise<number> {
  const db = deps.database.db;
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.deactivatedAt),
        isNull(users.erasedAt),
        lte(users.deactivatedAt, cutoff),
        only ? eq(users.id, only.userId) : undefined,
      ),
    )
    .limit(200);
  let erased = 0;
  const store = blobStoreOf(deps);
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ erasedAt: now })
        .where(and(eq(users.id, id), isNull(users.erasedAt), lte(users.deactivatedAt, cutoff)))
        .returning();
      if (!user) return null;
      await tx
        .update(users)
        .set({
          name: 'Deleted guest',
          nickName: null,
          email: `deleted-${id}@deleted.invalid`,
          telephone: null,
          passwordHash: `erased:${randomBytes(16).toString('base64url')}`,
          isEmailVerified: false,
          isTelephoneVerified: false,
          profilePictureUrl: null,
          identityStatus: 'not_submitted',
        })
        .where(eq(users.id, id));
      await tx
        .update(userUploads)
        .set({ removedAt: now })
        .where(and(eq(userUploads.userId, id), isNull(userUploads.removedAt)));
      await tx
        .update(reservations)
        .set({ guestName: 'Deleted guest', guestEmail: '', guestPhone: '', notes: '' })
        .where(eq(reservations.userId, id));
      // Who stayed with whom goes too: their places in others' stays, the shares of their bookings, and
      // invitations addressed to their e-mail or phone.
      await tx
        .delete(stayShares)
        .where(
          or(
            eq(stayShares.guestUserId, id),
            inArray(
              stayShares.reservationId,
              tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, id)),
            ),
            eq(stayShares.contact, user.email),
            ...(user.telephone ? [eq(stayShares.contact, user.telephone)] : []),
          ),
        );
      await tx.delete(stayCheckins).where(eq(stayCheckins.userId, id));
      await tx.delete(stayCheckinAttempts).where(eq(stayCheckinAttempts.userId, id));
      const addresses = [user.email, ...(user.telephone ? [`+62${user.telephone}`] : [])];
      const files = await forgetEverywhere(tx, id, { ...user, addresses });
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
      await tx.delete(authSessions).where(eq(authSessions.userId, id));
      await tx.delete(passkeys).where(eq(passkeys.userId, id));
      await tx.delete(userIdentities).where(eq(userIdentities.userId, id));
      await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, id));
      await tx.delete(authCodes).where(eq(authCodes.userId, id));
      await tx.delete(authCodeGuesses).where(eq(authCodeGuesses.userId, id));
      await rows(
        tx,
        sql`with cancel as (
              update bobopoint_ledger set status = 'cancelled' where user_id = ${id} and status = 'pending' returning 1
            ), expire as (
              update bobopoint_ledger set status = 'expired'
              where user_id = ${id} and status = 'active' and amount > 0 returning 1
            ), ins as (
              insert into bobopoint_ledger (user_id, amount, kind, status, dedupe_key, created_at)
              select ${id}, -balance, 'purge', 'expired', ${`purge:${id}`}, ${now.toISOString()}::timestamptz
              from bobopoint_accounts where user_id = ${id} and balance <> 0
              on conflict (dedupe_key) do nothing returning 1
            )
            update bobopoint_accounts set balance = 0 where user_id = ${id}`,
      );
      return files;
    });
    if (!done) continue;
    erased++;
    // The form files go once their rows are gone for good (after the commit).
    for (const file of done) await store.delete(file);
  }
  await sweepRemovedUploads(deps);
  return erased;
}

/**
 * What else names the person, outside their account (issue 27, item 4): every message to their e-mail
 * or phone, sent ones too, and every message that names them (their e-mail, phone or order ids in
 * the subject, text, HTML or attachments: the operators' copy of their form, a confirmation), in the
 * outbox and in the development sink; their form submissions and drafts (the files are deleted after
 * the commit); the answers kept for their Idempotency-Keys; rate-limit counters keyed by their e-mail
 * or phone; codes sent to those addresses before the account existed; and the browser id and fields
 * of the site events of their stays (the events keep their name, value, hotel and campaign, so the
 * funnel's numbers stay). Payments and the reservations stay for accounting, without the person.
 */
async function forgetEverywhere(
  tx: Db,
  userId: number,
  who: { email: string; telephone: string | null; addresses: string[] },
): Promise<string[]> {
  const orders = (
    await rows<{ order_id: string }>(tx, sql`select order_id from reservations where user_id = ${userId}`)
  ).map((r) => r.order_id);
  const needles = [...who.addresses, ...(who.telephone ? [who.telephone] : []), ...orders];
  const list = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  for (const table of ['outbox_messages', 'outbox_sink_messages'])
    await rows(
      tx,
      sql`delete from ${sql.raw(table)} m where m."to" = any(${list(who.addresses)})
          or exists (select 1 from unnest(${list(needles)}) n
                     where position(lower(n) in lower(concat_ws(' ', m.subject, m.text, m.html, m.attachments::text))) > 0)
          returning 1`,
    );
  const files = await rows<{ id: string }>(
    tx,
    sql`delete from form_submission_files where submission_id in
          (select id from form_submissions where lower(email) = ${who.email}) returning id`,
  );
  await rows(tx, sql`delete from form_submissions where lower(email) = ${who.email} returning 1`);
  await rows(tx, sql`delete from form_drafts where lower(values->>'email') = ${who.email} returning 1`);
  await rows(tx, sql`delete from idempotency_keys where user_id = ${userId} returning 1`);
  // The audit of operators' reads stays (it names the account by id only); its free text may not.
  await rows(tx, sql`update operator_audit set reason = null where user_id = ${userId} returning 1`);
  await rows(
    tx,
    sql`delete from rate_limits r where exists (select 1 from unnest(${list(needles)}) n
          where position(lower(n) in lower(r.key)) > 0) returning 1`,
  );
  await rows(tx, sql`delete from auth_codes where target = any(${list(needles)}) returning 1`);
  if (orders.length)
    await rows(
      tx,
      sql`update analytics_events set client_id = 'erased', fields = '{}'::jsonb, page_path = ''
          where reservation_id in (select id from reservations where user_id = ${userId}) returning 1`,
    );
  // Their files are deleted by the caller once this transaction has committed.
  return files.map((f) => f.id);
}

/** When a deleted account is erased: 30 days after the deletion, as a Jakarta date. */
export function eraseOn(deactivatedAt: Date): string {
  return jakartaToday(deactivatedAt).add({ days: REACTIVATION_DAYS }).toString();
}
