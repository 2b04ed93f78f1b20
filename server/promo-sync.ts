import type { Database } from '../api/platform/database.ts';
import { syncAdvertisedPromotions, type AdvertisedPromotion } from '../api/promotions/promo-sync.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { createContent, type Content } from '../site/lib/content/content.ts';
import type { PromoFacts } from '../site/lib/content/models.ts';

// One owner for an advertised promo: its document in the content. The server copies the published
// documents' facts into the booking API at start and after every content build (webhook, schedule,
// another node's publish), so the code a guest reads on /promo/ is the code the search accepts, for
// exactly the dates the page shows.

/** A promo document's facts as the booking API stores them. */
export function advertisedPromotion(doc: PromoFacts): AdvertisedPromotion {
  return {
    code: doc.couponCode,
    name: doc.name,
    active: doc.active && doc.live,
    periodStart: doc.periodStart,
    periodEnd: doc.periodEnd,
    stayStart: doc.stayStart,
    stayEnd: doc.stayEnd,
    discountType: doc.discountType,
    discountValue: doc.discountValue,
    maxDiscount: doc.maxDiscount ?? null,
    minSpend: doc.minSpend ?? 0,
    paymentMethods: doc.paymentMethods,
    hotelIds: doc.hotelIds,
    terms: doc.terms,
    imageUrl: doc.imageUrl,
  };
}

/** Read the published promo documents (same source as the build) and sync the API's copy. */
export async function syncPromotionsFromContent(
  database: Database,
  content: Pick<Content, 'getPromoFacts'> = createContent(readContentEnv()),
) {
  const docs = await content.getPromoFacts();
  return syncAdvertisedPromotions(database.db, docs.map(advertisedPromotion));
}
