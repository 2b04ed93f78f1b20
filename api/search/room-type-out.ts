import type { ApiLang } from '../http/errors.ts';
import type { roomTypes } from '../hotels/hotels.schema.ts';
import type { addOnItems } from '../ancillary/ancillary.schema.ts';
import type { PriceResult } from '../pricing/pricing.ts';
import { formatRupiah } from '../../core/money.ts';

// The parts of a priced room type that the nightly search (search.service.ts) and the day-use search
// (day-use-search.ts) answer alike: the room as described, its price as computed, its insurance.

type RoomTypeRow = typeof roomTypes.$inferSelect;
type AddOnRow = typeof addOnItems.$inferSelect;

/** The room type as the guest reads it, in the guest's language. */
export function roomTypeFields(rt: RoomTypeRow, lang: ApiLang) {
  return {
    id: rt.id,
    stopSellLimitWeb: rt.stopSellLimitWeb,
    stopSellLimitApp: rt.stopSellLimitApp,
    roomType: rt.roomType,
    label: rt.label[lang],
    name: rt.name,
    description: rt.description[lang],
    iconUrl: rt.iconUrl,
    mainPictureUrl: rt.mainPictureUrl,
    roomPriceType: rt.roomPriceType,
    bedSize: rt.bedSize,
    capacity: rt.capacity,
    capacityChildren: rt.capacityChildren,
    facility: rt.facility.map((f) => ({ code: f.code, name: f.name[lang] })),
  };
}

/**
 * One room's price for the stay with its labels: the room after discounts plus the 10 % tax and
 * 5 % service the review adds (priceStay, one rule for both screens).
 */
export function priceFields(price: PriceResult) {
  return {
    grossRevenue: price.grossRevenue,
    grossRevenueLabel: formatRupiah(price.grossRevenue),
    roomPriceFake: price.fakePrice,
    roomPriceFakeLabel: formatRupiah(price.fakePrice),
    guestPrice: price.roomAfterDiscount,
    guestPriceLabel: formatRupiah(price.roomAfterDiscount),
    promotionPrice: price.roomAfterDiscount,
    promotionPriceLabel: formatRupiah(price.roomAfterDiscount),
    tax: price.tax,
    taxLabel: formatRupiah(price.tax),
    serviceFee: price.serviceFee,
    serviceFeeLabel: formatRupiah(price.serviceFee),
    totalPrice: price.total,
    totalPriceLabel: formatRupiah(price.total),
    nightlyPrices: price.perNight.map((n) => ({ date: n.date, price: n.price, fakePrice: n.fakePrice })),
  };
}

/** The hotel's travel insurance offer for the stay (`price` for the whole stay), or none. */
export function insuranceFields(insurance: AddOnRow | null, price: number) {
  return {
    insurancePrice: price,
    insurancePriceLabel: formatRupiah(price),
    insuranceProvider: insurance
      ? {
          providerId: insurance.providerId,
          providerName: insurance.providerName,
          coverAmount: insurance.coverAmount,
          termsUrl: insurance.termsUrl,
          benefitUrl: insurance.benefitUrl,
          claimUrl: insurance.claimUrl,
        }
      : null,
  };
}
