import { eq, sql } from 'drizzle-orm';
import { addOnItems } from '../ancillary/ancillary.schema.ts';
import { groupAddOns } from '../ancillary/ancillary.service.ts';
import { blockTimes, dayUseInvalid, freeFor, hotelBlocks, resolveDayUse } from '../availability/day-use.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { hourFree } from '../availability/hour-stock.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { getHotel, hotelDto } from '../hotels/hotels.service.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { priceStay } from '../pricing/pricing.ts';
import { insuranceFields, priceFields, roomTypeFields } from './room-type-out.ts';
import { promoOutcomeError, promoRule, resolvePromo } from '../promotions/promotions.service.ts';
import type { PromotionRow } from '../promotions/promotions.service.ts';

/**
 * The priced search of a day-use block (POST /clients/v1/search with startHour and blockHours): the
 * same answer as a search of nights, for one "night" priced at the block price, with the rooms free in
 * every hour of the block, and `dayUse` saying which block. Room types without that block are left out.
 */
export async function searchDayUse(
  db: Db,
  input: { hotelId: number; checkIn: string; startHour?: number; blockHours?: number; promoCode: string },
  ctx: { now: Date; lang: ApiLang },
) {
  const { lang } = ctx;
  const hotel = await getHotel(db, input.hotelId);
  if (input.startHour === undefined || input.blockHours === undefined) throw dayUseInvalid(msg('dayUse.needBoth'));
  const choice = resolveDayUse(
    hotel,
    { date: input.checkIn, startHour: input.startHour, blockHours: input.blockHours },
    ctx.now,
  );
  const date = choice.date.toString();
  const [types, blocks, free, closed, items] = await Promise.all([
    db.select().from(roomTypes).where(eq(roomTypes.hotelId, hotel.id)).orderBy(roomTypes.id),
    hotelBlocks(db, hotel.id),
    hourFree(
      db,
      { hotelId: hotel.id, dateFrom: date, dateTo: date, fromHour: choice.span.from, toHour: choice.span.to },
      hotel,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from hotel_blackouts where hotel_id = ${hotel.id} and date = ${date}::date`,
    ),
    db.select().from(addOnItems).where(eq(addOnItems.isActive, true)).orderBy(addOnItems.id),
  ]);
  const offered = blocks.filter((b) => b.hours === choice.blockHours);
  if (!offered.length) throw dayUseInvalid(msg('dayUse.blockNotOffered', choice.blockHours));
  let promo: PromotionRow | null = null;
  let promoMessage = '';
  if (input.promoCode) {
    try {
      promo = await resolvePromo(db, input.promoCode, {
        hotelId: hotel.id,
        checkIn: choice.date,
        today: hotelToday(ctx.now, hotel.timeZone),
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      promoMessage = e.messages[lang];
    }
  }
  const isClosed = Number(closed[0]?.n ?? 0) > 0;
  const insurance = items.find((i) => i.addOnTypeId === 1) ?? null;
  const addOns = groupAddOns(items, lang);
  const roomTypesOut = types.flatMap((rt) => {
    const block = offered.find((b) => b.roomTypeId === rt.id);
    if (!block) return [];
    const remaining = isClosed ? 0 : freeFor(free, rt.id, date, choice.span.from, choice.span.to);
    const price = priceStay({
      nights: [{ date, price: block.price, fakePrice: block.fakePrice }],
      rooms: 1,
      promo: promo ? promoRule(promo) : null,
    });
    let roomMessage = promoMessage;
    if (promo && price.promo && !price.promo.applied)
      roomMessage = promoOutcomeError(price.promo.reason, promo)?.messages[lang] ?? '';
    return [
      {
        ...roomTypeFields(rt, lang),
        roomRemaining: remaining,
        rawRoomRemaining: remaining + rt.stopSellLimitWeb,
        nights: 1,
        blockHours: choice.blockHours,
        ...priceFields(price),
        ...insuranceFields(insurance, insurance ? insurance.price : 0),
        giftCertificate: 0,
        giftCertificateRemaining: 0,
        returnMessagePromo: roomMessage,
        addOns,
      },
    ];
  });
  const [startTime, endTime] = blockTimes(choice.startHour, choice.blockHours).split('-');
  return {
    hotel: hotelDto(hotel, lang),
    checkInDate: date,
    checkOutDate: date,
    nights: 1,
    promoCode: promo?.promoCode ?? null,
    messagePromo: '',
    roomTypes: roomTypesOut,
    dayUse: {
      hours: choice.blockHours,
      start: `${date} ${startTime}:00`,
      end: `${date} ${endTime}:00`,
      startTime,
      endTime,
    },
  };
}
