import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { users } from '../auth/auth.schema.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { ApiError } from '../http/errors.ts';
import { OUTBOX_LANE, outboxMessages } from '../outbox/outbox.schema.ts';
import {
  cancelPendingForStay,
  earnPendingForStay,
  redeemForReservation,
  STAY_POINTS,
} from '../points/points.service.ts';
import { expireIfLapsed } from '../reservations/expiry.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { dayUseView, priceReservation } from '../reservations/reservations.service.ts';
import { confirmationEmail, pricePartsOf } from './charge.email.ts';
import { paymentCharges } from './charge.schema.ts';
import type { GatewayTransaction } from '../platform/payment-gateway.ts';
import { parseAmount } from '../platform/payment-gateway.ts';
import { gatewayFor } from './gateway/active-gateway.ts';
import { paymentNotifications } from './notifications.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { PaymentStatusId } from '../../core/payment-status.ts';
import { releaseHold } from '../reservations/release-hold.ts';
import { countPaymentNotification } from '../observability/metrics.ts';
import { logger } from '../observability/logger.ts';
import { nowOf } from '../platform/clock.ts';

const paymentLog = logger('payments');

export type ChargeRow = typeof paymentCharges.$inferSelect;

/**
 * Gateway status -> what it means here. `rank` only grows: a status can replace another only if
 * its rank is higher, so replays and late, older notifications change nothing.
 * Reservation statuses (spec section 4): 1 waiting, 2 paid, 3 expired, 4 cancelled, 5 refund.
 */
export function classify(t: Pick<GatewayTransaction, 'transaction_status' | 'fraud_status'>): {
  status: string;
  rank: number;
  reservationStatus: PaymentStatusId;
} {
  switch (t.transaction_status) {
    case 'settlement':
      return { status: 'settlement', rank: 2, reservationStatus: PaymentStatus.paid };
    case 'capture':
      // A card capture flagged "challenge" is not money yet: it stays pending until accepted or denied.
      return t.fraud_status === 'challenge'
        ? { status: 'pending', rank: 1, reservationStatus: PaymentStatus.waiting }
        : { status: 'capture', rank: 2, reservationStatus: PaymentStatus.paid };
    case 'deny':
      return { status: 'deny', rank: 2, reservationStatus: PaymentStatus.cancelled };
    case 'cancel':
      return { status: 'cancel', rank: 2, reservationStatus: PaymentStatus.cancelled };
    case 'expire':
      return { status: 'expire', rank: 2, reservationStatus: PaymentStatus.expired };
    case 'refund':
    case 'partial_refund':
      return { status: 'refund', rank: 3, reservationStatus: PaymentStatus.refunded };
    default:
      return { status: 'pending', rank: 1, reservationStatus: PaymentStatus.waiting };
  }
}

const NotificationBody = v.looseObject({
  order_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  status_code: v.pipe(v.string(), v.maxLength(8)),
  gross_amount: v.pipe(v.string(), v.maxLength(24)),
  signature_key: v.pipe(v.string(), v.maxLength(256)),
  transaction_status: v.pipe(v.string(), v.maxLength(32)),
});

type Outcome = 'applied' | 'unchanged' | 'rejected_signature' | 'rejected_amount' | 'unknown_order' | 'invalid';

/** PostgreSQL text and jsonb cannot hold NUL characters; a logged body must never fail on one. */
const NUL = new RegExp(String.fromCharCode(0), 'g');
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replace(NUL, '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(NUL, ''), withoutNul(v)])) as T;
  }
  return value;
}

async function log(deps: AppDeps, raw: Record<string, unknown>, outcome: Outcome, detail = '') {
  const body = withoutNul(raw);
  const s = (k: string) => String(body[k] ?? '').slice(0, 64);
  await deps.database.db.insert(paymentNotifications).values({
    orderId: s('order_id'),
    transactionStatus: s('transaction_status'),
    statusCode: s('status_code'),
    grossAmount: s('gross_amount'),
    outcome,
    detail: detail.replace(NUL, '').slice(0, 500),
    body,
    receivedAt: nowOf(deps),
  });
  countPaymentNotification(outcome);
  if (outcome.startsWith('rejected') || outcome === 'unknown_order' || outcome === 'invalid') {
    paymentLog.warn({ outcome, orderId: s('order_id'), detail: detail || undefined }, 'payment notification refused');
  }
}

/**
 * The HTTP notification handler: signature (SHA-512, constant time), then the gateway's own word
 * (GET status), then the amount against the charge and the reservation, then the guarded state
 * change. Returns the HTTP status to answer with.
 */
export async function handleNotification(
  deps: AppDeps,
  raw: unknown,
): Promise<{ httpStatus: 200 | 400 | 401 | 404; outcome: Outcome }> {
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const parsed = v.safeParse(NotificationBody, body);
  if (!parsed.success) {
    await log(deps, body, 'invalid', 'missing or malformed fields');
    return { httpStatus: 400, outcome: 'invalid' };
  }
  const n = parsed.output;
  const { gateway } = await gatewayFor(deps);
  if (!gateway.verifySignature(n)) {
    await log(deps, body, 'rejected_signature', 'signature_key does not match');
    return { httpStatus: 401, outcome: 'rejected_signature' };
  }
  const [charge] = await deps.database.db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.orderId, n.order_id))
    .limit(1);
  if (!charge) {
    await log(deps, body, 'unknown_order');
    return { httpStatus: 404, outcome: 'unknown_order' };
  }
  // Never trust the body for the state: ask the gateway. The body only has to agree on the amount.
  const truth = await gateway.status(n.order_id);
  if (!truth) {
    await log(deps, body, 'unknown_order', 'gateway does not know the order');
    return { httpStatus: 404, outcome: 'unknown_order' };
  }
  if (parseAmount(n.gross_amount) !== charge.grossAmount) {
    await log(deps, body, 'rejected_amount', `notification says ${n.gross_amount}, charge is ${charge.grossAmount}`);
    return { httpStatus: 400, outcome: 'rejected_amount' };
  }
  const result = await applyGatewayState(deps, charge, truth);
  await log(deps, body, result.outcome, result.detail);
  return { httpStatus: result.outcome === 'rejected_amount' ? 400 : 200, outcome: result.outcome };
}

/** Ask the gateway about one of our charges and apply what it says (status page, expiry, card capture). */
export async function reconcileCharge(deps: AppDeps, orderId: string): Promise<Outcome> {
  const [charge] = await deps.database.db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.orderId, orderId))
    .limit(1);
  if (!charge) return 'unknown_order';
  const { gateway } = await gatewayFor(deps);
  const truth = await gateway.status(orderId);
  if (!truth) return 'unknown_order';
  return (await applyGatewayState(deps, charge, truth)).outcome;
}

/**
 * Apply a gateway transaction to our charge and its reservation. Everything happens in one
 * transaction that starts with the guarded charge UPDATE (`status_rank < new rank`): of any number
 * of concurrent deliveries on any number of nodes, exactly one gets the row and does the work.
 */
export async function applyGatewayState(
  deps: AppDeps,
  charge: ChargeRow,
  truth: GatewayTransaction,
): Promise<{ outcome: 'applied' | 'unchanged' | 'rejected_amount'; detail: string }> {
  const db = deps.database.db;
  const now = nowOf(deps);
  const next = classify(truth);
  if (parseAmount(truth.gross_amount) !== charge.grossAmount) {
    return {
      outcome: 'rejected_amount',
      detail: `gateway says ${truth.gross_amount}, charge is ${charge.grossAmount}`,
    };
  }
  if (next.rank <= charge.statusRank) return { outcome: 'unchanged', detail: `already ${charge.status}` };
  const [r] = await db.select().from(reservations).where(eq(reservations.id, charge.reservationId)).limit(1);
  const paid = next.reservationStatus === PaymentStatus.paid;

  // The amount must still be what this reservation costs with this charge's method.
  let email: Awaited<ReturnType<typeof confirmationEmail>> | null = null;
  if (paid && r.paymentStatusId === PaymentStatus.waiting) {
    try {
      const { price } = await priceReservation(db, { ...r, paymentChannelCode: charge.channelCode });
      if (price.total !== charge.grossAmount)
        return {
          outcome: 'rejected_amount',
          detail: `reservation now costs ${price.total}, charge is ${charge.grossAmount}`,
        };
    } catch (e) {
      // A points redemption the balance no longer covers: the guarded redemption below decides.
      if (!(e instanceof ApiError && e.code.startsWith('points_'))) throw e;
    }
    email = await buildEmail(deps, r, charge);
  }

  const cancelAfter: string[] = [];
  const result = await db.transaction(async (tx) => {
    const moved = await tx
      .update(paymentCharges)
      .set({
        status: next.status,
        statusRank: next.rank,
        fraudStatus: truth.fraud_status ?? null,
        transactionId: truth.transaction_id ?? charge.transactionId,
        updatedAt: now,
        ...(paid ? { settledAt: now } : {}),
      })
      .where(and(eq(paymentCharges.id, charge.id), sql`${paymentCharges.statusRank} < ${next.rank}`))
      .returning({ id: paymentCharges.id });
    if (moved.length === 0)
      return { outcome: 'unchanged' as const, detail: 'a newer or equal status is already recorded' };

    if (paid) {
      // A hold that ran out gives its nights back first; then only a still-valid hold is confirmed.
      await expireIfLapsed(tx, charge.reservationId, now);
      const confirmed = await tx
        .update(reservations)
        .set({ paymentStatusId: PaymentStatus.paid, paymentChannelCode: charge.channelCode, updatedAt: now })
        .where(
          and(
            eq(reservations.id, charge.reservationId),
            eq(reservations.paymentStatusId, PaymentStatus.waiting),
            sql`${reservations.expiredAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (confirmed.length === 1) {
        const c = confirmed[0];
        if (charge.pointsUsed > 0 && !(await redeemForReservation(tx, c.userId, c.id, charge.pointsUsed, now))) {
          await releaseHold(tx, { id: c.id, from: [PaymentStatus.paid], to: PaymentStatus.refunded, now });
          await tx.update(paymentCharges).set({ refundRequired: true }).where(eq(paymentCharges.id, charge.id));
          return { outcome: 'applied' as const, detail: 'points no longer covered: marked for refund' };
        }
        if (charge.pointsUsed === 0) await earnPendingForStay(tx, c.userId, c.id, c.checkoutDate, now);
        // The booking count grows by the room total.
        await tx
          .update(users)
          .set({ stayCount: sql`${users.stayCount} + ${c.totalRoom}` })
          .where(eq(users.id, c.userId));
        if (email) {
          await tx.insert(outboxMessages).values({
            channel: 'email',
            to: c.guestEmail,
            subject: email.subject,
            text: email.text,
            html: email.html,
            attachments: email.attachments,
            lang: charge.lang,
            status: 'pending',
            // The confirmation a guest waits for goes before bulk mail.
            lane: OUTBOX_LANE.urgent,
            createdAt: now,
          });
        }
        const others = await tx
          .update(paymentCharges)
          .set({ supersededAt: now })
          .where(
            and(
              eq(paymentCharges.reservationId, c.id),
              ne(paymentCharges.id, charge.id),
              inArray(paymentCharges.status, ['created', 'pending']),
              isNull(paymentCharges.supersededAt),
            ),
          )
          .returning({ orderId: paymentCharges.orderId });
        cancelAfter.push(...others.map((o) => o.orderId));
        return { outcome: 'applied' as const, detail: 'reservation confirmed' };
      }
      // Money for a hold that is gone (expired, cancelled) or already paid by another attempt:
      // never confirm; mark it for refund.
      const [now$] = await tx.select().from(reservations).where(eq(reservations.id, charge.reservationId)).limit(1);
      if (now$.paymentStatusId === PaymentStatus.expired || now$.paymentStatusId === PaymentStatus.cancelled) {
        await tx
          .update(reservations)
          .set({ paymentStatusId: PaymentStatus.refunded, updatedAt: now })
          .where(
            and(
              eq(reservations.id, now$.id),
              inArray(reservations.paymentStatusId, [PaymentStatus.expired, PaymentStatus.cancelled]),
            ),
          );
      }
      await tx.update(paymentCharges).set({ refundRequired: true }).where(eq(paymentCharges.id, charge.id));
      return {
        outcome: 'applied' as const,
        detail:
          now$.paymentStatusId === PaymentStatus.paid
            ? 'paid twice: marked for refund'
            : 'hold no longer valid: reservation marked for refund (5)',
      };
    }

    if (next.reservationStatus === PaymentStatus.expired || next.reservationStatus === PaymentStatus.cancelled) {
      // Only the current attempt speaks for the reservation; a superseded one just records its end.
      if (!charge.supersededAt) {
        await releaseHold(tx, {
          id: charge.reservationId,
          from: [PaymentStatus.waiting],
          to: next.reservationStatus,
          now,
        });
      }
      return { outcome: 'applied' as const, detail: `charge ${next.status}` };
    }
    if (next.reservationStatus === PaymentStatus.refunded) {
      if (
        (await releaseHold(tx, {
          id: charge.reservationId,
          from: [PaymentStatus.paid],
          to: PaymentStatus.refunded,
          now,
        })) === 1
      )
        await cancelPendingForStay(tx, charge.reservationId);
      await tx.update(paymentCharges).set({ refundRequired: false }).where(eq(paymentCharges.id, charge.id));
      return { outcome: 'applied' as const, detail: 'refunded' };
    }
    return { outcome: 'applied' as const, detail: 'pending' };
  });
  if (result.outcome === 'applied' && email) deps.outbox?.kick();
  if (cancelAfter.length) {
    const { gateway } = await gatewayFor(deps);
    for (const orderId of cancelAfter) await gateway.cancel(orderId).catch(() => null);
  }
  return result;
}

async function buildEmail(deps: AppDeps, r: typeof reservations.$inferSelect, charge: ChargeRow) {
  const db = deps.database.db;
  const [h] = await db.select().from(hotels).where(eq(hotels.id, r.hotelId));
  const [rt] = await db.select().from(roomTypes).where(eq(roomTypes.id, r.roomTypeId));
  const lang = charge.lang === 'id' ? 'id' : 'en';
  // The e-mail goes out only once the booking is confirmed, its points taken: priced as such.
  const { price } = await priceReservation(db, {
    ...r,
    paymentChannelCode: charge.channelCode,
    paymentStatusId: PaymentStatus.paid,
  });
  return confirmationEmail({
    lang,
    guestName: r.guestName,
    guestEmail: r.guestEmail,
    orderId: r.orderId,
    invoiceNumber: r.invoiceNumber,
    hotel: {
      name: h.name,
      address: h.address,
      telephone: h.telephone,
      timeZone: h.timeZone,
      checkInTime: h.checkInTime,
      checkOutTime: h.checkOutTime,
      latitude: h.latitude,
      longitude: h.longitude,
    },
    roomName: rt.label?.[lang] ?? rt.name,
    pods: r.totalRoom,
    checkIn: r.checkinDate,
    checkOut: r.checkoutDate,
    dayUse: dayUseView(r, h.timeZone),
    paid: charge.grossAmount,
    price: pricePartsOf(price),
    pointsEarned: charge.pointsUsed > 0 ? 0 : STAY_POINTS,
    siteUrl: deps.env.SITE_URL.replace(/\/+$/, ''),
    reservationId: r.id,
    issuedAt: nowOf(deps),
  });
}
