import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { jakartaDateTime } from '../../core/dates.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { pendingStayPoints } from '../points/points.service.ts';
import { expireIfLapsed } from '../reservations/expiry.ts';
import { chargeErrors } from './charge.errors.ts';
import { paymentCharges } from './charge.schema.ts';
import { chargeView } from './charge.view.ts';
import { loadOwned } from '../reservations/reservations.service.ts';
import { gatewayFor } from './gateway/active-gateway.ts';
import { reconcileCharge } from './notifications.service.ts';
import { logger } from '../observability/logger.ts';
import { nowOf } from '../platform/clock.ts';

const log = logger('payments');

// After the charge: its state on the status page, dropping it to choose another method, and what the
// browser needs to tokenise a card.

/** "Cancel payment": drop the pending attempt so the guest can choose another method; the hold stays. */
export async function cancelCurrentCharge(deps: AppDeps, reservationId: number, ctx: { userId: number }) {
  const db = deps.database.db;
  const now = nowOf(deps);
  await loadOwned(db, reservationId, ctx.userId);
  const dropped = await db
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
 * The status page polls every few seconds; at most this often per charge does the poll ask the
 * gateway itself (whichever API node it reaches: the time is kept in the charge row).
 */
export const GATEWAY_RECHECK_MS = 5_000;

/**
 * Claim the right to ask the gateway about a pending charge now: one guarded UPDATE, so of any
 * number of polls on any number of nodes within GATEWAY_RECHECK_MS, one gets it.
 */
async function claimGatewayCheck(db: Db, chargeId: number, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - GATEWAY_RECHECK_MS);
  const claimed = await db
    .update(paymentCharges)
    .set({ gatewayCheckedAt: now })
    .where(
      and(
        eq(paymentCharges.id, chargeId),
        eq(paymentCharges.status, 'pending'),
        or(
          isNull(paymentCharges.gatewayCheckedAt),
          sql`${paymentCharges.gatewayCheckedAt} <= ${cutoff.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ id: paymentCharges.id });
  return claimed.length === 1;
}

const latestCharge = async (db: Db, reservationId: number) =>
  (
    await db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.reservationId, reservationId))
      .orderBy(desc(paymentCharges.attempt))
      .limit(1)
  )[0];

/**
 * PaymentPending / the status page: the reservation's payment state and its latest attempt. While
 * that attempt is pending the gateway is asked (GET /v2/{order_id}/status, at most once per
 * GATEWAY_RECHECK_MS) and its answer applied through the notifications' own guarded state change,
 * so a payment whose notification was lost, or a charge past its expiry, shows as it is within
 * seconds, and a poll racing the notification changes nothing twice.
 */
export async function paymentStatus(deps: AppDeps, reservationId: number, ctx: { userId: number; lang: ApiLang }) {
  const db = deps.database.db;
  const now = nowOf(deps);
  await expireIfLapsed(db, reservationId, now);
  let r = await loadOwned(db, reservationId, ctx.userId);
  let latest = await latestCharge(db, r.id);
  if (latest && latest.status === 'pending' && (await claimGatewayCheck(db, latest.id, now))) {
    await reconcileCharge(deps, latest.orderId).catch((e: unknown) => {
      // The gateway being slow or down is not the guest's problem: the page shows what is known.
      if (!(e instanceof ApiError)) log.error({ err: e }, 'status re-check failed');
    });
    r = await loadOwned(db, reservationId, ctx.userId);
    latest = await latestCharge(db, r.id);
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

/**
 * The QR image of a pending charge, fetched from the gateway's `generate-qr-code` action URL. The
 * gateway's transaction id names it, as in Midtrans' own URL: unguessable, and only while payable.
 */
export async function qrImage(deps: AppDeps, transactionId: string): Promise<Uint8Array<ArrayBuffer>> {
  const [c] = await deps.database.db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.transactionId, transactionId), eq(paymentCharges.status, 'pending')))
    .limit(1);
  const url = c?.instructions.qrImageUrl;
  if (!url) throw errors.notFound();
  const { gateway } = await gatewayFor(deps);
  try {
    return await gateway.qrImage(url);
  } catch (e) {
    log.error({ err: e }, 'QR image unavailable');
    throw new ApiError(502, 'gateway_unavailable', msg('payments.gatewaySilent'));
  }
}

/** What the browser needs to pay: which gateway, its public client key and the card-token URL. */
export async function paymentConfig(deps: AppDeps) {
  const { gateway } = await gatewayFor(deps);
  return { gateway: gateway.kind, client_key: gateway.clientKey, token_url: gateway.tokenUrl };
}
