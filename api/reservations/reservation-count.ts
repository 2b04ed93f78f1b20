import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PaymentStatus } from '../../core/payment-status.ts';
import { rows } from '../db/query.ts';
import type { Db } from '../platform/database.ts';

/**
 * How many of the user's reservations are in a payment status, in ONE `select count(*)`. A hold past
 * its payment window counts as expired even before the expiry job flips it, so the order badge
 * (status 1) never counts an order the guest can no longer pay.
 */
export async function countReservations(db: Db, ctx: { userId: number; now: Date; status?: number }) {
  const at = ctx.now.toISOString();
  const waiting = PaymentStatus.waiting;
  const filter: SQL =
    ctx.status === undefined
      ? sql`true`
      : ctx.status === waiting
        ? sql`hold_is_live(payment_status_id, expired_at, ${at}::timestamptz)`
        : ctx.status === PaymentStatus.expired
          ? sql`(payment_status_id = payment_status('expired') or hold_lapsed(payment_status_id, expired_at, ${at}::timestamptz))`
          : sql`payment_status_id = ${ctx.status}`;
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reservations where user_id = ${ctx.userId} and ${filter}`,
  );
  return { count: Number(row?.n ?? 0) };
}
