import { asc, eq, sql } from 'drizzle-orm';
import { addOnItems } from '../ancillary/ancillary.schema.ts';
import { groupAddOns } from '../ancillary/ancillary.service.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { resolveStay } from '../availability/stay-dates.ts';
import type { Db } from '../db/client.ts';
import { preparedOnce, statementRows } from '../db/query.ts';
import type { Statement } from '../db/query.ts';
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

const NIGHTS_BY_ROOM_TYPE: Statement = {
  name: 'search_nights_v1',
  text: `select i.room_type_id, i.date::text as date, i.sellable, i.sold, i.price, i.fake_price, (b.hotel_id is not null) as blackout
    from room_inventory i left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
    where i.hotel_id = $1 and i.date between $2::date and $3::date
    order by i.date`,
};
type NightRow = { room_type_id: number; date: string; sellable: number; sold: number; price: number; fake_price: number; blackout: boolean };

/** Nightly stock and rates of every room type of a hotel for the given nights (one named prepared statement). */
export async function nightsByRoomType(db: Db, hotelId: number, dates: string[]) {
  const found = await statementRows<NightRow>(db, NIGHTS_BY_ROOM_TYPE, [hotelId, dates[0], dates[dates.length - 1]]);
  const map = new Map<number, NightRow[]>();
  for (const r of found) {
    const list = map.get(r.room_type_id);
    if (list) list.push(r);
    else map.set(r.room_type_id, [r]);
  }
  return map;
}

const roomTypesOfHotel = (db: Db) =>
  preparedOnce(db, 'room_types_by_hotel_v1', (d) => d.select().from(roomTypes).where(eq(roomTypes.hotelId, sql.placeholder('hotelId'))).orderBy(asc(roomTypes.id)).prepare('room_types_by_hotel_v1'));
const activeAddOnItems = (db: Db) =>
  preparedOnce(db, 'active_add_on_items_v1', (d) => d.select().from(addOnItems).where(eq(addOnItems.isActive, true)).orderBy(asc(addOnItems.id)).prepare('active_add_on_items_v1'));

/** The active add-on items read once: the add-on lists of search and its insurance item (the first insurance, type 1). */
async function addOnsAndInsurance(db: Db, lang: ApiLang) {
  const items = (await activeAddOnItems(db).execute()) as (typeof addOnItems.$inferSelect)[];
  return { addOns: groupAddOns(items, lang), insurance: items.find((i) => i.addOnTypeId === 1) ?? null };
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
  const [types, nightsMap, { addOns, insurance }, balance, hint] = await Promise.all([
    roomTypesOfHotel(db).execute({ hotelId: hotel.id }) as Promise<(typeof roomTypes.$inferSelect)[]>,
    nightsByRoomType(db, hotel.id, stay.dates),
    addOnsAndInsurance(db, lang),
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
