import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Temporal } from '../../core/temporal.ts';
import type { Db } from '../platform/database.ts';
import { preparedOnce } from '../db/query.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { formatRupiah } from '../../core/money.ts';
import type { PromoRule } from '../pricing/pricing.ts';
import { announcements, newsletterSubscribers, promotions } from './promotions.schema.ts';
import { msg } from '../http/messages.ts';

export type PromotionRow = typeof promotions.$inferSelect;

export const promoErrors = {
  notFound: () => errors.notFound(msg('promotions.notFound')),
  expired: () => errors.unprocessable('promo_expired', msg('promotions.expired')),
  notForHotel: () => errors.unprocessable('promo_not_applicable', msg('promotions.notForHotel')),
  paymentMethod: () => errors.unprocessable('promo_payment_method', msg('promotions.methodNotEligible')),
  minSpend: (min: number) => errors.unprocessable('promo_min_spend', msg('promotions.minSpend', min)),
  minNights: () => errors.unprocessable('promo_min_nights', msg('promotions.minNights')),
  duplicateSubscriber: () => new ApiError(400, 'already_subscribed', msg('promotions.duplicateSubscriber')),
  limitReached: () => errors.conflict('promo_limit_reached', msg('promotions.limitReached')),
  alreadyUsed: () => errors.conflict('promo_already_used', msg('promotions.alreadyUsed')),
};

/** The database refused a redemption (0006_promo_limits.sql): the guest's error, or null. */
export function promoLimitError(constraint: string): ApiError | null {
  if (constraint.includes('promotions_max_redemptions')) return promoErrors.limitReached();
  if (constraint.includes('promotions_max_per_user')) return promoErrors.alreadyUsed();
  return null;
}

export const promoRule = (p: PromotionRow): PromoRule => ({
  code: p.promoCode,
  discountType: p.discountType,
  discountValue: p.discountValue,
  maxDiscount: p.maxDiscount,
  minSpend: p.minSpend,
  isFoc: p.isFoc,
  paymentMethods: p.paymentMethods,
});

export function isPromoExpired(p: PromotionRow, today: Temporal.PlainDate) {
  const t = today.toString();
  return !p.isActive || t < p.activeFrom || t > p.activeTo;
}

/**
 * A code usable for this stay: active today, for this hotel, and the check-in within its stay
 * period. Throws the bilingual reason otherwise.
 */
export async function resolvePromo(
  db: Db,
  code: string,
  ctx: { hotelId: number; checkIn: Temporal.PlainDate; today: Temporal.PlainDate },
): Promise<PromotionRow> {
  const [p] = await db
    .select()
    .from(promotions)
    .where(sql`upper(${promotions.promoCode}) = ${code.toUpperCase()}`)
    .limit(1);
  if (!p) throw promoErrors.notFound();
  if (isPromoExpired(p, ctx.today)) throw promoErrors.expired();
  const stay = ctx.checkIn.toString();
  if ((p.hotelIds.length > 0 && !p.hotelIds.includes(ctx.hotelId)) || stay < p.stayFrom || stay > p.stayTo)
    throw promoErrors.notForHotel();
  return p;
}

/** Map a pricing outcome that did not apply to the bilingual reason. */
export function promoOutcomeError(reason: string, p: PromotionRow): ApiError | null {
  if (reason === 'payment_method') return promoErrors.paymentMethod();
  if (reason === 'min_spend') return promoErrors.minSpend(p.minSpend);
  if (reason === 'min_nights') return promoErrors.minNights();
  return null;
}

/**
 * A voucher and a payment method that do not go together (the promo's payment_methods leave the
 * method out): which of the two the guest just chose decides. Choosing a method drops the voucher
 * (spec section 4, said in a notice); choosing a voucher while the method stays is refused with the
 * spec's message (section 8), since keeping the method and silently ignoring the voucher changes nothing.
 */
export function voucherMethodConflict(choice: {
  promoCode: string;
  storedPromoCode: string | null;
  channelCode: string | null;
  storedChannelCode: string | null;
}): 'drop_voucher' | 'refuse_voucher' {
  const sameMethod = (choice.channelCode ?? null) === (choice.storedChannelCode ?? null);
  const newVoucher = choice.promoCode.toUpperCase() !== (choice.storedPromoCode ?? '').toUpperCase();
  return sameMethod && newVoucher ? 'refuse_voucher' : 'drop_voucher';
}

export function promotionInfo(p: PromotionRow, today: Temporal.PlainDate, lang: ApiLang) {
  return {
    id: p.id,
    promo_name: p.promoName[lang],
    promo_code: p.promoCode,
    promo_type_id: p.promoTypeId,
    promo_type_name:
      (
        {
          1: msg('promotions.itemRoomDiscount'),
          2: msg('promotions.itemFree'),
          3: msg('promotions.itemMethodDiscount'),
        } as Record<number, Record<ApiLang, string>>
      )[p.promoTypeId]?.[lang] ?? '',
    discount_type: p.discountType,
    discount_value: p.discountValue,
    max_discount: p.maxDiscount,
    min_spend: p.minSpend,
    is_foc: p.isFoc,
    payment_methods: p.paymentMethods,
    is_active: p.isActive,
    isExpired: isPromoExpired(p, today),
    period: { start: p.activeFrom, end: p.activeTo },
    stay_period: { start: p.stayFrom, end: p.stayTo },
    terms: p.terms[lang],
    image_url: p.imageUrl,
    hotel_ids: p.hotelIds,
  };
}
export type PromotionInfo = ReturnType<typeof promotionInfo>;

/** Public promos: active, not expired, public; optionally for a hotel and a stay; size -1 = all. */
type PublicPromoQuery = {
  hotelId?: number;
  checkInDate?: string;
  checkOutDate?: string;
  activeFrom?: string;
  activeTo?: string;
  size?: number;
};
export async function listPublicPromos(db: Db, q: PublicPromoQuery, today: Temporal.PlainDate, lang: ApiLang) {
  const t = today.toString();
  // Prepared once per database handle: every search without a code reads this for its promo hint.
  const query = preparedOnce(db, 'public_promos_v1', (d) =>
    d
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.isPublic, true),
          eq(promotions.isActive, true),
          lte(promotions.activeFrom, sql.placeholder('today')),
          gte(promotions.activeTo, sql.placeholder('today')),
        ),
      )
      .orderBy(asc(promotions.id))
      .prepare('public_promos_v1'),
  );
  const found = (await query.execute({ today: t })) as PromotionRow[];
  return filterPublicPromos(found, q, today, lang);
}

/**
 * The public promos of `found` that are active today and match the query (hotel, stay dates,
 * active period), in the order given; size -1 = all. `found` may hold more rows than qualify.
 */
export function filterPublicPromos(
  found: PromotionRow[],
  q: PublicPromoQuery,
  today: Temporal.PlainDate,
  lang: ApiLang,
) {
  const t = today.toString();
  const list = found.filter((p) => {
    if (!p.isPublic || !p.isActive || p.activeFrom > t || p.activeTo < t) return false;
    if (q.hotelId !== undefined && p.hotelIds.length > 0 && !p.hotelIds.includes(q.hotelId)) return false;
    if (q.checkInDate && (q.checkInDate < p.stayFrom || q.checkInDate > p.stayTo)) return false;
    if (q.activeFrom && p.activeTo < q.activeFrom) return false;
    if (q.activeTo && p.activeFrom > q.activeTo) return false;
    return true;
  });
  const size = q.size ?? -1;
  return (size === -1 ? list : list.slice(0, size)).map((p) => promotionInfo(p, today, lang));
}

/** The promo hint of a search among public promos already read (see filterPublicPromos). */
export function promoMessageFrom(
  found: PromotionRow[],
  hotelId: number,
  checkIn: Temporal.PlainDate,
  today: Temporal.PlainDate,
  lang: ApiLang,
): string {
  const list = filterPublicPromos(found, { hotelId, checkInDate: checkIn.toString() }, today, lang);
  const best = list.find((p) => p.payment_methods.length === 0) ?? list[0];
  if (!best) return '';
  const amount = best.discount_type === 'percent' ? `${best.discount_value}%` : formatRupiah(best.discount_value);
  return lang === 'id'
    ? `Pakai kode ${best.promo_code} biar hemat ${amount}!`
    : `Use code ${best.promo_code} to save ${amount}!`;
}

export async function viewPromo(
  db: Db,
  by: { promoCode?: string; id?: number },
  today: Temporal.PlainDate,
  lang: ApiLang,
) {
  if (!by.promoCode && !by.id) throw errors.badRequest([{ path: 'promoCode', message: 'promoCode or id is required' }]);
  const where = by.id ? eq(promotions.id, by.id) : sql`upper(${promotions.promoCode}) = ${by.promoCode!.toUpperCase()}`;
  const [p] = await db.select().from(promotions).where(where).limit(1);
  if (!p || (!p.isPublic && !by.promoCode) || !p.isActive) throw promoErrors.notFound();
  return promotionInfo(p, today, lang);
}

export async function activeAnnouncements(db: Db, today: Temporal.PlainDate, lang: ApiLang) {
  const t = today.toString();
  const found = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.platform, 'web'),
        eq(announcements.isActive, true),
        lte(announcements.activeFrom, t),
        gte(announcements.activeTo, t),
      ),
    )
    .orderBy(asc(announcements.id));
  return found.map((a) => ({
    id: a.id,
    title: a.title[lang],
    body: a.body[lang],
    linkUrl: a.linkUrl,
    activeFrom: a.activeFrom,
    activeTo: a.activeTo,
  }));
}

/** The unique index decides duplicates: concurrent sign-ups of one address cannot both succeed. */
export async function subscribe(
  db: Db,
  input: { firstName: string; lastName: string; email: string; listID: string },
  now: Date,
) {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({
      email: input.email.toLowerCase(),
      firstName: input.firstName || 'Bobo Friend',
      lastName: input.lastName,
      listId: input.listID,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) throw promoErrors.duplicateSubscriber();
  return {
    id: inserted[0].id,
    message: msg('promotions.subscribed'),
  };
}
