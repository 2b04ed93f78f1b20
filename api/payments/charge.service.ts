import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { clock, dbOf } from '../http/context.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { formatRupiah } from '../../core/money.ts';
import { pendingStayPoints } from '../points/points.service.ts';
import { sweepExpired } from '../reservations/expiry.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { priceReservation, reservationErrors } from '../reservations/reservations.service.ts';
import { findUsableChannel } from './payments.service.ts';
import { CHANNEL_METHODS, EWALLET_PHONE, JENIUS_CASHTAG } from './charge.methods.ts';
import type { PaymentInstructions } from './charge.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import type { GatewayTransaction } from './gateway/gateway.ts';
import { gatewayTime, parseGatewayTime } from './gateway/gateway.ts';
import { gatewayFor } from './gateway/active-gateway.ts';
import { applyGatewayState, reconcileCharge } from './notifications.service.ts';
import type { ChargeRow } from './notifications.service.ts';
import { jakartaDateTime } from '../../core/dates.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import { msg } from '../http/messages.ts';

/** Minutes kept between a charge's expiry and the end of the hold, so money never outlives the nights. */
export const HOLD_MARGIN_MINUTES = 1;
/** The internal channel a points-only (Rp 0) booking settles through; never listed (spec section 5). */
export const INTERNAL_CHANNEL_CODE = 'internal_settlement';

export const chargeErrors = {
  termsRequired: () => errors.unprocessable('terms_required', msg('payments.termsRequired')),
  voucherMethod: () => errors.unprocessable('voucher_payment_method', msg('promotions.methodNotEligible')),
  minimumAmount: (total: number, min: number) =>
    errors.unprocessable('minimum_amount', msg('payments.belowMinimum', total, min), { total, min }),
  holdEnding: () => errors.conflict('hold_ending', msg('payments.holdEnding')),
  cardToken: () => errors.unprocessable('card_token_required', msg('payments.cardToken')),
  phone: () => errors.unprocessable('ewallet_phone_invalid', msg('payments.phone')),
  cashtag: () => errors.unprocessable('jenius_cashtag_invalid', msg('payments.cashtag')),
  gateway: (message: string) => errors.unprocessable('charge_failed', msg('payments.chargeFailed', message)),
  nothingToCancel: () => errors.conflict('no_pending_payment', msg('payments.nothingToCancel')),
};

export type ChargeInput = {
  reservationId: number;
  channelCode: string;
  termsAccepted: boolean;
  tokenId?: string | null;
  phone?: string | null;
  cashtag?: string | null;
};

function instructionsOf(t: GatewayTransaction): PaymentInstructions {
  const va = t.va_numbers?.[0];
  return {
    ...(va ? { bank: va.bank, vaNumber: va.va_number } : {}),
    ...(t.permata_va_number ? { bank: 'permata', vaNumber: t.permata_va_number } : {}),
    ...(t.bill_key ? { billKey: t.bill_key, billerCode: t.biller_code } : {}),
    ...(t.qr_string ? { qrString: t.qr_string } : {}),
    ...(t.actions?.find((a) => a.name === 'deeplink-redirect')
      ? { deeplinkUrl: t.actions.find((a) => a.name === 'deeplink-redirect')?.url }
      : {}),
    ...(t.redirect_url ? { redirectUrl: t.redirect_url } : {}),
    ...(t.masked_card ? { maskedCard: t.masked_card } : {}),
  };
}

/** The charge as the payment screens see it. */
export function chargeView(c: ChargeRow) {
  return {
    order_id: c.orderId,
    attempt: c.attempt,
    channel_code: c.channelCode,
    payment_type: c.paymentType,
    gross_amount: c.grossAmount,
    gross_amount_label: formatRupiah(c.grossAmount),
    points_used: c.pointsUsed,
    status: c.status,
    expires_at: c.expiresAt.toISOString(),
    expired_datetime: jakartaDateTime(c.expiresAt),
    bank: c.instructions.bank ?? null,
    va_number: c.instructions.vaNumber ?? null,
    bill_key: c.instructions.billKey ?? null,
    biller_code: c.instructions.billerCode ?? null,
    qr_string: c.instructions.qrString ?? null,
    deeplink_url: c.instructions.deeplinkUrl ?? null,
    masked_card: c.instructions.maskedCard ?? null,
    refund_required: c.refundRequired,
  };
}

async function loadOwned(db: Db, reservationId: number, userId: number) {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .limit(1);
  if (!r) throw reservationErrors.notFound();
  return r;
}

/**
 * PaymentCharge: one new attempt for a waiting reservation. The previous pending attempt is
 * superseded and cancelled at the gateway; the new one gets a unique order id and an expiry that
 * ends before the hold. Returns `code: 200` only when the gateway created the charge.
 */
export async function createCharge(deps: AppDeps, input: ChargeInput, ctx: { userId: number; lang: ApiLang }) {
  const db = dbOf(deps);
  const now = clock(deps);
  if (!input.termsAccepted) throw chargeErrors.termsRequired();
  await sweepExpired(db, now);
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
  const { charge, superseded } = await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const q = txx as unknown as PgDatabase<PgQueryResultHKT>;
    const locked = await rows<{ id: number }>(
      tx,
      sql`select id from reservations where id = ${r.id} and payment_status_id = ${PaymentStatus.waiting} and expired_at > ${now.toISOString()}::timestamptz for update`,
    );
    if (locked.length === 0) throw reservationErrors.notWaiting();
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`select coalesce(max(attempt), 0)::int as n from payment_charges where reservation_id = ${r.id}`,
    );
    const old = await q
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

  if (total === 0) {
    // Points cover everything: nothing to collect, settled internally through the same guarded path.
    await applyGatewayState(deps, charge, {
      status_code: '200',
      order_id: charge.orderId,
      gross_amount: '0.00',
      transaction_status: 'settlement',
      fraud_status: 'accept',
    });
    return {
      code: 200,
      message: ctx.lang === 'id' ? 'Pembayaran berhasil.' : 'Payment successful.',
      data: chargeView(await reload(db, charge.id)),
    };
  }

  let answer: GatewayTransaction;
  try {
    answer = await gateway.charge(
      {
        ...method.request({ tokenId: input.tokenId ?? undefined, phone, cashtag: input.cashtag ?? undefined }),
        transaction_details: { order_id: charge.orderId, gross_amount: total },
        customer_details: { first_name: r.guestName, email: r.guestEmail, phone: r.guestPhone },
        custom_expiry: { order_time: gatewayTime(now), expiry_duration: minutes, unit: 'minute' },
      },
      { notificationUrl: `${deps.env.SITE_URL.replace(/\/+$/, '')}/api/payments/notifications` },
    );
  } catch (e) {
    await markFailed(db, charge.id, now);
    console.error('[payments] gateway charge failed', e);
    throw chargeErrors.gateway(ctx.lang === 'id' ? 'gateway tidak menjawab' : 'the gateway did not answer');
  }
  if (answer.status_code !== '201' && answer.status_code !== '200') {
    await markFailed(db, charge.id, now);
    throw chargeErrors.gateway(answer.status_message ?? answer.status_code);
  }
  const expiresAt = parseGatewayTime(answer.expiry_time) ?? charge.expiresAt;
  await db
    .update(paymentCharges)
    .set({
      instructions: instructionsOf(answer),
      transactionId: answer.transaction_id ?? null,
      expiresAt: expiresAt < charge.expiresAt ? expiresAt : charge.expiresAt,
      updatedAt: now,
    })
    .where(eq(paymentCharges.id, charge.id));
  // Pending (VA, QR, e-wallet) or already decided (card): apply what the gateway itself says now.
  await reconcileCharge(deps, charge.orderId);
  const fresh = await reload(db, charge.id);
  if (fresh.status === 'deny' || fresh.status === 'cancel' || fresh.status === 'failed')
    throw chargeErrors.gateway(answer.status_message ?? fresh.status);
  return {
    code: 200,
    message: ctx.lang === 'id' ? 'Pembayaran berhasil dibuat.' : 'Payment created.',
    data: chargeView(fresh),
  };
}

async function reload(db: Db, id: number): Promise<ChargeRow> {
  const [c] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id)).limit(1);
  return c;
}

async function markFailed(db: Db, id: number, now: Date) {
  await db
    .update(paymentCharges)
    .set({ status: 'failed', statusRank: 2, supersededAt: now, updatedAt: now })
    .where(and(eq(paymentCharges.id, id), eq(paymentCharges.statusRank, 0)));
}

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
