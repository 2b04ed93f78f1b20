import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Temporal } from '../../core/temporal.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import type { ApiLang } from '../http/errors.ts';
import { jakartaToday } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { POINTS_EARNED_PER_CHECKOUT, POINTS_MAX_PER_BOOKING, POINTS_STEP } from '../../core/contracts/payment.ts';
import { bobopointAccounts } from './points.schema.ts';
import { bobopointLedger } from './points.schema.ts';
import { msg } from '../http/messages.ts';

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
 * The welcome rule: 15,000 active points, once, for every guest with a verified e-mail address or
 * phone number (spec sections 5 and 9) whose account is not deleted; `onlyUserId` narrows it to one
 * guest (at the moment of verification). One statement credits the ledger row and the balance
 * together; the row's unique `welcome:<user>` key makes a second run, on this node or another, insert
 * nothing and add nothing. Returns how many guests were credited.
 */
export async function grantWelcomePoints(db: Db, now: Date, onlyUserId?: number): Promise<number> {
  const expires = jakartaToday(now).add({ years: 1 }).toString();
  const out = await rows<{ n: number }>(
    db,
    sql`with ins as (
          insert into bobopoint_ledger (user_id, amount, kind, status, expires_on, dedupe_key, created_at)
          select u.id, ${WELCOME_POINTS}, 'welcome', 'active', ${expires}::date, 'welcome:' || u.id, ${now.toISOString()}::timestamptz
          from users u
          where (u.is_email_verified or u.is_telephone_verified) and u.deactivated_at is null
            ${onlyUserId === undefined ? sql`` : sql`and u.id = ${onlyUserId}`}
            and not exists (select 1 from bobopoint_ledger l where l.dedupe_key = 'welcome:' || u.id)
          on conflict (dedupe_key) do nothing
          returning user_id, amount
        ), acc as (
          insert into bobopoint_accounts (user_id, balance) select user_id, amount from ins
          on conflict (user_id) do update set balance = bobopoint_accounts.balance + excluded.balance
          returning 1
        )
        select (select count(*) from ins)::int as n`,
  );
  return Number(out[0]?.n ?? 0);
}

/** The welcome rule for one guest, when their first address is verified (the job catches any other). */
export async function ensureWelcomePoints(db: Db, userId: number, now: Date): Promise<boolean> {
  return (await grantWelcomePoints(db, now, userId)) === 1;
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

/**
 * Bobopoints of a user: total active, worth in Rupiah, expiry, and the Active / Pending / History tabs.
 * A read changes nothing: the ledger's rules (welcome bonus, activation on the earning date, expiry)
 * run unattended on the job queue (api/points/points.jobs.ts).
 */
export async function pointsSummary(db: Db, userId: number, ctx: { now: Date; lang: ApiLang }) {
  const today = jakartaToday(ctx.now).toString();
  const [[account], ledger, anchor] = await Promise.all([
    db.select().from(bobopointAccounts).where(eq(bobopointAccounts.userId, userId)).limit(1),
    db.select().from(bobopointLedger).where(eq(bobopointLedger.userId, userId)).orderBy(desc(bobopointLedger.id)),
    expiryAnchor(db, userId, today),
  ]);
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
  return {
    total,
    worth: total,
    worth_label: formatRupiah(total),
    expiry_date: total > 0 && anchor ? expiryDateOf(anchor) : null,
    active: ledger.filter((r) => r.status === 'active' && r.amount > 0).map(item),
    pending: ledger.filter((r) => r.status === 'pending').map(item),
    history: ledger.filter((r) => r.status !== 'pending').map(item),
  };
}

/** Active points expire one year after the anchor below (spec section 9). */
export const expiryDateOf = (anchor: string) => Temporal.PlainDate.from(anchor).add({ years: 1 }).toString();

/**
 * The day a guest's active points count from: the check-out of their last stay (paid, checked out by
 * `today`), or the day of a later credit still active (the welcome bonus of a guest who has not
 * stayed since). Active points expire one year after it. The expiry job and the summary share this
 * one expression.
 */
export function expiryAnchorSql(userId: SQL | number, today: string): SQL {
  return sql`greatest(
    (select max(r.checkout_date) from reservations r
      where r.user_id = ${userId} and r.payment_status_id = payment_status('paid') and r.checkout_date <= ${today}::date),
    (select max(coalesce(l.earn_date, (l.created_at at time zone 'Asia/Jakarta')::date)) from bobopoint_ledger l
      where l.user_id = ${userId} and l.status = 'active' and l.amount > 0)
  )`;
}

async function expiryAnchor(db: Db, userId: number, today: string): Promise<string | null> {
  const [row] = await rows<{ anchor: string | null }>(
    db,
    sql`select (${expiryAnchorSql(userId, today)})::text as anchor`,
  );
  return row?.anchor ?? null;
}

/**
 * The gift-certificate view of the same balance (spec section 3: the search result's `giftCertificate`
 * and its remaining balance, the profile's `total_gift_certificate`): what one booking can take
 * (multiples of 5,000, at most 100,000), what would remain, and every booking the guest applied
 * points to, used (paid) or held (waiting for payment).
 */
export async function giftCertificates(db: Db, userId: number, now: Date) {
  const [balance, applied] = await Promise.all([
    pointsBalance(db, userId),
    rows<{
      reservation_id: number;
      order_id: string;
      hotel_name: string;
      checkin_date: string;
      checkout_date: string;
      amount: number;
      status: 'used' | 'held';
      applied_at: string;
    }>(
      db,
      sql`select r.id as reservation_id, r.order_id, h.name as hotel_name, r.checkin_date::text, r.checkout_date::text,
            coalesce(-l.amount, r.gift_certificate)::int as amount,
            case when l.id is not null then 'used' else 'held' end as status,
            to_json(coalesce(l.created_at, r.updated_at))#>>'{}' as applied_at
          from reservations r
          join hotels h on h.id = r.hotel_id
          left join bobopoint_ledger l on l.dedupe_key = 'redeem:' || r.id
          where r.user_id = ${userId}
            and (l.id is not null or (hold_is_live(r.payment_status_id, r.expired_at, ${now.toISOString()}::timestamptz) and r.gift_certificate > 0))
          order by coalesce(l.created_at, r.updated_at) desc, r.id desc`,
    ),
  ]);
  const usable = Math.min(Math.floor(Math.min(balance, POINTS_MAX_PER_BOOKING) / POINTS_STEP) * POINTS_STEP, balance);
  return {
    balance,
    balance_label: formatRupiah(balance),
    usable_per_booking: usable,
    remaining_after_use: balance - usable,
    step: POINTS_STEP,
    max_per_booking: POINTS_MAX_PER_BOOKING,
    items: applied.map((a) => ({ ...a, amount: Number(a.amount), amount_label: formatRupiah(Number(a.amount)) })),
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
