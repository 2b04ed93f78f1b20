import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { PaymentStatus } from '../../core/payment-status.ts';
import { jakartaToday } from '../../core/dates.ts';
import type { Db } from '../platform/database.ts';
import type { ApiLang } from '../http/errors.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { hotels } from '../hotels/hotels.schema.ts';
import { priceReservation } from './reservations.service.ts';
import { reservationErrors } from './reservations.service.ts';
import { reservations } from './reservations.schema.ts';
import { promotions } from '../promotions/promotions.schema.ts';
import type { PromotionRow } from '../promotions/promotions.service.ts';
import { isPromoExpired, promoErrors, promoOutcomeError, promotionInfo } from '../promotions/promotions.service.ts';

type Ctx = { now: Date; userId: number; lang: ApiLang };

async function ownedReservation(db: Db, reservationId: number, userId: number) {
  const [row] = await db
    .select({ r: reservations, h: hotels })
    .from(reservations)
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .limit(1);
  if (!row) throw reservationErrors.notFound();
  return row;
}

/**
 * The redemption limits as the database will judge them when this reservation takes the code
 * (api/reservations/sql/promo-limits.sql: redeemed while a reservation waiting for payment or paid
 * holds it), so the list can say so before the guest tries. The trigger stays the rule under races.
 */
async function limitError(db: Db, p: PromotionRow, r: Awaited<ReturnType<typeof ownedReservation>>['r']) {
  if ((p.maxRedemptions === null && p.maxPerUser === null) || r.promoCode === p.promoCode) return null;
  const [used] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${reservations.userId} = ${r.userId}))::int`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.promoCode, p.promoCode),
        inArray(reservations.paymentStatusId, [PaymentStatus.waiting, PaymentStatus.paid]),
        ne(reservations.id, r.id),
      ),
    );
  if (p.maxRedemptions !== null && (used?.all ?? 0) >= p.maxRedemptions) return promoErrors.limitReached();
  if (p.maxPerUser !== null && r.userId !== null && (used?.mine ?? 0) >= p.maxPerUser) return promoErrors.alreadyUsed();
  return null;
}

/** How a code would apply to the reservation as it stands (channel included). */
async function evaluate(db: Db, p: PromotionRow, row: Awaited<ReturnType<typeof ownedReservation>>, ctx: Ctx) {
  const today = hotelToday(ctx.now, row.h.timeZone);
  const info = promotionInfo(p, today, ctx.lang);
  let reason = '';
  let discount = 0;
  let limit: ReturnType<typeof promoErrors.limitReached> | null;
  if (isPromoExpired(p, today)) reason = promoErrors.expired().messages[ctx.lang];
  else if (
    (p.hotelIds.length && !p.hotelIds.includes(row.r.hotelId)) ||
    row.r.checkinDate < p.stayFrom ||
    row.r.checkinDate > p.stayTo
  )
    reason = promoErrors.notForHotel().messages[ctx.lang];
  else if ((limit = await limitError(db, p, row.r))) reason = limit.messages[ctx.lang];
  else {
    const { price } = await priceReservation(db, { ...row.r, giftCertificate: 0 }, { promoCode: p.promoCode });
    if (price.promo?.applied) discount = price.promoDiscount;
    else
      reason =
        (price.promo && promoOutcomeError(price.promo.reason, p)?.messages[ctx.lang]) ||
        promoErrors.notForHotel().messages[ctx.lang];
  }
  return { ...info, estimated_discount: discount, is_applicable: reason === '', reason };
}

/**
 * The public promos a guest can pick for a reservation, best first. Private vouchers (is_public
 * false: codes given to particular guests) are never listed; whoever holds one types it
 * (reservationVoucherSearch), and its redemption limits apply at use.
 */
export async function reservationVoucherList(db: Db, reservationId: number, ctx: Ctx) {
  const row = await ownedReservation(db, reservationId, ctx.userId);
  const t = hotelToday(ctx.now, row.h.timeZone).toString();
  const found = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.isActive, true),
        eq(promotions.isPublic, true),
        lte(promotions.activeFrom, t),
        gte(promotions.activeTo, t),
      ),
    )
    .orderBy(asc(promotions.id));
  const out = [];
  for (const p of found) out.push(await evaluate(db, p, row, ctx));
  return out.sort(
    (a, b) => Number(b.is_applicable) - Number(a.is_applicable) || b.estimated_discount - a.estimated_discount,
  );
}

/** An active code by its text, whatever its case; 404 for anything else. */
async function activeCode(db: Db, code: string): Promise<PromotionRow> {
  const [p] = await db
    .select()
    .from(promotions)
    .where(sql`upper(${promotions.promoCode}) = ${code.toUpperCase()}`)
    .limit(1);
  if (!p || !p.isActive) throw promoErrors.notFound();
  return p;
}

export async function reservationVoucherSearch(db: Db, reservationId: number, code: string, ctx: Ctx) {
  const row = await ownedReservation(db, reservationId, ctx.userId);
  const p = await activeCode(db, code);
  return evaluate(db, p, row, ctx);
}

/** PromotionInfoDetail: a code's terms; with a reservation, only if usable for it. */
export async function promotionInfoDetail(
  db: Db,
  code: string,
  ctx: { now: Date; lang: ApiLang; userId?: number; reservationId?: number | null },
) {
  const p = await activeCode(db, code);
  // One "today" per hotel: asked about the guest's reservation, the code is judged by that hotel's
  // calendar, as the voucher list and search judge it (evaluate above); else by Jakarta's.
  const [own] =
    ctx.reservationId && ctx.userId
      ? await db
          .select({ timeZone: hotels.timeZone })
          .from(reservations)
          .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
          .where(and(eq(reservations.id, ctx.reservationId), eq(reservations.userId, ctx.userId)))
          .limit(1)
      : [];
  const today = own ? hotelToday(ctx.now, own.timeZone) : jakartaToday(ctx.now);
  if (isPromoExpired(p, today)) throw promoErrors.expired();
  return promotionInfo(p, today, ctx.lang);
}
