import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { stayCheckins } from '../account/account.schema.ts';
import { signStayPass } from '../account/stay-pass.ts';
import { insuranceItem } from '../ancillary/ancillary.service.ts';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import type { ApiLang } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { calendarFile } from '../payments/charge.email.ts';
import { reservations } from './reservations.schema.ts';
import { dayUseView } from './reservations.service.ts';
import {
  IDENTITY_STATES,
  LIVENESS_MAX_RETRIES,
  SELF_CHECKIN_OPENS_BEFORE_MINUTES,
} from '../../core/contracts/account.ts';
import type { IdentityState, MyStay, StayHistoryItem } from '../../core/contracts/account.ts';
import { jakartaToday } from '../../core/dates.ts';
import { zoneLabel } from '../../core/money.ts';
import { PAYMENT_STATUS_LABELS, PaymentStatus } from '../../core/payment-status.ts';

// The account area's lists (spec sections 2-4): the order badge's count, My stay (HotelStayList:
// active and upcoming paid stays) and the history (HotelStayHistoryList: past stays and closed
// orders). Whether a stay is past is decided by ONE rule, stayWindow: its check-out instant in the
// hotel's own time zone, not the calendar day in Jakarta.

type HotelTimes = { checkInTime: string; checkOutTime: string; timeZone: string };

/** The instant a hotel-local date and time happens. */
function hotelInstant(date: string, time: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(date).toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(timeZone);
}

/** When a stay starts and ends, and when its self check-in opens (1 hour before check-in, that day). */
export function stayWindow(r: { checkinDate: string; checkoutDate: string }, hotel: HotelTimes) {
  const checkIn = hotelInstant(r.checkinDate, hotel.checkInTime, hotel.timeZone);
  const checkOut = hotelInstant(r.checkoutDate, hotel.checkOutTime, hotel.timeZone);
  const opens = checkIn.subtract({ minutes: SELF_CHECKIN_OPENS_BEFORE_MINUTES });
  return {
    checkInAt: new Date(checkIn.epochMilliseconds),
    checkOutAt: new Date(checkOut.epochMilliseconds),
    opensAt: new Date(opens.epochMilliseconds),
    opensAtTime: opens.toPlainTime().toString({ smallestUnit: 'minute' }),
  };
}

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
        ? sql`payment_status_id = ${waiting} and expired_at > ${at}::timestamptz`
        : ctx.status === PaymentStatus.expired
          ? sql`(payment_status_id = ${PaymentStatus.expired} or (payment_status_id = ${waiting} and expired_at <= ${at}::timestamptz))`
          : sql`payment_status_id = ${ctx.status}`;
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reservations where user_id = ${ctx.userId} and ${filter}`,
  );
  return { count: Number(row?.n ?? 0) };
}

/** What the guest paid for a reservation: its settled (or later refunded) charge, if any. */
const paidAmount = sql<number | null>`(select c.gross_amount from payment_charges c
  where c.reservation_id = ${reservations.id} and c.status in ('settlement', 'capture', 'refund')
  order by c.attempt desc limit 1)`.mapWith((v: unknown) => (v === null ? null : Number(v)));

const mapUrl = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

const identityOf = (value: string): IdentityState =>
  (IDENTITY_STATES as readonly string[]).includes(value) ? (value as IdentityState) : 'not_submitted';

/** My stay (HotelStayList): the user's paid stays that have not checked out yet, soonest first. */
export async function listMyStays(
  db: Db,
  ctx: { userId: number; now: Date; lang: ApiLang; stayPassSecret: string; siteUrl: string },
): Promise<MyStay[]> {
  // A day of slack for zones east of Jakarta; the exact cut is stayWindow's.
  const from = jakartaToday(ctx.now).subtract({ days: 1 }).toString();
  const found = await db
    .select({
      r: reservations,
      h: hotels,
      rt: roomTypes,
      identity: users.identityStatus,
      retries: stayCheckins.livenessCountRetry,
      checkedInAt: stayCheckins.checkedInAt,
      paid: paidAmount,
    })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(stayCheckins, eq(stayCheckins.reservationId, reservations.id))
    .where(
      and(
        eq(reservations.userId, ctx.userId),
        eq(reservations.paymentStatusId, PaymentStatus.paid),
        gte(reservations.checkoutDate, from),
      ),
    )
    .orderBy(asc(reservations.checkinDate), asc(reservations.id))
    .limit(50);
  const current = found
    .map((row) => ({ ...row, window: stayWindow(row.r, row.h) }))
    .filter(({ window }) => window.checkOutAt > ctx.now);
  const insurance = current.some(({ r }) => r.isUseAddon) ? await insuranceItem(db) : null;
  return current.map(({ r, h, rt, identity, retries, checkedInAt, paid, window }) => {
    const staying = window.checkInAt <= ctx.now;
    return {
      reservationId: r.id,
      orderId: r.orderId,
      stayStatus: staying ? 'staying' : 'upcoming',
      stayStatusLabel: msg(staying ? 'reservations.stayStaying' : 'reservations.stayUpcoming')[ctx.lang],
      checkInDate: r.checkinDate,
      checkOutDate: r.checkoutDate,
      checkInAt: window.checkInAt.toISOString(),
      checkOutAt: window.checkOutAt.toISOString(),
      nights: Temporal.PlainDate.from(r.checkinDate).until(Temporal.PlainDate.from(r.checkoutDate)).days,
      hotel: {
        id: h.id,
        name: h.name,
        address: h.address,
        telephone: h.telephone,
        latitude: h.latitude,
        longitude: h.longitude,
        timeZone: h.timeZone,
        timeZoneLabel: zoneLabel(h.timeZone),
        checkInTime: h.checkInTime,
        checkOutTime: h.checkOutTime,
        mapUrl: mapUrl(h.latitude, h.longitude),
      },
      pods: { roomTypeId: rt.id, name: rt.name, label: rt.label[ctx.lang], count: r.totalRoom, capacity: rt.capacity },
      // The booker is the primary guest; a second guest is added (with an account of their own) in the app.
      guests: { primary: { name: r.guestName, email: r.guestEmail, phone: r.guestPhone }, secondary: [] },
      insurancePolicy:
        r.isUseAddon && insurance
          ? {
              providerName: insurance.providerName,
              coverAmount: insurance.coverAmount,
              status: 'active',
              termsUrl: insurance.termsUrl,
              claimUrl: insurance.claimUrl,
              policyNumber: `${insurance.providerId}-${r.orderId}`,
            }
          : null,
      calendar: calendarFile({
        lang: ctx.lang,
        orderId: r.orderId,
        issuedAt: ctx.now,
        hotel: h,
        roomName: rt.name,
        pods: r.totalRoom,
        checkIn: r.checkinDate,
        checkOut: r.checkoutDate,
        dayUse: dayUseView(r, h.timeZone),
        paid: paid ?? 0,
        siteUrl: ctx.siteUrl,
        reservationId: r.id,
      }),
      pass: {
        token: signStayPass(ctx.stayPassSecret, {
          reservationId: r.id,
          orderId: r.orderId,
          expiresAt: Math.floor(window.checkOutAt.getTime() / 1000),
        }),
      },
      selfCheckIn: {
        opensAt: window.opensAt.toISOString(),
        opensAtTime: window.opensAtTime,
        closesAt: window.checkOutAt.toISOString(),
        isBooker: r.userId === ctx.userId,
        identityStatus: identityOf(identity),
        livenessCountRetry: retries ?? 0,
        maxLivenessRetries: LIVENESS_MAX_RETRIES,
        checkedInAt: checkedInAt ? checkedInAt.toISOString() : null,
      },
    };
  });
}

/**
 * History (HotelStayHistoryList): stays that have checked out, and orders that were cancelled, expired
 * (a hold past its window counts even before the expiry job) or refunded; latest stay first.
 */
export async function listStayHistory(
  db: Db,
  ctx: { userId: number; now: Date; lang: ApiLang },
): Promise<StayHistoryItem[]> {
  const at = ctx.now.toISOString();
  // A day of slack for zones west of the hotel's; the exact cut is stayWindow's.
  const until = jakartaToday(ctx.now).add({ days: 1 }).toString();
  const found = await db
    .select({ r: reservations, h: hotels, roomName: roomTypes.name, paid: paidAmount })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
    .where(
      and(
        eq(reservations.userId, ctx.userId),
        or(
          inArray(reservations.paymentStatusId, [
            PaymentStatus.expired,
            PaymentStatus.cancelled,
            PaymentStatus.refunded,
          ]),
          and(
            eq(reservations.paymentStatusId, PaymentStatus.waiting),
            sql`${reservations.expiredAt} <= ${at}::timestamptz`,
          ),
          and(eq(reservations.paymentStatusId, PaymentStatus.paid), lte(reservations.checkoutDate, until)),
        ),
      ),
    )
    .orderBy(desc(reservations.checkinDate), desc(reservations.id))
    .limit(50);
  const out: StayHistoryItem[] = [];
  for (const { r, h, roomName, paid } of found) {
    if (r.paymentStatusId === PaymentStatus.paid && stayWindow(r, h).checkOutAt > ctx.now) continue;
    const status =
      r.paymentStatusId === PaymentStatus.paid
        ? 'completed'
        : r.paymentStatusId === PaymentStatus.cancelled
          ? 'cancelled'
          : r.paymentStatusId === PaymentStatus.refunded
            ? 'refunded'
            : 'expired';
    const paymentStatus = status === 'expired' ? PaymentStatus.expired : r.paymentStatusId;
    out.push({
      reservationId: r.id,
      orderId: r.orderId,
      status,
      statusLabel:
        status === 'completed'
          ? msg('reservations.stayCompleted')[ctx.lang]
          : PAYMENT_STATUS_LABELS[paymentStatus as keyof typeof PAYMENT_STATUS_LABELS][ctx.lang],
      paymentStatus,
      hotel: { id: h.id, name: h.name },
      roomTypeName: roomName,
      checkInDate: r.checkinDate,
      checkOutDate: r.checkoutDate,
      nights: Temporal.PlainDate.from(r.checkinDate).until(Temporal.PlainDate.from(r.checkoutDate)).days,
      totalPods: r.totalRoom,
      paidAmount: status === 'completed' || status === 'refunded' ? paid : null,
    });
  }
  return out;
}
