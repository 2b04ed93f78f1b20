import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { Temporal } from '../../core/temporal.ts';
import { insuranceItem, resolvePackages } from '../ancillary/ancillary.service.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { AVAILABILITY_WINDOW_DAYS, jakartaDateTime } from '../../core/dates.ts';
import { isInstant, resolveStay, stayDate } from '../availability/stay-dates.ts';
import { dayUseInvalid, resolveDayUse, roomTypeBlock } from '../availability/day-use.ts';
import type { DayUseChoice } from '../availability/day-use.ts';
import type { Db } from '../platform/database.ts';
import { rows, statementRows } from '../db/query.ts';
import type { Statement } from '../db/query.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { getHotel, hotelNotFound } from '../hotels/hotels.service.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { formatRupiah, zoneLabel } from '../../core/money.ts';
import { priceStay, promoDiscount } from '../pricing/pricing.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { INSURANCE_COVER } from '../pricing/pricing.constants.ts';
import { policiesOf } from './insurance-policies.ts';
import { findUsableChannel } from '../pricing/channels.service.ts';
import { paymentChannels } from '../pricing/channels.schema.ts';
import { promotions } from '../promotions/promotions.schema.ts';
import {
  promoErrors,
  promoLimitError,
  promoOutcomeError,
  promoRule,
  resolvePromo,
  voucherMethodConflict,
} from '../promotions/promotions.service.ts';
import type { PromotionRow } from '../promotions/promotions.service.ts';
import { PG_CHECK_VIOLATION, violatedConstraint } from '../db/pg-errors.ts';
import { pointsBalance } from '../points/points.service.ts';
import { holdAsOf, releaseOwnLapsedHolds } from './expiry.ts';
import { reservationNights, reservations } from './reservations.schema.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import { releaseHold } from './release-hold.ts';
import { msg } from '../http/messages.ts';
import { idempotencyKeyReused } from '../http/idempotency.ts';
import { MAX_UNPAID_RESERVATIONS, MAX_UNPAID_ROOMS } from '../../core/contracts/booking.ts';

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
  tooManyRooms: () => errors.conflict('too_many_unpaid_rooms', msg('reservations.tooManyRooms', MAX_UNPAID_ROOMS)),
  hotelShare: () => errors.conflict('hotel_share', msg('reservations.hotelShare')),
};

/** A refusal of the database's booking limits as the guest's error (0004_holds_cap.sql, 0006_promo_limits.sql). */
function limitError(err: unknown): unknown {
  const constraint = violatedConstraint(err, PG_CHECK_VIOLATION) ?? '';
  if (constraint.includes('reservations_unpaid_cap')) return reservationErrors.tooManyUnpaid();
  if (constraint.includes('reservations_unpaid_rooms')) return reservationErrors.tooManyRooms();
  if (constraint.includes('reservations_hotel_share')) return reservationErrors.hotelShare();
  return promoLimitError(constraint) ?? err;
}

const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, n);

/** The order and invoice tokens of a new reservation (8 and 10 characters), from one draw of random bytes. */
function orderTokens(): [string, string] {
  const t = token(18);
  return [t.slice(0, 8), t.slice(8)];
}

/**
 * jakartaDateTime of an instant, remembered for the second it falls in (it prints whole seconds): a
 * busy node creates many holds each second, and Temporal's zone arithmetic is the dearest step of
 * a create's answer.
 */
const wireTimes = new Map<number, string>();
function jakartaWireTime(d: Date): string {
  const second = Math.floor(d.getTime() / 1000);
  let s = wireTimes.get(second);
  if (s === undefined) {
    if (wireTimes.size >= 8) wireTimes.clear();
    wireTimes.set(second, (s = jakartaDateTime(d)));
  }
  return s;
}

/** A date-time in the hotel's zone as the API writes them: `YYYY-MM-DD HH:mm:ss`. */
function zonedDateTime(d: Date, timeZone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

/**
 * A day-use reservation's block as every answer carries it (null for nights): its length, its start
 * and end in the hotel's zone, and the times alone, so a page can say "3 hours, 10:00-13:00".
 */
export function dayUseView(r: Pick<ReservationRow, 'dayUseStart' | 'dayUseEnd' | 'blockHours'>, timeZone: string) {
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

/** What a create asks for (REST and GraphQL). */
type CreateInput = {
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
};

/** What reservation_hold (api/reservations/sql/reservation-hold.sql) answers: the hold, or why there is none. */
type HoldAnswer =
  | {
      outcome: 'held';
      id: number;
      order_id: string;
      hotel_name: string;
      time_zone: string;
      user_name: string;
      user_email: string;
      user_phone: string;
      dates: string[];
      prices: number[];
      fake_prices: number[];
    }
  | { outcome: 'stay_invalid'; time_zone: string; web_max_duration: number }
  | { outcome: 'replay'; same: boolean; body: StoredCreate }
  | {
      outcome:
        | 'hotel_not_found'
        | 'room_type_not_found'
        | 'block_not_offered'
        | 'user_missing'
        | 'verification_required'
        | 'too_many_unpaid'
        | 'too_many_rooms'
        | 'hotel_share'
        | 'lapsed_holds'
        | 'sold_out';
    };

/** The one statement of a create's check-and-hold (README.md "Taking a hold"). */
const HOLD: Statement = {
  name: 'reservation_hold_v2',
  text: `select reservation_hold($1::int, $2::int, $3::int, $4::date, $5::date, $6::int, $7::timestamptz,
    $8::timestamptz, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $16::boolean,
    $17::int, $18::int, $19::boolean, $20::int, $21::int, $22::timestamptz, $23::timestamptz, $24::int, $25::text, $26::text,
    $27::jsonb) as hold`,
};

/** Whether a room type belongs to a hotel (the path that reads the hotel before holding). */
const ROOM_TYPE_OF_HOTEL: Statement = {
  name: 'reservation_room_type_v1',
  text: 'select exists(select 1 from room_types where id = $1::int and hotel_id = $2::int) as ok',
};

/** reservation_hold refuses a hold it found sold out after writing (hours): the statement rolls back. */
const SOLD_OUT_STATE = 'BX409';

const dateOnly = /^\d{4}-\d{2}-\d{2}/;
/** A check-in or check-out value that names a date without the hotel's zone (not an instant), or null. */
function plainStayDate(value: string, field: string): Temporal.PlainDate | null {
  if (!dateOnly.test(value) || isInstant(value)) return null;
  try {
    return stayDate(value, 'UTC', field);
  } catch {
    return null;
  }
}

type Hold = {
  checkIn: string;
  checkOut: string;
  /** Whether reservation_hold checks the stay's dates against the hotel (the caller did not). */
  checkStay: boolean;
  dayUse: DayUseChoice | null;
  promo: Awaited<ReturnType<typeof resolvePromo>> | null;
};

/** One call of reservation_hold; its refusals as the guest's errors. */
async function hold(db: Db, input: CreateInput, ctx: CreateContext, h: Hold, lapsedReleased = false) {
  const expiredAt = new Date(ctx.now.getTime() + ctx.holdMinutes * 60_000);
  const [row] = await statementRows<{ hold: HoldAnswer }>(db, HOLD, [
    input.hotelId,
    input.roomTypeId,
    ctx.userId,
    h.checkIn,
    h.checkOut,
    input.totalRoom,
    ctx.now.toISOString(),
    expiredAt.toISOString(),
    ...orderTokens(),
    h.promo?.promoCode ?? null,
    input.notes ?? '',
    input.campaign?.identifier ?? null,
    input.campaign?.event ?? null,
    input.campaign?.channelSource ?? null,
    h.checkStay,
    AVAILABILITY_WINDOW_DAYS,
    MAX_UNPAID_RESERVATIONS,
    lapsedReleased,
    h.dayUse?.blockHours ?? null,
    h.dayUse?.startHour ?? null,
    h.dayUse?.start.toISOString() ?? null,
    h.dayUse?.end.toISOString() ?? null,
    MAX_UNPAID_ROOMS,
    ctx.idempotency?.key ?? null,
    ctx.idempotency?.hash ?? null,
    ctx.idempotency ? JSON.stringify(contextOf(ctx.now, expiredAt, h)) : null,
  ]).catch(async (err: unknown) => {
    if ((err as { code?: unknown })?.code === SOLD_OUT_STATE) throw reservationErrors.soldOut();
    // A duplicate in flight committed this key first: answer with its reservation.
    if ((err as { code?: unknown })?.code === KEY_TAKEN_STATE && ctx.idempotency) {
      const prior = await storedCreate(db, ctx.userId, ctx.idempotency);
      if (prior) return [{ hold: prior as HoldAnswer }];
    }
    throw limitError(err);
  });
  const answer = typeof row!.hold === 'string' ? (JSON.parse(row!.hold) as HoldAnswer) : row!.hold;
  return { answer, expiredAt };
}

/** reservation_hold found the guest's Idempotency-Key taken by a duplicate that committed first. */
const KEY_TAKEN_STATE = 'BX412';

/**
 * What a replay of a create needs besides the hold's answer (api/http/idempotency.ts): the instants
 * and the choices the first answer was made with, stored with the key in the hold's own statement.
 */
type CreateContextStored = {
  now: string;
  expiredAt: string;
  checkIn: string;
  checkOut: string;
  promo: Pick<
    PromotionRow,
    'promoCode' | 'discountType' | 'discountValue' | 'maxDiscount' | 'minSpend' | 'isFoc' | 'paymentMethods'
  > | null;
  dayUse: { start: string; end: string; blockHours: number } | null;
};
type StoredCreate = { answer: HoldAnswer & { outcome: 'held' }; context: CreateContextStored };

function contextOf(now: Date, expiredAt: Date, h: Hold): CreateContextStored {
  const p = h.promo;
  return {
    now: now.toISOString(),
    expiredAt: expiredAt.toISOString(),
    checkIn: h.checkIn,
    checkOut: h.checkOut,
    promo: p
      ? {
          promoCode: p.promoCode,
          discountType: p.discountType,
          discountValue: p.discountValue,
          maxDiscount: p.maxDiscount,
          minSpend: p.minSpend,
          isFoc: p.isFoc,
          paymentMethods: p.paymentMethods,
        }
      : null,
    dayUse: h.dayUse
      ? { start: h.dayUse.start.toISOString(), end: h.dayUse.end.toISOString(), blockHours: h.dayUse.blockHours }
      : null,
  };
}

/** The stored answer of a guest's create key, as reservation_hold answers a replay (or null). */
async function storedCreate(
  db: Db,
  userId: number,
  idempotency: { key: string; hash: string },
): Promise<(HoldAnswer & { outcome: 'replay' }) | null> {
  const [row] = await statementRows<{ request_hash: string; body: StoredCreate | string }>(db, STORED_CREATE, [
    userId,
    idempotency.key,
  ]);
  if (!row) return null;
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as StoredCreate) : row.body;
  return { outcome: 'replay', same: row.request_hash === idempotency.hash, body };
}

const STORED_CREATE: Statement = {
  name: 'reservation_create_key_v1',
  text: `select request_hash, body from idempotency_keys
    where user_id = $1::int and scope = 'reservations.create' and key = $2::text`,
};

type CreateContext = Clock & {
  userId: number;
  holdMinutes: number;
  /** The request's Idempotency-Key and the hash of its input (api/http/idempotency.ts). */
  idempotency?: { key: string; hash: string };
};

/**
 * Hold the nights (or the day-use block) and create the reservation: ONE statement, reservation_hold
 * (api/reservations/sql/reservation-hold.sql), checks the hotel, the room type, the guest and their unpaid holds, locks
 * and takes the stock with guarded UPDATEs (room_inventory for nights, room_hour_stock for every hour
 * of a room type that sells day use) and inserts the reservation. A nightly stay without a promo
 * code, given as dates, needs nothing else; day use, a promo code or instants in the hotel's zone read
 * the hotel first (their rules need it before the hold). See README.md, "Taking a hold".
 */
export async function createReservation(db: Db, input: CreateInput, ctx: CreateContext) {
  return (await createReservationOnce(db, input, ctx)).body;
}

export type CreatedReservation = ReturnType<typeof bodyOf>;

/** A create's answer, and whether it is the first answer of its Idempotency-Key given again. */
export async function createReservationOnce(
  db: Db,
  input: CreateInput,
  ctx: CreateContext,
): Promise<{ body: CreatedReservation; replayed: boolean }> {
  const checkIn = input.dayUse || input.promoCode ? null : plainStayDate(input.checkIn, 'checkIn');
  const checkOut = checkIn ? plainStayDate(input.checkOut, 'checkOut') : null;
  if (checkIn && checkOut) {
    const h: Hold = {
      checkIn: checkIn.toString(),
      checkOut: checkOut.toString(),
      checkStay: true,
      dayUse: null,
      promo: null,
    };
    const first = await hold(db, input, ctx, h);
    const { answer } = first;
    if (answer.outcome === 'stay_invalid') {
      // The database found the dates outside the hotel's rules: name the rule as resolveStay does.
      resolveStay(
        input.checkIn,
        input.checkOut,
        { timeZone: answer.time_zone, webMaxDuration: answer.web_max_duration },
        ctx.now,
      );
      return createAfterHotel(db, input, ctx);
    }
    return created(db, input, ctx, h, first);
  }
  return createAfterHotel(db, input, ctx);
}

/** The hotel is read first: day use, a promo code, or dates to read in the hotel's zone. */
async function createAfterHotel(db: Db, input: CreateInput, ctx: CreateContext) {
  // A key used before is answered before the hotel's rules are judged again (a promo code the first
  // request used up, a day-use block that has started since): the first answer stands.
  if (ctx.idempotency) {
    const prior = await storedCreate(db, ctx.userId, ctx.idempotency);
    if (prior) return replayOf(prior, input, ctx.userId);
  }
  const hotel = await getHotel(db, input.hotelId);
  const [rt] = await statementRows<{ ok: boolean }>(db, ROOM_TYPE_OF_HOTEL, [input.roomTypeId, hotel.id]);
  if (!rt?.ok) throw reservationErrors.roomTypeNotFound();
  let dayUse: DayUseChoice | null = null;
  let stay: { checkIn: Temporal.PlainDate; checkOut: Temporal.PlainDate };
  if (input.dayUse) {
    const { startHour, blockHours } = input.dayUse;
    if (startHour === undefined || blockHours === undefined) throw dayUseInvalid(msg('dayUse.needBoth'));
    dayUse = resolveDayUse(hotel, { date: input.checkIn, startHour, blockHours }, ctx.now);
    // Before the promo code, as the guest's mistakes are named in order (reservation_hold checks again).
    if (!(await roomTypeBlock(db, input.roomTypeId, blockHours)))
      throw dayUseInvalid(msg('dayUse.blockNotOffered', blockHours));
    stay = { checkIn: dayUse.date, checkOut: dayUse.date };
  } else stay = resolveStay(input.checkIn, input.checkOut, hotel, ctx.now);
  const today = hotelToday(ctx.now, hotel.timeZone);
  const promo = input.promoCode
    ? await resolvePromo(db, input.promoCode, { hotelId: hotel.id, checkIn: stay.checkIn, today })
    : null;
  if (promo && !dayUse) await refuseIdlePromo(db, input, stay, promo);
  const h: Hold = {
    checkIn: stay.checkIn.toString(),
    checkOut: stay.checkOut.toString(),
    checkStay: false,
    dayUse,
    promo,
  };
  return created(db, input, ctx, h, await hold(db, input, ctx, h));
}

/**
 * A code that would take nothing off this stay (a free night on a one-night stay, a minimum spend not
 * reached) is refused in the guest's words, as the reservation update refuses it: held, it would
 * count as a redemption, and a once-per-guest voucher would be spent for nothing. Only such codes
 * read the nightly rates here; a payment-method restriction is judged when the method is chosen.
 * Nights without a rate are left to the hold, which names what is missing.
 */
async function refuseIdlePromo(
  db: Db,
  input: CreateInput,
  stay: { checkIn: Temporal.PlainDate; checkOut: Temporal.PlainDate },
  promo: PromotionRow,
) {
  if (!promo.isFoc && promo.minSpend <= 0) return;
  const nights = await db
    .select({ date: roomInventory.date, price: roomInventory.price, fakePrice: roomInventory.fakePrice })
    .from(roomInventory)
    .where(
      and(
        eq(roomInventory.roomTypeId, input.roomTypeId),
        gte(roomInventory.date, stay.checkIn.toString()),
        lt(roomInventory.date, stay.checkOut.toString()),
      ),
    )
    .orderBy(asc(roomInventory.date));
  if (nights.length !== stay.checkIn.until(stay.checkOut).days) return;
  const gross = nights.reduce((sum, n) => sum + n.price, 0) * input.totalRoom;
  const outcome = promoDiscount(promoRule(promo), gross, nights, null);
  if (!outcome.applied) throw promoOutcomeError(outcome.reason, promo) ?? promoErrors.notForHotel();
}

/** The answer of a hold: the reservation as HotelCreateReservation returns it, or the guest's error. */
async function created(
  db: Db,
  input: CreateInput,
  ctx: CreateContext,
  h: Hold,
  result: Awaited<ReturnType<typeof hold>>,
) {
  let { answer, expiredAt } = result;
  if (answer.outcome === 'lapsed_holds') {
    // The guest's own holds past their payment window are released first (at most three, by the
    // guest's index), so that the unpaid cap's trigger counts the same as the check by time.
    await releaseOwnLapsedHolds(db, ctx.userId, ctx.now);
    ({ answer, expiredAt } = await hold(db, input, ctx, h, true));
  }
  if (answer.outcome === 'replay') return replayOf(answer, input, ctx.userId);
  switch (answer.outcome) {
    case 'held':
      break;
    case 'hotel_not_found':
      throw hotelNotFound();
    case 'room_type_not_found':
      throw reservationErrors.roomTypeNotFound();
    case 'block_not_offered':
      throw dayUseInvalid(msg('dayUse.blockNotOffered', h.dayUse?.blockHours ?? 0));
    case 'user_missing':
      throw reservationErrors.userMissing();
    case 'verification_required':
      throw reservationErrors.verificationRequired();
    case 'too_many_unpaid':
    case 'lapsed_holds':
      throw reservationErrors.tooManyUnpaid();
    case 'too_many_rooms':
      throw reservationErrors.tooManyRooms();
    case 'hotel_share':
      throw reservationErrors.hotelShare();
    case 'sold_out':
      throw reservationErrors.soldOut();
    case 'stay_invalid':
      // Only a hold that checks the stay answers this, and its caller named the rule already.
      throw new Error('reservation_hold: stay_invalid reached the answer');
  }
  return { body: bodyOf(input, ctx.userId, contextOf(ctx.now, expiredAt, h), answer), replayed: false };
}

/** The first answer of a guest's Idempotency-Key, or 422 when the key came with another request. */
function replayOf(
  prior: HoldAnswer & { outcome: 'replay' },
  input: CreateInput,
  userId: number,
): { body: CreatedReservation; replayed: boolean } {
  if (!prior.same) throw idempotencyKeyReused();
  return { body: bodyOf(input, userId, prior.body.context, prior.body.answer), replayed: true };
}

/**
 * A create's answer (HotelCreateReservation), from the hold's answer and what the hold was made with:
 * the same for the first answer and for its replay.
 */
function bodyOf(input: CreateInput, userId: number, c: CreateContextStored, answer: HoldAnswer & { outcome: 'held' }) {
  const n = input.totalRoom;
  const promo = c.promo;
  const nights = answer.dates.map((date, i) => ({ date, price: answer.prices[i], fakePrice: answer.fake_prices[i] }));
  const price = priceStay({ nights, rooms: n, promo: promo ? promoRule(promo as PromotionRow) : null });
  const dayUse = c.dayUse;
  return {
    id: answer.id,
    order_id: answer.order_id,
    source_id: 1,
    checkin_date: c.checkIn,
    checkout_date: c.checkOut,
    created_datetime: jakartaWireTime(new Date(c.now)),
    expired_datetime: jakartaWireTime(new Date(c.expiredAt)),
    payment_status_id: PaymentStatus.waiting,
    total_room: n,
    room_type_id: input.roomTypeId,
    day_use: dayUse
      ? dayUseView(
          { dayUseStart: new Date(dayUse.start), dayUseEnd: new Date(dayUse.end), blockHours: dayUse.blockHours },
          answer.time_zone,
        )
      : null,
    hotel: { id: input.hotelId, name: answer.hotel_name },
    booker: { id: userId, name: answer.user_name, email: answer.user_email, phone: answer.user_phone },
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
              // Not asked of the insurer before the stay is paid; after, what it answered (api/insurance).
              ...(r.paymentStatusId === PaymentStatus.paid
                ? (await policiesOf(db, [r.id]))(r.id)
                : { status: 'pending', policyNumber: null }),
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
      ? sql`hold_is_live(${reservations.paymentStatusId}, ${reservations.expiredAt}, ${at}::timestamptz)`
      : ctx.status === PaymentStatus.expired
        ? sql`(${reservations.paymentStatusId} = payment_status('expired') or hold_lapsed(${reservations.paymentStatusId}, ${reservations.expiredAt}, ${at}::timestamptz))`
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
  /** The guests named in `secondaryGuests` are invited by the caller (api/reservations/stay-guests.ts), after the checks. */
  shareWith?: (r: ReservationRow) => Promise<unknown>,
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
  // The named guests are invited (or, dropped from the list, revoked) once everything else passed.
  if (body.secondaryGuests && shareWith) await shareWith(r);
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
