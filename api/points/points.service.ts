import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import type { ApiLang } from '../http/errors.ts';
import { jakartaToday } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { POINTS_EARNED_PER_CHECKOUT } from '../pricing/pricing.constants.ts';
import { bobopointAccounts } from '../promotions/promotions.schema.ts';
import { bobopointLedger } from './points.schema.ts';
import { msg } from '../http/messages.ts';
import { users } from '../auth/auth.schema.ts';

/** A user's active Bobopoint balance (0 for a guest or a user without an account row). */
export async function pointsBalance(db: Db, userId: number | undefined): Promise<number> {
  if (userId === undefined) return 0;
  const [row] = await db.select().from(bobopointAccounts).where(eq(bobopointAccounts.userId, userId)).limit(1);
  return row?.balance ?? 0;
}

/** Spec section 9: 15,000 points for a new user, and 15,000 per checkout. */
export const WELCOME_POINTS = 15_000;
export const STAY_POINTS = POINTS_EARNED_PER_CHECKOUT;

/**
 * Credit a ledger row and the active balance in ONE statement: the row's unique dedupe_key makes a
 * second attempt (a replayed notification, a second API node) insert nothing and add nothing.
 */
async function creditActive(
  db: Db,
  userId: number,
  amount: number,
  kind: string,
  dedupeKey: string,
  now: Date,
  expiresOn: string,
): Promise<boolean> {
  const out = await rows<{ n: number }>(
    db,
    sql`with ins as (
          insert into bobopoint_ledger (user_id, amount, kind, status, expires_on, dedupe_key, created_at)
          values (${userId}, ${amount}, ${kind}, 'active', ${expiresOn}::date, ${dedupeKey}, ${now.toISOString()}::timestamptz)
          on conflict (dedupe_key) do nothing
          returning amount
        ), acc as (
          insert into bobopoint_accounts (user_id, balance) select ${userId}, amount from ins
          on conflict (user_id) do update set balance = bobopoint_accounts.balance + excluded.balance
          returning 1
        )
        select (select count(*) from ins)::int as n`,
  );
  return Number(out[0]?.n ?? 0) === 1;
}

/**
 * New users get 15,000 points once they have verified an e-mail address or phone number (spec
 * section 5): credited once (deduplicated by key), at verification, or the first time a verified
 * account's points are looked at.
 */
export async function ensureWelcomePoints(db: Db, userId: number, now: Date): Promise<boolean> {
  const expires = jakartaToday(now).add({ years: 1 }).toString();
  return creditActive(db, userId, WELCOME_POINTS, 'welcome', `welcome:${userId}`, now, expires);
}

/** Pending earnings whose date has come become active (and add to the balance), atomically. */
export async function activateDuePoints(db: Db, userId: number, now: Date): Promise<number> {
  const today = jakartaToday(now).toString();
  const out = await rows<{ total: number }>(
    db,
    sql`with act as (
          update bobopoint_ledger set status = 'active', expires_on = (earn_date + interval '1 year')::date
          where user_id = ${userId} and status = 'pending' and earn_date <= ${today}::date
          returning amount
        ), acc as (
          insert into bobopoint_accounts (user_id, balance) select ${userId}, sum(amount) from act having count(*) > 0
          on conflict (user_id) do update set balance = bobopoint_accounts.balance + excluded.balance
          returning 1
        )
        select coalesce((select sum(amount) from act), 0)::int as total`,
  );
  return Number(out[0]?.total ?? 0);
}

/**
 * Inside the confirmation transaction: take the redeemed points from the balance (guarded, never
 * below zero). False when the balance no longer covers them; the caller must not confirm then.
 */
export async function redeemForReservation(
  tx: Db,
  userId: number,
  reservationId: number,
  amount: number,
  now: Date,
): Promise<boolean> {
  if (amount <= 0) return true;
  const out = await rows<{ n: number }>(
    tx,
    sql`with dec as (
          update bobopoint_accounts set balance = balance - ${amount}
          where user_id = ${userId} and balance >= ${amount}
            and not exists (select 1 from bobopoint_ledger where dedupe_key = ${`redeem:${reservationId}`})
          returning 1
        ), ins as (
          insert into bobopoint_ledger (user_id, amount, kind, status, reservation_id, dedupe_key, created_at)
          select ${userId}, ${-amount}, 'redeem', 'used', ${reservationId}, ${`redeem:${reservationId}`}, ${now.toISOString()}::timestamptz from dec
          on conflict (dedupe_key) do nothing
          returning 1
        )
        select (select count(*) from ins)::int as n`,
  );
  return Number(out[0]?.n ?? 0) === 1;
}

/** Inside the confirmation transaction: 15,000 pending points, active from the check-out date. */
export async function earnPendingForStay(
  tx: Db,
  userId: number,
  reservationId: number,
  checkoutDate: string,
  now: Date,
): Promise<boolean> {
  const out = await rows<{ id: number }>(
    tx,
    sql`insert into bobopoint_ledger (user_id, amount, kind, status, reservation_id, earn_date, dedupe_key, created_at)
        values (${userId}, ${STAY_POINTS}, 'stay', 'pending', ${reservationId}, ${checkoutDate}::date, ${`stay:${reservationId}`}, ${now.toISOString()}::timestamptz)
        on conflict (dedupe_key) do nothing returning id`,
  );
  return out.length === 1;
}

/** A refunded stay earns nothing: its pending points are cancelled (guarded, once). */
export async function cancelPendingForStay(tx: Db, reservationId: number): Promise<void> {
  await rows(
    tx,
    sql`update bobopoint_ledger set status = 'cancelled' where dedupe_key = ${`stay:${reservationId}`} and status = 'pending' returning id`,
  );
}

const KIND_LABEL: Record<string, Record<ApiLang, string>> = {
  welcome: msg('points.kindWelcome'),
  stay: msg('points.kindStay'),
  redeem: msg('points.kindRedeem'),
  expire: msg('points.kindExpire'),
};

/** Bobopoints of a user: total active, worth in Rupiah, expiry, and the Active / Pending / History tabs. */
export async function pointsSummary(db: Db, userId: number, ctx: { now: Date; lang: ApiLang }) {
  const [owner] = await db
    .select({ email: users.isEmailVerified, phone: users.isTelephoneVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (owner?.email || owner?.phone) await ensureWelcomePoints(db, userId, ctx.now);
  await activateDuePoints(db, userId, ctx.now);
  const [account] = await db.select().from(bobopointAccounts).where(eq(bobopointAccounts.userId, userId)).limit(1);
  const ledger = await db
    .select()
    .from(bobopointLedger)
    .where(eq(bobopointLedger.userId, userId))
    .orderBy(desc(bobopointLedger.id));
  const total = account?.balance ?? 0;
  const item = (r: (typeof ledger)[number]) => ({
    id: r.id,
    amount: r.amount,
    kind: r.kind,
    label: KIND_LABEL[r.kind]?.[ctx.lang] ?? r.kind,
    status: r.status,
    reservation_id: r.reservationId,
    earn_date: r.earnDate,
    expires_on: r.expiresOn,
    created_at: r.createdAt.toISOString(),
  });
  const active = ledger.filter((r) => r.status === 'active' && r.amount > 0);
  const expiry =
    active
      .map((r) => r.expiresOn)
      .filter((d): d is string => !!d)
      .sort()
      .at(-1) ?? null;
  return {
    total,
    worth: total,
    worth_label: formatRupiah(total),
    expiry_date: expiry,
    active: active.map(item),
    pending: ledger.filter((r) => r.status === 'pending').map(item),
    history: ledger.filter((r) => r.status !== 'pending').map(item),
  };
}

export async function pendingStayPoints(db: Db, reservationId: number) {
  const [row] = await db
    .select()
    .from(bobopointLedger)
    .where(and(eq(bobopointLedger.dedupeKey, `stay:${reservationId}`)))
    .limit(1);
  return row ?? null;
}
