import { and, eq, notInArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../platform/database.ts';
import { promotions } from './promotions.schema.ts';

// The promo documents of the content (Sanity) own every fact of an advertised code: the code, its
// booking and stay periods, the discount, the payment methods and hotels it is limited to. The
// booking API keeps a copy in its promotions table because searches, reservations and vouchers read
// it in the same transaction as the stock; this module writes that copy. Private vouchers (not
// advertised, is_public false) stay the booking system's own.

const date = v.pipe(v.string(), v.isoDate());
const bilingual = v.object({ id: v.string(), en: v.string() });
const rupiah = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One advertised promo as the content publishes it (server/promo-sync.ts maps the documents). */
export const AdvertisedPromotionSchema = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,20}$/)),
  name: bilingual,
  /** Switched on by the editor and inside its publish schedule now. */
  active: v.boolean(),
  periodStart: date,
  periodEnd: date,
  stayStart: date,
  stayEnd: date,
  discountType: v.picklist(['percent', 'amount']),
  discountValue: v.pipe(v.number(), v.integer(), v.minValue(1)),
  maxDiscount: v.nullable(rupiah),
  minSpend: rupiah,
  paymentMethods: v.array(v.string()),
  hotelIds: v.array(v.pipe(v.number(), v.integer())),
  terms: bilingual,
  imageUrl: v.string(),
});
export type AdvertisedPromotion = v.InferOutput<typeof AdvertisedPromotionSchema>;

/** Promo types of the API (promotions.schema.ts): a payment-method restriction makes type 3. */
const promoTypeOf = (p: AdvertisedPromotion) => (p.paymentMethods.length > 0 ? 3 : 1);

/**
 * Make the API's public promotions exactly the advertised ones: each code inserted or updated with
 * the content's facts, and any public code the content no longer has switched off (kept, so the
 * reservations that hold it still read it). Idempotent; one transaction, serialised across nodes by
 * an advisory lock so two nodes syncing at once cannot hand out the same id.
 */
export async function syncAdvertisedPromotions(
  db: Db,
  input: readonly AdvertisedPromotion[],
): Promise<{ upserted: number; withdrawn: number }> {
  const list = input.map((p) => v.parse(AdvertisedPromotionSchema, p));
  const codes = list.map((p) => p.code);
  if (new Set(codes).size !== codes.length) throw new Error(`Two promo documents share a coupon code: ${codes}`);
  // Both drivers' handles are one PgDatabase to the query builder (as in auth/auth.db.ts).
  const pg = db;
  return pg.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('promotions.sync'))`);
    for (const p of list) {
      const facts = {
        promoName: p.name,
        promoTypeId: promoTypeOf(p),
        discountType: p.discountType,
        discountValue: p.discountValue,
        maxDiscount: p.maxDiscount,
        minSpend: p.minSpend,
        isFoc: false,
        paymentMethods: p.paymentMethods,
        hotelIds: p.hotelIds,
        isPublic: true,
        isVoucher: false,
        isActive: p.active,
        activeFrom: p.periodStart,
        activeTo: p.periodEnd,
        stayFrom: p.stayStart,
        stayTo: p.stayEnd,
        terms: p.terms,
        imageUrl: p.imageUrl,
      };
      const [existing] = await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(sql`upper(${promotions.promoCode}) = ${p.code}`)
        .limit(1);
      if (existing) {
        await tx
          .update(promotions)
          .set({ ...facts, promoCode: p.code })
          .where(eq(promotions.id, existing.id));
      } else {
        const [{ next }] = (await tx
          .select({ next: sql<number>`coalesce(max(${promotions.id}), 0)::int + 1` })
          .from(promotions)) as { next: number }[];
        await tx.insert(promotions).values({ id: Number(next), promoCode: p.code, ...facts });
      }
    }
    const withdrawn = await tx
      .update(promotions)
      .set({ isActive: false })
      .where(
        and(
          eq(promotions.isPublic, true),
          eq(promotions.isVoucher, false),
          eq(promotions.isActive, true),
          codes.length ? notInArray(promotions.promoCode, codes) : undefined,
        ),
      )
      .returning({ id: promotions.id });
    return { upserted: list.length, withdrawn: withdrawn.length };
  });
}
