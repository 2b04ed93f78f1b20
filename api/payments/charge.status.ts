import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { jakartaDateTime } from '../../core/dates.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import type { AppDeps } from '../deps.ts';
import { clock, dbOf } from '../http/context.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError } from '../http/errors.ts';
import { pendingStayPoints } from '../points/points.service.ts';
import { sweepExpired } from '../reservations/expiry.ts';
import { chargeErrors } from './charge.errors.ts';
import { paymentCharges } from './charge.schema.ts';
import { chargeView } from './charge.view.ts';
import { loadOwned } from '../reservations/reservations.service.ts';
import { gatewayFor } from './gateway/active-gateway.ts';
import { reconcileCharge } from './notifications.service.ts';

// After the charge: its state on the status page, dropping it to choose another method, and what the
// browser needs to tokenise a card.

/** "Cancel payment": drop the pending attempt so the guest can choose another method; the hold stays. */
export async function cancelCurrentCharge(deps: AppDeps, reservationId: number, ctx: { userId: number }) {
  const db = dbOf(deps);
  const now = clock(deps);
  await loadOwned(db, reservationId, ctx.userId);
  const dropped = await (db as unknown as PgDatabase<PgQueryResultHKT>)
    .update(paymentCharges)
    .set({ supersededAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentCharges.reservationId, reservationId),
        eq(paymentCharges.status, 'pending'),
        isNull(paymentCharges.supersededAt),
      ),
    )
    .returning({ orderId: paymentCharges.orderId });
  if (dropped.length === 0) throw chargeErrors.nothingToCancel();
  const { gateway } = await gatewayFor(deps);
  for (const d of dropped) await gateway.cancel(d.orderId).catch(() => null);
  return { reservationId, cancelled: dropped.map((d) => d.orderId) };
}

export type PaymentResult = 'unpaid' | 'pending' | 'success' | 'failed' | 'refund';

/**
 * PaymentPending / the status page: the reservation's payment state and its latest attempt. A
 * pending attempt past its expiry is re-checked with the gateway, so the page never shows a stale
 * "pending".
 */
export async function paymentStatus(deps: AppDeps, reservationId: number, ctx: { userId: number; lang: ApiLang }) {
  const db = dbOf(deps);
  await sweepExpired(db, clock(deps));
  let r = await loadOwned(db, reservationId, ctx.userId);
  let [latest] = await db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.reservationId, r.id))
    .orderBy(desc(paymentCharges.attempt))
    .limit(1);
  if (latest && latest.status === 'pending' && latest.expiresAt.getTime() <= clock(deps).getTime()) {
    await reconcileCharge(deps, latest.orderId).catch((e: unknown) => {
      if (!(e instanceof ApiError)) console.error('[payments] reconcile failed', e);
    });
    r = await loadOwned(db, reservationId, ctx.userId);
    [latest] = await db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.reservationId, r.id))
      .orderBy(desc(paymentCharges.attempt))
      .limit(1);
  }
  const result: PaymentResult =
    r.paymentStatusId === PaymentStatus.paid
      ? 'success'
      : r.paymentStatusId === PaymentStatus.refunded
        ? 'refund'
        : r.paymentStatusId === PaymentStatus.expired || r.paymentStatusId === PaymentStatus.cancelled
          ? 'failed'
          : latest && latest.status === 'pending' && !latest.supersededAt
            ? 'pending'
            : latest &&
                (latest.status === 'deny' || latest.status === 'expire' || latest.status === 'cancel') &&
                !latest.supersededAt
              ? 'failed'
              : 'unpaid';
  const stayPoints = await pendingStayPoints(db, r.id);
  return {
    reservation_id: r.id,
    order_id: r.orderId,
    payment_status: r.paymentStatusId,
    payment_status_label: paymentStatusLabel(r.paymentStatusId, ctx.lang),
    result,
    hold_expired_datetime: jakartaDateTime(r.expiredAt),
    hold_expires_at: r.expiredAt.toISOString(),
    total_room: r.totalRoom,
    charge: latest ? chargeView(latest) : null,
    points_pending:
      stayPoints && stayPoints.status === 'pending'
        ? { amount: stayPoints.amount, earn_date: stayPoints.earnDate }
        : null,
  };
}

/** What the browser needs to pay: which gateway, its public client key and the card-token URL. */
export async function paymentConfig(deps: AppDeps) {
  const { gateway } = await gatewayFor(deps);
  return { gateway: gateway.kind, client_key: gateway.clientKey, token_url: gateway.tokenUrl };
}
