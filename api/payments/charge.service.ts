import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { rows } from '../db/query.ts';
import type { ApiLang } from '../http/errors.ts';
import { errors } from '../http/errors.ts';
import { expireIfLapsed } from '../reservations/expiry.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { loadOwned, priceReservation, reservationErrors } from '../reservations/reservations.service.ts';
import { findUsableChannel } from '../pricing/channels.service.ts';
import { CHANNEL_METHODS, EWALLET_PHONE, JENIUS_CASHTAG } from './charge.methods.ts';
import { paymentCharges } from './charge.schema.ts';
import { chargeErrors } from './charge.errors.ts';
import { chargeThroughGateway } from './charge.gateway.ts';
import { settleInternally } from './charge.internal.ts';
import { gatewayFor } from './gateway/active-gateway.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { msg } from '../http/messages.ts';
import { nowOf } from '../platform/clock.ts';

// PaymentCharge, the dispatcher: check the guest's choice, open one new attempt, then hand it to its
// family: settled internally when points cover everything (charge.internal.ts), else charged through
// the gateway (charge.gateway.ts, per channel from charge.methods.ts). The status page, cancelling an
// attempt and the card-token config are in charge.status.ts.

/** Minutes kept between a charge's expiry and the end of the hold, so money never outlives the nights. */
export const HOLD_MARGIN_MINUTES = 1;
/** The internal channel a points-only (Rp 0) booking settles through; never listed (spec section 5). */
export const INTERNAL_CHANNEL_CODE = 'internal_settlement';

export type ChargeInput = {
  reservationId: number;
  channelCode: string;
  termsAccepted: boolean;
  tokenId?: string | null;
  phone?: string | null;
  cashtag?: string | null;
};

/**
 * PaymentCharge: one new attempt for a waiting reservation. The previous pending attempt is
 * superseded and cancelled at the gateway; the new one gets a unique order id and an expiry that
 * ends before the hold. Returns `code: 200` only when the gateway created the charge.
 */
export async function createCharge(deps: AppDeps, input: ChargeInput, ctx: { userId: number; lang: ApiLang }) {
  const db = deps.database.db;
  const now = nowOf(deps);
  if (!input.termsAccepted) throw chargeErrors.termsRequired();
  await expireIfLapsed(db, input.reservationId, now);
  const r = await loadOwned(db, input.reservationId, ctx.userId);
  if (r.paymentStatusId !== PaymentStatus.waiting) throw reservationErrors.notWaiting();
  const channel = await findUsableChannel(db, input.channelCode);
  const method = CHANNEL_METHODS[channel.code];
  if (!method) throw errors.unprocessable('payment_channel_unavailable', msg('payments.methodUnavailable'));
  const phone = (input.phone ?? '').replace(/[\s-]/g, '');
  if (method.needs === 'card_token' && !input.tokenId) throw chargeErrors.cardToken();
  if (method.needs === 'phone' && !EWALLET_PHONE.test(phone)) throw chargeErrors.phone();
  if (method.needs === 'cashtag' && !JENIUS_CASHTAG.test(input.cashtag ?? '')) throw chargeErrors.cashtag();

  const { price } = await priceReservation(db, { ...r, paymentChannelCode: channel.code });
  if (price.promo && !price.promo.applied && price.promo.reason === 'payment_method')
    throw chargeErrors.voucherMethod();
  const total = price.total;
  if (total > 0 && total < channel.minAmount) throw chargeErrors.minimumAmount(total, channel.minAmount);
  const holdLeft = Math.floor((r.expiredAt.getTime() - now.getTime()) / 60_000) - HOLD_MARGIN_MINUTES;
  if (holdLeft < 1) throw chargeErrors.holdEnding();
  const minutes = Math.min(method.maxMinutes, holdLeft);
  const { gateway } = await gatewayFor(deps);

  // One attempt at a time per reservation: the row lock orders concurrent clicks, the unique
  // (reservation_id, attempt) makes a duplicate impossible even so.
  const { charge, superseded } = await db.transaction(async (tx) => {
    const locked = await rows<{ id: number }>(
      tx,
      sql`select id from reservations where id = ${r.id} and hold_is_live(payment_status_id, expired_at, ${now.toISOString()}::timestamptz) for update`,
    );
    if (locked.length === 0) throw reservationErrors.notWaiting();
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`select coalesce(max(attempt), 0)::int as n from payment_charges where reservation_id = ${r.id}`,
    );
    const old = await tx
      .update(paymentCharges)
      .set({ supersededAt: now, updatedAt: now })
      .where(
        and(
          eq(paymentCharges.reservationId, r.id),
          inArray(paymentCharges.status, ['created', 'pending']),
          isNull(paymentCharges.supersededAt),
        ),
      )
      .returning({ orderId: paymentCharges.orderId, status: paymentCharges.status });
    await tx
      .update(reservations)
      .set({ paymentChannelCode: channel.code, updatedAt: now })
      .where(eq(reservations.id, r.id));
    const attempt = Number(n) + 1;
    const [created] = await tx
      .insert(paymentCharges)
      .values({
        orderId: `${r.orderId}-P${attempt}`,
        reservationId: r.id,
        userId: r.userId,
        attempt,
        channelCode: total === 0 ? INTERNAL_CHANNEL_CODE : channel.code,
        paymentType: total === 0 ? 'internal' : method.request({}).payment_type,
        grossAmount: total,
        pointsUsed: price.pointsUsed,
        lang: ctx.lang,
        gateway: total === 0 ? 'internal' : gateway.kind,
        status: 'created',
        statusRank: 0,
        expiresAt: new Date(now.getTime() + minutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { charge: created, superseded: old.filter((o) => o.status === 'pending').map((o) => o.orderId) };
  });
  for (const orderId of superseded) await gateway.cancel(orderId).catch(() => null);

  if (total === 0) return settleInternally(deps, db, charge, ctx.lang);
  return chargeThroughGateway(deps, {
    db,
    gateway,
    charge,
    method,
    input,
    phone,
    r,
    total,
    minutes,
    now,
    lang: ctx.lang,
  });
}
