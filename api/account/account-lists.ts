import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { Temporal } from '../../core/temporal.ts';
import { stayCheckins } from './account.schema.ts';
import { signStayPass } from './stay-pass.ts';
import { acceptedShares, secondaryGuestsOf, sharesOf } from '../reservations/stay-guests.ts';
import { insuranceItem } from '../ancillary/ancillary.service.ts';
import { policiesOf } from '../reservations/insurance-policies.ts';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../platform/database.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import type { ApiLang } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { calendarFile } from '../payments/calendar.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { dayUseView } from '../reservations/reservations.service.ts';
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

/**
 * When a stay starts and ends, and when its self check-in opens (1 hour before check-in, that day): a
 * night stay runs from the hotel's check-in time on its first day to its check-out time on the last;
 * a day-use stay (a block of hours) runs over its block.
 */
export function stayWindow(
  r: { checkinDate: string; checkoutDate: string; dayUseStart?: Date | null; dayUseEnd?: Date | null },
  hotel: HotelTimes,
) {
  const checkIn =
    r.dayUseStart && r.dayUseEnd
      ? Temporal.Instant.fromEpochMilliseconds(r.dayUseStart.getTime()).toZonedDateTimeISO(hotel.timeZone)
      : hotelInstant(r.checkinDate, hotel.checkInTime, hotel.timeZone);
  const checkOut =
    r.dayUseStart && r.dayUseEnd
      ? Temporal.Instant.fromEpochMilliseconds(r.dayUseEnd.getTime()).toZonedDateTimeISO(hotel.timeZone)
      : hotelInstant(r.checkoutDate, hotel.checkOutTime, hotel.timeZone);
  const opens = checkIn.subtract({ minutes: SELF_CHECKIN_OPENS_BEFORE_MINUTES });
  return {
    checkInAt: new Date(checkIn.epochMilliseconds),
    checkOutAt: new Date(checkOut.epochMilliseconds),
    opensAt: new Date(opens.epochMilliseconds),
    opensAtTime: opens.toPlainTime().toString({ smallestUnit: 'minute' }),
  };
}

/** What the guest paid for a reservation: its settled (or later refunded) charge, if any. */
const paidAmount = sql<number | null>`(select c.gross_amount from payment_charges c
  where c.reservation_id = ${reservations.id} and c.status in ('settlement', 'capture', 'refund')
  order by c.attempt desc limit 1)`.mapWith((v: unknown) => (v === null ? null : Number(v)));

const mapUrl = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

const identityOf = (value: string): IdentityState =>
  (IDENTITY_STATES as readonly string[]).includes(value) ? (value as IdentityState) : 'not_submitted';

/**
 * A reservation with its hotel, room type, the viewer's identity state and check-in state (each person
 * on a stay checks in for themselves), and the amount paid.
 */
const stayRows = (db: Db, viewerId: number) =>
  db
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
    .innerJoin(users, eq(users.id, sql`${viewerId}`))
    .leftJoin(stayCheckins, and(eq(stayCheckins.reservationId, reservations.id), eq(stayCheckins.userId, viewerId)));

/**
 * My stay (HotelStayList): the paid stays the user booked, and those shared with them that they
 * accepted, that have not checked out yet, soonest first. A guest sees the stay and a pass of their
 * own, the booker's name and the other guests' names, never the booker's contacts or payment.
 */
export async function listMyStays(
  db: Db,
  ctx: { userId: number; now: Date; lang: ApiLang; stayPassSecret: string; siteUrl: string },
): Promise<MyStay[]> {
  // A day of slack for zones east of Jakarta; the exact cut is stayWindow's.
  const from = jakartaToday(ctx.now).subtract({ days: 1 }).toString();
  const shared = await acceptedShares(db, ctx.userId);
  const found = await stayRows(db, ctx.userId)
    .where(
      and(
        shared.size
          ? or(eq(reservations.userId, ctx.userId), inArray(reservations.id, [...shared.keys()]))
          : eq(reservations.userId, ctx.userId),
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
  const policy = await policiesOf(
    db,
    current.filter(({ r }) => r.isUseAddon).map(({ r }) => r.id),
  );
  const ids = current.map(({ r }) => r.id);
  const secondary = await secondaryGuestsOf(db, ids);
  const shares = await sharesOf(db, ids);
  const bookers = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(current.map(({ r }) => r.userId)), 0]))
    ).map((u) => [u.id, u.name]),
  );
  return current.map(({ r, h, rt, identity, retries, checkedInAt, window, ...row }) => {
    const staying = window.checkInAt <= ctx.now;
    const booker = r.userId === ctx.userId;
    const shareId = booker ? null : (shared.get(r.id) ?? null);
    // A guest sees names only: not the booker's e-mail, phone or payment, nor the other guests' contacts.
    const paid = booker ? row.paid : null;
    const others = (secondary.get(r.id) ?? []).map((g) => (booker ? g : { name: g.name, email: '', phone: '' }));
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
      pods: {
        roomTypeId: rt.id,
        name: rt.name,
        label: rt.label[ctx.lang],
        count: r.totalRoom,
        capacity: rt.capacity,
        roomType: rt.roomType,
        bedSize: rt.bedSize,
      },
      // The booker is the primary guest; the others accepted an invitation (api/reservations/stay-guests.ts).
      guests: {
        primary: booker
          ? { name: r.guestName, email: r.guestEmail, phone: r.guestPhone }
          : { name: r.guestName, email: '', phone: '' },
        secondary: others,
      },
      guestType: booker ? ('booker' as const) : ('guest' as const),
      bookedBy: booker ? null : (bookers.get(r.userId) ?? null),
      shareId,
      shares: booker
        ? (shares.get(r.id) ?? []).map((x) => ({ ...x, status: x.status as Exclude<typeof x.status, 'revoked'> }))
        : [],
      /** What the guest paid (the settled charge), null when no charge is on record. */
      paidAmount: paid,
      insurancePolicy:
        booker && r.isUseAddon && insurance
          ? {
              providerName: insurance.providerName,
              coverAmount: insurance.coverAmount,
              // What the insurer answered (api/insurance): requested until it issued or refused.
              ...policy(r.id),
              termsUrl: insurance.termsUrl,
              claimUrl: insurance.claimUrl,
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
        // A guest's pass is their own: it names their share, and stops working if the share ends.
        token: signStayPass(ctx.stayPassSecret, {
          reservationId: r.id,
          orderId: r.orderId,
          expiresAt: Math.floor(window.checkOutAt.getTime() / 1000),
          ...(shareId === null ? {} : { shareId }),
        }),
      },
      selfCheckIn: {
        opensAt: window.opensAt.toISOString(),
        opensAtTime: window.opensAtTime,
        closesAt: window.checkOutAt.toISOString(),
        isBooker: booker,
        identityStatus: identityOf(identity),
        livenessCountRetry: retries ?? 0,
        maxLivenessRetries: LIVENESS_MAX_RETRIES,
        checkedInAt: checkedInAt ? checkedInAt.toISOString() : null,
      },
    };
  });
}

type HistoryStatus = StayHistoryItem['status'];

/**
 * The history's rows: stays that have checked out (stayWindow's rule), and orders that were cancelled,
 * expired (a hold past its window counts even before the expiry job) or refunded; latest stay first.
 */
async function historyRows(db: Db, ctx: { userId: number; now: Date }) {
  const at = ctx.now.toISOString();
  // A day of slack for zones west of the hotel's; the exact cut is stayWindow's.
  const until = jakartaToday(ctx.now).add({ days: 1 }).toString();
  const found = await stayRows(db, ctx.userId)
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
  const out = [];
  for (const row of found) {
    const { r, h } = row;
    const window = stayWindow(r, h);
    if (r.paymentStatusId === PaymentStatus.paid && window.checkOutAt > ctx.now) continue;
    const status: HistoryStatus =
      r.paymentStatusId === PaymentStatus.paid
        ? 'completed'
        : r.paymentStatusId === PaymentStatus.cancelled
          ? 'cancelled'
          : r.paymentStatusId === PaymentStatus.refunded
            ? 'refunded'
            : 'expired';
    out.push({ ...row, window, status });
  }
  return out;
}

/** History (HotelStayHistoryList over REST): past stays and closed orders with their status labels. */
export async function listStayHistory(
  db: Db,
  ctx: { userId: number; now: Date; lang: ApiLang },
): Promise<StayHistoryItem[]> {
  return (await historyRows(db, ctx)).map(({ r, h, rt, paid, status }) => {
    const paymentStatus = status === 'expired' ? PaymentStatus.expired : r.paymentStatusId;
    return {
      reservationId: r.id,
      orderId: r.orderId,
      status,
      statusLabel:
        status === 'completed'
          ? msg('reservations.stayCompleted')[ctx.lang]
          : PAYMENT_STATUS_LABELS[paymentStatus as keyof typeof PAYMENT_STATUS_LABELS][ctx.lang],
      paymentStatus,
      hotel: { id: h.id, name: h.name },
      roomTypeName: rt.name,
      checkInDate: r.checkinDate,
      checkOutDate: r.checkoutDate,
      nights: Temporal.PlainDate.from(r.checkinDate).until(Temporal.PlainDate.from(r.checkoutDate)).days,
      totalPods: r.totalRoom,
      paidAmount: status === 'completed' || status === 'refunded' ? paid : null,
    };
  });
}

// The GraphQL gateway's HotelStayList and HotelStayHistoryList (api/graphql/schema.graphql, type
// Stay): the same lists as REST's My stay and history, decided by the same rule (stayWindow), in the
// snake_case shape of spec section 3, one entry per pod. A Stay is a stay: the GraphQL history holds
// the completed stays (REST's history also lists closed orders). The QR code is the signed stay pass
// (one per reservation, which the host's call verifies); the secondary guests are spread over the
// pods in the order the booker listed them.

/** stay_status of a GraphQL Stay (and the `stay_status` filter of both lists). */
export const GRAPHQL_STAY_STATUS = { upcoming: 1, staying: 2, completed: 3 } as const;

type GraphqlStayParts = {
  reservationId: number;
  orderId: string;
  status: keyof typeof GRAPHQL_STAY_STATUS;
  statusLabel: string;
  checkInAt: Date;
  checkOutAt: Date;
  nights: number;
  pods: number;
  paid: number | null;
  token: string;
  identity: string;
  retries: number;
  checkedIn: boolean;
  primary: { name: string; email: string; phone: string };
  secondary: { name: string; email: string; phone: string }[];
  guestType?: 'booker' | 'guest';
  room: { room_type_id: number; room_type: string; name: string; label: string; bed_size: string; capacity: number };
  hotel: {
    id: number;
    name: string;
    address: string;
    timeZone: string;
    latitude: number;
    longitude: number;
  };
  insurance: { provider_name: string; cover_amount: number; status: string; policy_number: string | null } | null;
};

/** An instant as the API writes date-times: `YYYY-MM-DD HH:mm:ss` in the hotel's zone. */
function zonedDateTime(d: Date, timeZone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

function graphqlStays(p: GraphqlStayParts) {
  return Array.from({ length: p.pods }, (_, i) => {
    const secondary = p.secondary[i] ?? null;
    return {
      id: `${p.reservationId}-${i + 1}`,
      reservation_id: p.reservationId,
      order_id: p.orderId,
      check_in_datetime: zonedDateTime(p.checkInAt, p.hotel.timeZone),
      check_out_datetime: zonedDateTime(p.checkOutAt, p.hotel.timeZone),
      check_in_status: p.checkedIn ? 1 : 0,
      stay_status: GRAPHQL_STAY_STATUS[p.status],
      stay_status_label: p.statusLabel,
      duration: p.nights,
      guest_name: p.primary.name,
      guest_price: Math.round((p.paid ?? 0) / p.pods),
      qr_code: p.token,
      identity_status: Math.max(0, IDENTITY_STATES.indexOf(identityOf(p.identity))),
      liveness_count_retry: p.retries,
      // 1: shared with a guest who accepted (the booker's view), 2: shared with the viewer (a guest's view).
      share_stay_status: p.guestType === 'guest' ? 2 : secondary ? 1 : 0,
      guest_type: p.guestType === 'guest' ? 'secondary' : 'primary',
      primary_guest: p.primary,
      secondary_guest: secondary,
      room: p.room,
      hotel: {
        id: p.hotel.id,
        name: p.hotel.name,
        address: p.hotel.address,
        time_zone: p.hotel.timeZone,
        time_zone_label: zoneLabel(p.hotel.timeZone),
        latitude: p.hotel.latitude,
        longitude: p.hotel.longitude,
      },
      insurance_policy: p.insurance,
    };
  });
}

const byStatus = (stayStatus: number | null | undefined) => (s: { stay_status: number }) =>
  !stayStatus || s.stay_status === stayStatus;

/** GraphQL HotelStayList: My stay's stays (listMyStays), one entry per pod. */
export async function hotelStayList(db: Db, ctx: Parameters<typeof listMyStays>[1] & { stayStatus?: number | null }) {
  const stays = await listMyStays(db, ctx);
  return stays
    .flatMap((s) =>
      graphqlStays({
        reservationId: s.reservationId,
        orderId: s.orderId,
        status: s.stayStatus,
        statusLabel: s.stayStatusLabel,
        checkInAt: new Date(s.checkInAt),
        checkOutAt: new Date(s.checkOutAt),
        nights: s.nights,
        pods: s.pods.count,
        paid: s.paidAmount as number | null,
        token: s.pass.token,
        identity: s.selfCheckIn.identityStatus,
        retries: s.selfCheckIn.livenessCountRetry,
        checkedIn: s.selfCheckIn.checkedInAt !== null,
        primary: s.guests.primary,
        secondary: s.guests.secondary,
        guestType: s.guestType,
        room: {
          room_type_id: s.pods.roomTypeId,
          room_type: s.pods.roomType as string,
          name: s.pods.name,
          label: s.pods.label,
          bed_size: s.pods.bedSize as string,
          capacity: s.pods.capacity,
        },
        hotel: s.hotel,
        insurance: s.insurancePolicy
          ? {
              provider_name: s.insurancePolicy.providerName,
              cover_amount: s.insurancePolicy.coverAmount,
              status: s.insurancePolicy.status,
              policy_number: s.insurancePolicy.policyNumber,
            }
          : null,
      }),
    )
    .filter(byStatus(ctx.stayStatus));
}

/** GraphQL HotelStayHistoryList: the history's completed stays (historyRows), one entry per pod. */
export async function hotelStayHistoryList(
  db: Db,
  ctx: { userId: number; now: Date; lang: ApiLang; stayPassSecret: string; stayStatus?: number | null },
) {
  const done = (await historyRows(db, ctx)).filter((row) => row.status === 'completed');
  const insurance = done.some(({ r }) => r.isUseAddon) ? await insuranceItem(db) : null;
  const policy = await policiesOf(
    db,
    done.filter(({ r }) => r.isUseAddon).map(({ r }) => r.id),
  );
  const secondary = await secondaryGuestsOf(
    db,
    done.map(({ r }) => r.id),
  );
  const label = msg('reservations.stayCompleted')[ctx.lang];
  return done
    .flatMap(({ r, h, rt, identity, retries, checkedInAt, paid, window }) =>
      graphqlStays({
        reservationId: r.id,
        orderId: r.orderId,
        status: 'completed',
        statusLabel: label,
        checkInAt: window.checkInAt,
        checkOutAt: window.checkOutAt,
        nights: Temporal.PlainDate.from(r.checkinDate).until(Temporal.PlainDate.from(r.checkoutDate)).days,
        pods: r.totalRoom,
        paid,
        // Signed like My stay's pass; the host's call refuses it now that the stay has ended.
        token: signStayPass(ctx.stayPassSecret, {
          reservationId: r.id,
          orderId: r.orderId,
          expiresAt: Math.floor(window.checkOutAt.getTime() / 1000),
        }),
        identity,
        retries: retries ?? 0,
        checkedIn: checkedInAt !== null,
        primary: { name: r.guestName, email: r.guestEmail, phone: r.guestPhone },
        secondary: secondary.get(r.id) ?? [],
        room: {
          room_type_id: rt.id,
          room_type: rt.roomType,
          name: rt.name,
          label: rt.label[ctx.lang],
          bed_size: rt.bedSize,
          capacity: rt.capacity,
        },
        hotel: h,
        insurance:
          r.isUseAddon && insurance
            ? {
                provider_name: insurance.providerName,
                cover_amount: insurance.coverAmount,
                // An issued policy has ended with the stay; otherwise what the insurer answered.
                status: policy(r.id).status === 'issued' ? 'expired' : policy(r.id).status,
                policy_number: policy(r.id).policyNumber,
              }
            : null,
      }),
    )
    .filter(byStatus(ctx.stayStatus));
}
