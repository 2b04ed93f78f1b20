import { asc, eq, sql } from 'drizzle-orm';
import { addOnLists, insuranceItem } from '../ancillary/ancillary.service.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { resolveStay } from '../availability/stay-dates.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { getHotel, hotelDto } from '../hotels/hotels.service.ts';
import { sweepExpiredForReads } from '../reservations/expiry.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError } from '../http/errors.ts';
import { formatRupiah } from '../pricing/format.ts';
import { priceStay } from '../pricing/pricing.ts';
import { POINTS_MAX_PER_BOOKING, POINTS_STEP } from '../pricing/pricing.constants.ts';
import { bobopointAccounts } from '../promotions/promotions.schema.ts';
import { hotelPromoMessage, promoOutcomeError, promoRule, resolvePromo } from '../promotions/promotions.service.ts';
import type { PromotionRow } from '../promotions/promotions.service.ts';

export type SearchInput = { hotelId: number; checkIn: string; checkOut: string; isUsedGiftCertificate: boolean; promoCode: string };

export async function pointsBalance(db: Db, userId: number | undefined): Promise<number> {
  if (userId === undefined) return 0;
  const [row] = await db.select().from(bobopointAccounts).where(eq(bobopointAccounts.userId, userId)).limit(1);
  return row?.balance ?? 0;
}

/** Nightly stock and rates of every room type of a hotel for the given nights. */
export async function nightsByRoomType(db: Db, hotelId: number, dates: string[]) {
  const found = await rows<{ room_type_id: number; date: string; sellable: number; sold: number; price: number; fake_price: number; blackout: boolean }>(
    db,
    sql`select i.room_type_id, i.date::text as date, i.sellable, i.sold, i.price, i.fake_price, (b.hotel_id is not null) as blackout
        from room_inventory i left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
        where i.hotel_id = ${hotelId} and i.date between ${dates[0]}::date and ${dates[dates.length - 1]}::date
        order by i.date`,
  );
  const map = new Map<number, typeof found>();
  for (const r of found) map.set(r.room_type_id, [...(map.get(r.room_type_id) ?? []), r]);
  return map;
}

/** Priced search: hotel, messagePromo and every room type with stock and prices for the stay. */
export async function searchRooms(db: Db, input: SearchInput, ctx: { now: Date; lang: ApiLang; userId?: number }) {
  const { lang } = ctx;
  const hotel = await getHotel(db, input.hotelId);
  const stay = resolveStay(input.checkIn, input.checkOut, hotel, ctx.now);
  await sweepExpiredForReads(db, ctx.now);
  const today = hotelToday(ctx.now, hotel.timeZone);
  let promo: PromotionRow | null = null;
  let returnMessagePromo = '';
  if (input.promoCode) {
    try {
      promo = await resolvePromo(db, input.promoCode, { hotelId: hotel.id, checkIn: stay.checkIn, today });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      returnMessagePromo = e.messages[lang];
    }
  }
  // Independent reads: run them together (a pool uses several connections; PGlite queues them).
  const [types, nightsMap, insurance, addOns, balance, hint] = await Promise.all([
    db.select().from(roomTypes).where(eq(roomTypes.hotelId, hotel.id)).orderBy(asc(roomTypes.id)),
    nightsByRoomType(db, hotel.id, stay.dates),
    insuranceItem(db),
    addOnLists(db, lang),
    input.isUsedGiftCertificate ? pointsBalance(db, ctx.userId) : Promise.resolve(0),
    promo ? Promise.resolve('') : hotelPromoMessage(db, hotel.id, stay.checkIn, today, lang),
  ]);

  const roomTypesOut = types.map((rt) => {
    const nights = nightsMap.get(rt.id) ?? [];
    const complete = nights.length === stay.nights;
    const blocked = !complete || nights.some((n) => n.blackout);
    const rawRoomRemaining = complete ? Math.max(0, Math.min(...nights.map((n) => n.sellable - n.sold))) : 0;
    const roomRemaining = blocked ? 0 : Math.max(0, Math.min(...nights.map((n) => n.sellable - n.sold - rt.stopSellLimitWeb)));
    const price = priceStay({ nights: nights.map((n) => ({ date: n.date, price: n.price, fakePrice: n.fake_price })), rooms: 1, promo: promo ? promoRule(promo) : null });
    let roomMessage = returnMessagePromo;
    if (promo && price.promo && !price.promo.applied) roomMessage = promoOutcomeError(price.promo.reason, promo)?.messages[lang] ?? '';
    else if (promo && price.promo?.applied) {
      roomMessage = lang === 'id' ? `Kode ${promo.promoCode} dipakai: hemat ${formatRupiah(price.promoDiscount)}.` : `Code ${promo.promoCode} applied: you save ${formatRupiah(price.promoDiscount)}.`;
    }
    const usableGc = Math.min(Math.floor(Math.min(balance, POINTS_MAX_PER_BOOKING, price.roomAfterDiscount) / POINTS_STEP) * POINTS_STEP, balance);
    const insurancePrice = insurance ? insurance.price * stay.nights : 0;
    return {
      id: rt.id,
      roomRemaining,
      rawRoomRemaining,
      stopSellLimitWeb: rt.stopSellLimitWeb,
      stopSellLimitApp: rt.stopSellLimitApp,
      roomType: rt.roomType,
      label: rt.label[lang],
      name: rt.name,
      description: rt.description[lang],
      iconUrl: rt.iconUrl,
      mainPictureUrl: rt.mainPictureUrl,
      roomPriceType: rt.roomPriceType,
      nights: stay.nights,
      grossRevenue: price.grossRevenue,
      grossRevenueLabel: formatRupiah(price.grossRevenue),
      roomPriceFake: price.fakePrice,
      roomPriceFakeLabel: formatRupiah(price.fakePrice),
      guestPrice: price.roomAfterDiscount,
      guestPriceLabel: formatRupiah(price.roomAfterDiscount),
      promotionPrice: price.roomAfterDiscount,
      promotionPriceLabel: formatRupiah(price.roomAfterDiscount),
      insurancePrice,
      insurancePriceLabel: formatRupiah(insurancePrice),
      insuranceProvider: insurance
        ? { providerId: insurance.providerId, providerName: insurance.providerName, coverAmount: insurance.coverAmount, termsUrl: insurance.termsUrl, benefitUrl: insurance.benefitUrl, claimUrl: insurance.claimUrl }
        : null,
      giftCertificate: usableGc,
      giftCertificateRemaining: balance - usableGc,
      returnMessagePromo: roomMessage,
      addOns,
      bedSize: rt.bedSize,
      capacity: rt.capacity,
      capacityChildren: rt.capacityChildren,
      facility: rt.facility.map((f) => ({ code: f.code, name: f.name[lang] })),
      nightlyPrices: price.perNight.map((n) => ({ date: n.date, price: n.price, fakePrice: n.fakePrice })),
    };
  });
  const messagePromo = hint;
  return {
    hotel: hotelDto(hotel, lang),
    checkInDate: stay.checkIn.toString(),
    checkOutDate: stay.checkOut.toString(),
    nights: stay.nights,
    promoCode: promo?.promoCode ?? null,
    messagePromo,
    roomTypes: roomTypesOut,
  };
}
export type SearchResult = Awaited<ReturnType<typeof searchRooms>>;
