import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { jakartaToday } from '../../core/dates.ts';
import { expiryAnchorSql, expiryDateOf, grantWelcomePoints } from './points.service.ts';

// The Bobopoint ledger's rules, run unattended on the job queue (api/jobs/account-jobs.ts registers
// them; server/jobs.ts starts them). Each is a function of the clock alone and idempotent: every
// change is a guarded UPDATE or an INSERT under the ledger's unique `dedupe_key` (one key per reason
// and source: welcome:<user>, stay:<reservation>, redeem:<reservation>, expire:<user>:<anchor>), so
// two workers running the same job at once, or a replay, add exactly nothing the second time.

export { grantWelcomePoints };

/**
 * Pending stay points whose earning date (the check-out) has come become active and join the balance,
 * in one statement. A stay that is no longer paid (refunded, cancelled) or was paid with points earns
 * nothing: its pending row is cancelled instead (the payment confirmation never creates one for a
 * stay paid with points; this keeps the rule true whatever wrote the row). A second worker waiting on
 * the same rows finds them no longer pending and changes nothing.
 */
export async function activateDuePoints(
  db: Db,
  now: Date,
  /** Only this guest's points (the browser tests' fixture runs the job for its own guest alone). */
  only?: { userId: number },
): Promise<{ activated: number; cancelled: number }> {
  const today = jakartaToday(now).toString();
  const whose = only ? sql`and l.user_id = ${only.userId}` : sql``;
  const earnsNothing = sql`exists (
    select 1 from reservations r
    where r.id = l.reservation_id
      and (r.payment_status_id <> payment_status('paid')
        or exists (select 1 from bobopoint_ledger x where x.dedupe_key = 'redeem:' || r.id))
  )`;
  const [out] = await rows<{ activated: number; cancelled: number }>(
    db,
    sql`with cancelled as (
          update bobopoint_ledger l set status = 'cancelled'
          where l.status = 'pending' and l.earn_date <= ${today}::date ${whose} and ${earnsNothing}
          returning l.id
        ), act as (
          update bobopoint_ledger l set status = 'active', expires_on = (l.earn_date + interval '1 year')::date
          where l.status = 'pending' and l.earn_date <= ${today}::date ${whose} and not ${earnsNothing}
          returning l.user_id, l.amount
        ), acc as (
          insert into bobopoint_accounts (user_id, balance)
          select user_id, sum(amount)::int from act group by user_id
          on conflict (user_id) do update set balance = bobopoint_accounts.balance + excluded.balance
          returning 1
        )
        select (select count(*) from act)::int as activated, (select count(*) from cancelled)::int as cancelled`,
  );
  return { activated: Number(out?.activated ?? 0), cancelled: Number(out?.cancelled ?? 0) };
}

/**
 * Active points expire one year after the guest's last stay (spec section 9; the anchor is
 * points.service.ts's expiryAnchorSql): the whole balance goes, with one `expire` ledger row keyed by
 * the guest and the anchor, and the credits it came from are marked expired. One transaction per
 * guest, with the balance row locked: a redemption or a second worker waits, and the second worker
 * then finds the key taken and the balance at zero.
 */
export async function expireStalePoints(db: Db, now: Date): Promise<number> {
  const today = jakartaToday(now).toString();
  const lastYear = jakartaToday(now).subtract({ years: 1 }).toString();
  const due = await rows<{ user_id: number }>(
    db,
    sql`select a.user_id from bobopoint_accounts a
        where a.balance > 0 and (${expiryAnchorSql(sql`a.user_id`, today)}) <= ${lastYear}::date`,
  );
  let expired = 0;
  for (const { user_id: userId } of due) {
    const done = await db.transaction(async (tx) => {
      const [account] = await rows<{ balance: number; anchor: string | null }>(
        tx,
        sql`select a.balance, (${expiryAnchorSql(userId, today)})::text as anchor
            from bobopoint_accounts a where a.user_id = ${userId} for update`,
      );
      if (!account || account.balance <= 0 || !account.anchor || expiryDateOf(account.anchor) > today) return false;
      const inserted = await rows<{ id: number }>(
        tx,
        sql`insert into bobopoint_ledger (user_id, amount, kind, status, expires_on, dedupe_key, created_at)
            values (${userId}, ${-account.balance}, 'expire', 'expired', ${expiryDateOf(account.anchor)}::date,
              ${`expire:${userId}:${account.anchor}`}, ${now.toISOString()}::timestamptz)
            on conflict (dedupe_key) do nothing returning id`,
      );
      if (inserted.length === 0) return false;
      await rows(tx, sql`update bobopoint_accounts set balance = 0 where user_id = ${userId}`);
      await rows(
        tx,
        sql`update bobopoint_ledger set status = 'expired'
            where user_id = ${userId} and status = 'active' and amount > 0`,
      );
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
