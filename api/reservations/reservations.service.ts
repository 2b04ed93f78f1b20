import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { insuranceItem, resolvePackages } from '../ancillary/ancillary.service.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { jakartaDateTime } from '../../core/dates.ts';
import { resolveStay } from '../availability/stay-dates.ts';
import type { Stay } from '../availability/stay-dates.ts';
import { dayUseInvalid, resolveDayUse, roomTypeBlock } from '../availability/day-use.ts';
import type { BlockRow, DayUseChoice } from '../availability/day-use.ts';
import { nightSpans, sellsDayUse, takeHours } from '../availability/hour-stock.ts';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { getHotel } from '../hotels/hotels.service.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { formatRupiah, zoneLabel } from '../../core/money.ts';
import { priceStay } from '../pricing/pricing.ts';
import { INSURANCE_COVER } from '../pricing/pricing.constants.ts';
import { findUsableChannel } from '../payments/payments.service.ts';
import { paymentChannels } from '../payments/payments.schema.ts';
import { promotions } from '../promotions/promotions.schema.ts';
import {
  promoErrors,
  promoLimitError,
  promoOutcomeError,
  promoRule,
  resolvePromo,
  voucherMethodConflict,
} from '../promotions/promotions.service.ts';
import { PG_CHECK_VIOLATION, violatedConstraint } from '../db/pg-errors.ts';
import { pointsBalance } from '../points/points.service.ts';
import { holdAsOf, releaseOwnLapsedHolds } from './expiry.ts';
import { reservationHours, reservationNights, reservations } from './reservations.schema.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import { releaseHold } from './release-hold.ts';
import { replaceSecondaryGuests, resolveSecondaryGuests } from '../account/stay-guests.ts';
import { msg } from '../http/messages.ts';
import { MAX_UNPAID_RESERVATIONS } from '../../core/contracts/booking.ts';

export type ReservationRow = typeof reservations.$inferSelect;
export type Clock = { now: Date };

export const reservationErrors = {
  notFound: () => errors.notFound(msg('reservations.notFound')),
  roomTypeNotFound: () => errors.notFound(msg('reservations.roomTypeNotFound')),
  soldOut: () => errors.conflict('sold_out', msg('reservations.soldOut')),
  cancelFailed: () => errors.conflict('cancel_failed', msg('reservations.cancelFailed')),
  notWaiting: () => errors.conflict('reservation_not_waiting', msg('reservations.notWaiting')),
  userMissing: () => errors.unauthorized(),
  verificationRequired: () => new ApiError(403, 'verification_required', msg('reservations.verificationRequired')),
  tooManyUnpaid: () => errors.conflict('too_many_unpaid', msg('reservations.tooManyUnpaid', MAX_UNPAID_RESERVATIONS)),
};

/** A refusal of the database's booking limits as the guest's error (0004_holds_cap.sql, 0006_promo_limits.sql). */
function limitError(err: unknown): unknown {
  const constraint = violatedConstraint(err, PG_CHECK_VIOLATION) ?? '';
  if (constraint.includes('reservations_unpaid_cap')) return reservationErrors.tooManyUnpaid();
  return promoLimitError(constraint) ?? err;
}

const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, n);

/** A date-time in the hotel's zone as the API writes them: `YYYY-MM-DD HH:mm:ss`. */
function zonedDateTime(d: Date, timeZone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

/**
 * A day-use reservation's block as every answer carries it (null for nights): its length, its start
 * and end in the hotel's zone, and the times alone, so a page can say "3 hours, 10:00-13:00".
 */
export function dayUseView(r: ReservationRow, timeZone: string) {
  if (!r.dayUseStart || !r.dayUseEnd || !r.blockHours) return null;
  const start = zonedDateTime(r.dayUseStart, timeZone);
  const end = zonedDateTime(r.dayUseEnd, timeZone);
  return {
    hours: r.blockHours,
    start,
    end,
    startTime: start.slice(11, 16),
    endTime: end.slice(11, 16),
  };
}

/**
 * Hold the nights (or the day-use block) and create the reservation; the stock is taken by guarded
 * UPDATEs: room_inventory for nights, room_hour_stock for every hour of a room type that sells day
 * use (a block's hours, and the hours a night covers). See README.md, "Day use".
 */
export async function createReservation(
  db: Db,
  input: {
    hotelId: number;
    roomTypeId: number;
    checkIn: string;
    checkOut: string;
    totalRoom: number;
    promoCode?: string | null;
    notes?: string;
    /** The campaign the guest came from (utm_campaign, its promo or content, utm_source / medium). */
    campaign?: { identifier: string | null; event: string | null; channelSource: string | null };
    /** Day use: the check-in value is the day; the check-out is not read. */
    dayUse?: { startHour?: number; blockHours?: number };
  },
  ctx: Clock & { userId: number; holdMinutes: number },
) {
  const hotel = await getHotel(db, input.hotelId);
  const [rt] = await db
    .select()
    .from(roomTypes)
    .where(and(eq(roomTypes.id, input.roomTypeId), eq(roomTypes.hotelId, hotel.id)))
    .limit(1);
  if (!rt) throw reservationErrors.roomTypeNotFound();
  let dayUse: DayUseChoice | null = null;
  let block: BlockRow | null = null;
  let stay: Stay;
  if (input.dayUse) {
    const { startHour, blockHours } = input.dayUse;
    if (startHour === undefined || blockHours === undefined) throw dayUseInvalid(msg('dayUse.needBoth'));
    dayUse = resolveDayUse(hotel, { date: input.checkIn, startHour, blockHours }, ctx.now);
    block = await roomTypeBlock(db, rt.id, blockHours);
    if (!block) throw dayUseInvalid(msg('dayUse.blockNotOffered', blockHours));
    const day = dayUse.date.toString();
    stay = { checkIn: dayUse.date, checkOut: dayUse.date, nights: 1, dates: [day] };
  } else stay = resolveStay(input.checkIn, input.checkOut, hotel, ctx.now);
  const today = hotelToday(ctx.now, hotel.timeZone);
  const promo = input.promoCode
    ? await resolvePromo(db, input.promoCode, { hotelId: hotel.id, checkIn: stay.checkIn, today })
    : null;
  const [user] = await db.select().from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!user) throw reservationErrors.userMissing();
  // Spec section 5: e-mail or phone verification before the first booking.
  if (!user.isEmailVerified && !user.isTelephoneVerified) throw reservationErrors.verificationRequired();
  // A quick answer for the common case; the database's trigger is what holds under concurrency. A
  // hold past its payment window counts as expired (the expiry job flips it within seconds); the
  // guest's own lapsed holds, if any, are released first so that the trigger counts the same.
  const at = ctx.now.toISOString();
  const [open] = await rows<{ n: number; lapsed: number }>(
    db,
    sql`select count(*) filter (where expired_at > ${at}::timestamptz)::int as n,
          count(*) filter (where expired_at <= ${at}::timestamptz)::int as lapsed
        from reservations where user_id = ${user.id} and payment_status_id = ${PaymentStatus.waiting}`,
  );
  if (Number(open?.n ?? 0) >= MAX_UNPAID_RESERVATIONS) throw reservationErrors.tooManyUnpaid();
  if (Number(open?.lapsed ?? 0) > 0) await releaseOwnLapsedHolds(db, user.id, ctx.now);
  const n = input.totalRoom;
  const first = stay.dates[0];
  const last = stay.dates[stay.dates.length - 1];
  const created = await db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      let held: { date: string; hour: number }[] = [];
      let taken: { date: string; price: number; fake_price: number }[];
      if (dayUse && block) {
        const closed = await rows<{ n: number }>(
          t,
          sql`select count(*)::int as n from hotel_blackouts where hotel_id = ${hotel.id} and date = ${first}::date`,
        );
        if (Number(closed[0].n) > 0) throw reservationErrors.soldOut();
        // Every hour of the block, guarded against the nights and the other blocks counted in it.
        const hours = await takeHours(
          t,
          { roomTypeId: rt.id, hotelId: hotel.id, stopSellLimitWeb: rt.stopSellLimitWeb, n, spans: [dayUse.span] },
          hotel,
        );
        if (!hours) throw reservationErrors.soldOut();
        held = hours;
        taken = [{ date: first, price: block.price, fake_price: block.fakePrice }];
      } else {
        // Lock the nights in date order so concurrent multi-night holds cannot deadlock.
        await rows(
          t,
          sql`select date from room_inventory where room_type_id = ${rt.id} and date between ${first}::date and ${last}::date order by date for update`,
        );
        const closed = await rows<{ n: number }>(
          t,
          sql`select count(*)::int as n from hotel_blackouts where hotel_id = ${hotel.id} and date between ${first}::date and ${last}::date`,
        );
        if (Number(closed[0].n) > 0) throw reservationErrors.soldOut();
        // A room type that sells day use also holds the hours its nights cover (before the nights are
        // taken, so a new hour row counts the nights sold so far and not this hold twice).
        if (await sellsDayUse(t, rt.id)) {
          const spans = nightSpans(stay.dates, hotel, (d) => Temporal.PlainDate.from(d).add({ days: 1 }).toString());
          const hours = await takeHours(
            t,
            { roomTypeId: rt.id, hotelId: hotel.id, stopSellLimitWeb: rt.stopSellLimitWeb, n, spans },
            hotel,
          );
          if (!hours) throw reservationErrors.soldOut();
          held = hours;
        }
        // The guard: each night is taken only if it still has n web-sellable rooms. Never check-then-insert.
        taken = await rows<{ date: string; price: number; fake_price: number }>(
          t,
          sql`update room_inventory set sold = sold + ${n}
          where room_type_id = ${rt.id} and date between ${first}::date and ${last}::date
            and sold + ${n} <= sellable - ${rt.stopSellLimitWeb}
          returning date::text as date, price, fake_price`,
        );
        if (taken.length !== stay.nights) throw reservationErrors.soldOut();
      }
      const expiredAt = new Date(ctx.now.getTime() + ctx.holdMinutes * 60_000);
      const ymd = today.toString().replaceAll('-', '');
      const [r] = await tx
        .insert(reservations)
        .values({
          orderId: `BBX-${ymd}-${token(8)}`,
          invoiceNumber: `INV/${ymd}/${token(10)}`,
          sourceId: 1,
          hotelId: hotel.id,
          roomTypeId: rt.id,
          userId: user.id,
          totalRoom: n,
          checkinDate: stay.checkIn.toString(),
          checkoutDate: stay.checkOut.toString(),
          createdAt: ctx.now,
          expiredAt,
          updatedAt: ctx.now,
          paymentStatusId: PaymentStatus.waiting,
          promoCode: promo?.promoCode ?? null,
          notes: input.notes ?? '',
          campaignIdentifier: input.campaign?.identifier ?? null,
          campaignEvent: input.campaign?.event ?? null,
          channelSource: input.campaign?.channelSource ?? null,
          guestName: user.name,
          guestEmail: user.email,
          guestPhone: user.telephone ?? '',
          dayUseStart: dayUse?.start ?? null,
          dayUseEnd: dayUse?.end ?? null,
          blockHours: dayUse?.blockHours ?? null,
        })
        .returning();
      const sorted = [...taken].sort((a, b) => String(a.date).localeCompare(String(b.date)));
      await tx.insert(reservationNights).values(
        sorted.map((x) => ({
          reservationId: r.id,
          date: String(x.date),
          roomTypeId: rt.id,
          // A day-use block holds no night: its one line only locks the block price.
          rooms: dayUse ? 0 : n,
          price: x.price,
          fakePrice: x.fake_price,
        })),
      );
      if (held.length)
        await tx
          .insert(reservationHours)
          .values(held.map((x) => ({ reservationId: r.id, roomTypeId: rt.id, date: x.date, hour: x.hour, rooms: n })));
      return { r, nights: sorted };
    })
    .catch((err: unknown) => {
      throw limitError(err);
    });
  const { r, nights } = created;
  const price = priceStay({
    nights: nights.map((x) => ({ date: String(x.date), price: x.price, fakePrice: x.fake_price })),
    rooms: n,
    promo: promo ? promoRule(promo) : null,
  });
  return {
    id: r.id,
    order_id: r.orderId,
    source_id: r.sourceId,
    checkin_date: r.checkinDate,
    checkout_date: r.checkoutDate,
    created_datetime: jakartaDateTime(r.createdAt),
    expired_datetime: jakartaDateTime(r.expiredAt),
    payment_status_id: r.paymentStatusId,
    total_room: r.totalRoom,
    room_type_id: rt.id,
    day_use: dayUseView(r, hotel.timeZone),
    hotel: { id: hotel.id, name: hotel.name },
    booker: { id: user.id, name: user.name, email: user.email, phone: user.telephone ?? '' },
    daily_details: price.perNight.map((night) => ({
      date: night.date,
      guest_price: night.promotionPrice,
      gross_revenue: night.grossRevenue,
      gift_certificate: 0,
      rate_plan_ota_price: night.grossRevenue,
      promotion_ota_price: night.promotionPrice,
      ota_commision: 0,
      promotion_percent: promo?.discountType === 'percent' ? promo.discountValue : 0,
      promotion_price: night.grossRevenue - night.promotionPrice,
      add_on_price: 0,
      fake_price: night.fakePrice * n,
      promotion_code: promo?.promoCode ?? null,
    })),
    total_price: price.total,
  };
}

/** The guest's own reservation, or 404 (another guest's is never found). */
export async function loadOwned(db: Db, reservationId: number, userId: number): Promise<ReservationRow> {
  const [r] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .limit(1);
  if (!r) throw reservationErrors.notFound();
  return r;
}

/** Price of a stored reservation from its locked nightly rates and its current choices. */
export async function priceReservation(
  db: Db,
  r: ReservationRow,
  opts: { channelCode?: string | null; promoCode?: string | null; ignorePromoErrors?: boolean } = {},
) {
  const nights = await db
    .select()
    .from(reservationNights)
    .where(eq(reservationNights.reservationId, r.id))
    .orderBy(asc(reservationNights.date));
  const code = opts.promoCode === undefined ? r.promoCode : opts.promoCode;
  const [promo] = code ? await db.select().from(promotions).where(eq(promotions.promoCode, code)).limit(1) : [];
  const channelCode = opts.channelCode === undefined ? r.paymentChannelCode : opts.channelCode;
  const [channel] = channelCode
    ? await db.select().from(paymentChannels).where(eq(paymentChannels.code, channelCode)).limit(1)
    : [];
  const insurance = r.isUseAddon ? await insuranceItem(db) : null;
  const packages = await resolvePackages(db, r.ancillaryPackageUuids, r.hotelId, r.roomTypeId).catch(() => []);
  // Once a reservation is no longer waiting, its points were taken at settlement (api/points): the
  // balance no longer holds them, so the redemption is priced as already covered.
  const balance =
    r.giftCertificate > 0
      ? r.paymentStatusId === PaymentStatus.waiting
        ? await pointsBalance(db, r.userId)
        : r.giftCertificate
      : 0;
  const price = priceStay({
    nights: nights.map((x) => ({ date: x.date, price: x.price, fakePrice: x.fakePrice })),
    rooms: r.totalRoom,
    promo: promo ? promoRule(promo) : null,
    paymentChannel: channel
      ? { code: channel.code, feeFlat: channel.feeFlat, feeBps: channel.feeBps, minAmount: channel.minAmount }
      : null,
    insurancePerRoomNight: insurance?.price ?? null,
    ancillaryPerRoomNight: packages.map((p) => p.salePrice),
    pointsRequested: r.giftCertificate,
    pointsBalance: balance,
  });
  return { price, nights, promo: promo ?? null, channel: channel ?? null, insurance, packages };
}

function stayDateTime(date: string, time: string) {
  return `${date} ${time}:00`;
}

/** ReservationDetail / reservations/view: every block of spec section 3. */
export async function reservationDetail(db: Db, reservationId: number, ctx: Clock & { userId: number; lang: ApiLang }) {
  // A lapsed hold reads as expired before the expiry job flips it (expiry.ts).
  const r = holdAsOf(await loadOwned(db, reservationId, ctx.userId), ctx.now);
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, r.hotelId));
  const [rt] = await db.select().from(roomTypes).where(eq(roomTypes.id, r.roomTypeId));
  const offer = await insuranceItem(db);
  const { price, nights, promo, channel, insurance, packages } = await priceReservation(db, r);
  const lang = ctx.lang;
  const duration = nights.length;
  const dayUse = dayUseView(r, hotel.timeZone);
  return {
    info: {
      reservationId: r.id,
      reservationType: hotel.isCabin ? 'cabin' : 'pod',
      orderId: r.orderId,
      source: r.sourceId === 1 ? 'web' : 'app',
      checkIn: dayUse?.start ?? stayDateTime(r.checkinDate, hotel.checkInTime),
      checkOut: dayUse?.end ?? stayDateTime(r.checkoutDate, hotel.checkOutTime),
      /** Day use: the block (hours, start and end); null for nights. */
      dayUse,
      expiredDateTime: jakartaDateTime(r.expiredAt),
      todayDateTime: jakartaDateTime(ctx.now),
      totalPods: r.totalRoom,
      paymentStatus: r.paymentStatusId,
      paymentStatusLabel: paymentStatusLabel(r.paymentStatusId, lang),
      duration,
      paymentType: channel?.category ?? null,
      notes: r.notes,
      hotelType: hotel.typeId,
      invoiceNumber: r.invoiceNumber,
      markAsDeleted: false,
      isRemoved: false,
      hasAddOn: r.isUseAddon || r.ancillaryPackageUuids.length > 0,
      campaignIdentifier: r.campaignIdentifier,
      campaignEvent: r.campaignEvent,
      channelSource: r.channelSource ?? 'web',
      reservationChangeType: null,
      reservationChangeReferenceId: null,
      hotel: {
        id: hotel.id,
        name: hotel.name,
        address: hotel.address,
        telephone: hotel.telephone,
        isCabin: hotel.isCabin,
        timeZone: hotel.timeZone,
        timeZoneLabel: zoneLabel(hotel.timeZone),
        checkInTime: hotel.checkInTime,
        checkOutTime: hotel.checkOutTime,
      },
      pods: [
        {
          roomTypeId: rt.id,
          roomType: rt.roomType,
          name: rt.name,
          label: rt.label[lang],
          capacity: rt.capacity,
          capacityChildren: rt.capacityChildren,
          bedSize: rt.bedSize,
          mainPictureUrl: rt.mainPictureUrl,
          count: r.totalRoom,
        },
      ],
    },
    priceDetail: {
      grossRevenue: price.grossRevenue,
      giftCertificateDiscount: price.pointsUsed,
      bundlingDiscount: 0,
      ratePlan: price.grossRevenue,
      promotion: price.promoDiscount,
      peakHourAdditionalPrice: 0,
      tax: price.tax,
      serviceFee: price.serviceFee,
      insurance: price.insurance,
      carbonOffset: price.ancillary,
      addOnPrice: price.addOnPrice,
      bankFee: price.paymentChannelFee,
      paymentGatewayFee: 0,
      guestPrice: price.total,
      guestPriceLabel: formatRupiah(price.total),
      pointsEarned: price.pointsEarned,
    },
    guest: { name: r.guestName, email: r.guestEmail, phoneNumber: r.guestPhone },
    roomRevenue: price.perNight.map((x) => ({
      date: x.date,
      grossRevenue: x.grossRevenue,
      promotionPrice: x.promotionPrice,
      price: x.price,
    })),
    insurancePolicies:
      r.isUseAddon && insurance
        ? [
            {
              providerName: insurance.providerName,
              providerId: insurance.providerId,
              coverAmount: INSURANCE_COVER,
              premium: price.insurance,
              status: r.paymentStatusId === PaymentStatus.paid ? 'active' : 'pending',
              termsUrl: insurance.termsUrl,
              benefitUrl: insurance.benefitUrl,
              claimUrl: insurance.claimUrl,
            },
          ]
        : [],
    // What the review offers before the guest adds it: the insurer, its cover and its price per night
    // (the price the search shows for this room), so the review needs no second search.
    insuranceOffer: offer
      ? {
          providerId: offer.providerId,
          providerName: offer.providerName,
          coverAmount: offer.coverAmount,
          pricePerNight: offer.price,
          termsUrl: offer.termsUrl,
          benefitUrl: offer.benefitUrl,
          claimUrl: offer.claimUrl,
        }
      : null,
    priceBreakdown: {
      total: price.total,
      bobopoint_value: price.pointsUsed,
      promo_code: promo?.promoCode ?? null,
      promo_value: price.promoDiscount,
      tax_total: price.tax,
      fee_total: price.serviceFee + price.paymentChannelFee,
      service_fee: price.serviceFee,
      payment_fee: price.paymentChannelFee,
      insurance_total: price.insurance,
      room_types: [
        {
          room_type_id: rt.id,
          name: rt.name,
          items: price.perNight.map((x) => ({
            date: x.date,
            price: x.price,
            quantity: r.totalRoom,
            subtotal: x.grossRevenue,
          })),
        },
      ],
      payment_channel_code: r.paymentChannelCode,
    },
    allowEsgPurchase: r.paymentStatusId === PaymentStatus.waiting,
    esg: {
      total: price.ancillary,
      items: packages.map((p) => ({
        uuid: p.uuid,
        name: p.name[lang],
        provider_name: p.providerName,
        sale_price: p.salePrice,
        quantity: r.totalRoom * duration,
        total: p.salePrice * r.totalRoom * duration,
      })),
    },
  };
}
export type ReservationDetail = Awaited<ReturnType<typeof reservationDetail>>;

/** The user's reservations, newest first, optionally by payment status (1 fills the order badge). */
export async function listReservations(db: Db, ctx: Clock & { userId: number; lang: ApiLang; status?: number }) {
  // A hold past its payment window is listed as expired before the expiry job flips it (expiry.ts).
  const at = ctx.now.toISOString();
  const byStatus =
    ctx.status === PaymentStatus.waiting
      ? sql`${reservations.paymentStatusId} = ${PaymentStatus.waiting} and ${reservations.expiredAt} > ${at}::timestamptz`
      : ctx.status === PaymentStatus.expired
        ? sql`(${reservations.paymentStatusId} = ${PaymentStatus.expired} or (${reservations.paymentStatusId} = ${PaymentStatus.waiting} and ${reservations.expiredAt} <= ${at}::timestamptz))`
        : ctx.status
          ? eq(reservations.paymentStatusId, ctx.status)
          : undefined;
  const where = byStatus ? and(eq(reservations.userId, ctx.userId), byStatus) : eq(reservations.userId, ctx.userId);
  const found = await db
    .select({ r: reservations, hotelName: hotels.name, timeZone: hotels.timeZone, roomName: roomTypes.name })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .innerJoin(roomTypes, eq(roomTypes.id, reservations.roomTypeId))
    .where(where)
    .orderBy(desc(reservations.id))
    .limit(100);
  const items = [];
  for (const { r: stored, hotelName, timeZone, roomName } of found) {
    const r = holdAsOf(stored, ctx.now);
    const { price } = await priceReservation(db, r);
    items.push({
      reservationId: r.id,
      orderId: r.orderId,
      hotel: { id: r.hotelId, name: hotelName },
      roomTypeName: roomName,
      checkIn: r.checkinDate,
      checkOut: r.checkoutDate,
      dayUse: dayUseView(r, timeZone),
      totalPods: r.totalRoom,
      paymentStatus: r.paymentStatusId,
      paymentStatusLabel: paymentStatusLabel(r.paymentStatusId, ctx.lang),
      expiredDateTime: jakartaDateTime(r.expiredAt),
      total: price.total,
    });
  }
  return { count: items.length, totalRooms: items.reduce((s, i) => s + i.totalPods, 0), items };
}

/** Cancel a waiting reservation and give its nights back, atomically; anything else is a 409. */
export async function cancelReservation(db: Db, reservationId: number, ctx: Clock & { userId: number }) {
  // A lapsed hold is not cancelled (windowOpen): it expires, by the job.
  const r = await loadOwned(db, reservationId, ctx.userId);
  const released = await releaseHold(db, {
    id: r.id,
    userId: ctx.userId,
    from: [PaymentStatus.waiting],
    to: PaymentStatus.cancelled,
    windowOpen: true,
    now: ctx.now,
  });
  if (released !== 1) throw reservationErrors.cancelFailed();
  return { reservationId: r.id, paymentStatus: PaymentStatus.cancelled };
}

/**
 * Update promo, gift certificate (Bobopoints), insurance add-on, carbon-offset packages and the
 * payment channel of a waiting reservation, then return the recomputed detail. A promo the chosen
 * channel does not support is removed (and said so), as the spec's payment screen expects.
 */
export async function updateReservation(
  db: Db,
  body: {
    reservationId: number;
    isUsePromo: boolean;
    promoCode?: string | null;
    isUseGiftCertificate: boolean;
    giftCertificate: number;
    isUseAddon: boolean;
    paymentChannelCode?: string | null;
    ancillaryPackageUUIDs: string[];
    secondaryGuests?: string[];
  },
  ctx: Clock & { userId: number; lang: ApiLang },
) {
  const r = holdAsOf(await loadOwned(db, body.reservationId, ctx.userId), ctx.now);
  if (r.paymentStatusId !== PaymentStatus.waiting) throw reservationErrors.notWaiting();
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, r.hotelId));
  const channel = body.paymentChannelCode ? await findUsableChannel(db, body.paymentChannelCode) : null;
  let promoCode: string | null = null;
  let notice: { code: string; message: string } | null = null;
  if (body.isUsePromo && body.promoCode) {
    const today = hotelToday(ctx.now, hotel.timeZone);
    const promo = await resolvePromo(db, body.promoCode, {
      hotelId: r.hotelId,
      checkIn: Temporal.PlainDate.from(r.checkinDate),
      today,
    });
    promoCode = promo.promoCode;
    const { price } = await priceReservation(
      db,
      { ...r, giftCertificate: 0 },
      { promoCode, channelCode: channel?.code ?? null },
    );
    if (price.promo && !price.promo.applied) {
      const err = promoOutcomeError(price.promo.reason, promo) ?? promoErrors.notForHotel();
      if (price.promo.reason !== 'payment_method') throw err;
      const conflict = voucherMethodConflict({
        promoCode: promo.promoCode,
        storedPromoCode: r.promoCode,
        channelCode: channel?.code ?? null,
        storedChannelCode: r.paymentChannelCode,
      });
      if (conflict === 'refuse_voucher') throw err;
      promoCode = null;
      notice = { code: err.code, message: err.messages[ctx.lang] };
    }
  }
  const packages = await resolvePackages(db, body.ancillaryPackageUUIDs, r.hotelId, r.roomTypeId);
  const next: ReservationRow = {
    ...r,
    promoCode,
    giftCertificate: body.isUseGiftCertificate ? body.giftCertificate : 0,
    isUseAddon: body.isUseAddon,
    ancillaryPackageUuids: packages.map((p) => p.uuid),
    paymentChannelCode: channel?.code ?? null,
  };
  // Validates the Bobopoint redemption (422 in the spec's words when it fails).
  await priceReservation(db, next);
  const guests = body.secondaryGuests ? await resolveSecondaryGuests(db, r, body.secondaryGuests) : null;
  const updated = await db
    .update(reservations)
    .set({
      promoCode: next.promoCode,
      giftCertificate: next.giftCertificate,
      isUseAddon: next.isUseAddon,
      ancillaryPackageUuids: next.ancillaryPackageUuids,
      paymentChannelCode: next.paymentChannelCode,
      updatedAt: ctx.now,
    })
    .where(
      and(
        eq(reservations.id, r.id),
        eq(reservations.paymentStatusId, PaymentStatus.waiting),
        sql`${reservations.expiredAt} > ${ctx.now.toISOString()}::timestamptz`,
      ),
    )
    .returning()
    .catch((err: unknown) => {
      throw limitError(err);
    });
  if (updated.length === 0) throw reservationErrors.notWaiting();
  if (guests) await replaceSecondaryGuests(db, r.id, guests, ctx.now);
  const detail = await reservationDetail(db, r.id, ctx);
  return { ...detail, notice };
}

/**
 * update-rate: re-read today's rates for the held nights of a waiting reservation (the stock
 * stays held; only the locked prices are refreshed) and return the new detail.
 */
export async function updateRate(db: Db, reservationId: number, ctx: Clock & { userId: number; lang: ApiLang }) {
  const r = holdAsOf(await loadOwned(db, reservationId, ctx.userId), ctx.now);
  if (r.paymentStatusId !== PaymentStatus.waiting) throw reservationErrors.notWaiting();
  await rows(
    db,
    sql`update reservation_nights n set price = i.price, fake_price = i.fake_price
                     from room_inventory i where n.reservation_id = ${r.id} and n.rooms > 0 and i.room_type_id = n.room_type_id and i.date = n.date`,
  );
  // A day-use block's line (rooms 0) takes today's block price instead.
  if (r.blockHours)
    await rows(
      db,
      sql`update reservation_nights n set price = b.price, fake_price = b.fake_price
        from room_type_blocks b where n.reservation_id = ${r.id} and n.rooms = 0
          and b.room_type_id = n.room_type_id and b.hours = ${r.blockHours}`,
    );
  return reservationDetail(db, r.id, ctx);
}
