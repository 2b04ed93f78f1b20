import { Temporal } from '../../core/temporal.ts';
import { addOnItems } from '../ancillary/ancillary.schema.ts';
import { groupAddOns } from '../ancillary/ancillary.service.ts';
import { hotelToday } from '../availability/availability.service.ts';
import { isInstant, remember, resolveStay, stayDate } from '../availability/stay-dates.ts';
import type { Db } from '../platform/database.ts';
import { rowFromJson } from '../db/query.ts';
import { readStock } from '../availability/stock-cache.ts';
import type { Statement } from '../db/query.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { getHotel, hotelDto, hotelNotFound } from '../hotels/hotels.service.ts';
import { searchDayUse } from './day-use-search.ts';
import type { ApiLang } from '../http/errors.ts';
import { ApiError, errors } from '../http/errors.ts';
import { formatRupiah } from '../../core/money.ts';
import { priceStay } from '../pricing/pricing.ts';
import { insuranceFields, priceFields, roomTypeFields } from './room-type-out.ts';
import { POINTS_MAX_PER_BOOKING, POINTS_STEP } from '../../core/contracts/payment.ts';
import { promotions } from '../promotions/promotions.schema.ts';
import { pointsBalance } from '../points/points.service.ts';
import { promoMessageFrom, promoOutcomeError, promoRule, resolvePromo } from '../promotions/promotions.service.ts';
import type { PromotionRow } from '../promotions/promotions.service.ts';

export type SearchInput = {
  hotelId: number;
  checkIn: string;
  checkOut: string;
  isUsedGiftCertificate: boolean;
  promoCode: string;
  /** Day use: both set (day-use-search.ts); the check-out is not read. */
  startHour?: number;
  blockHours?: number;
};

const NIGHTS_BY_ROOM_TYPE: Statement = {
  name: 'search_nights_v1',
  text: `select i.room_type_id, i.date::text as date, i.sellable, i.sold, i.price, i.fake_price, (b.hotel_id is not null) as blackout
    from room_inventory i left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
    where i.hotel_id = $1 and i.date between $2::date and $3::date
    order by i.date`,
};
type NightRow = {
  room_type_id: number;
  date: string;
  sellable: number;
  sold: number;
  price: number;
  fake_price: number;
  blackout: boolean;
};

/** Nightly stock and rates of every room type of a hotel for the given nights (one named prepared statement, through the stock cache). */
export async function nightsByRoomType(db: Db, hotelId: number, dates: string[]) {
  return readStock(db, hotelId, NIGHTS_BY_ROOM_TYPE, [hotelId, dates[0]!, dates[dates.length - 1]!], (rows) =>
    groupByRoomType(rows as NightRow[]),
  );
}

function groupByRoomType(nights: Iterable<NightRow>): Map<number, NightRow[]> {
  const map = new Map<number, NightRow[]>();
  for (const r of nights) {
    const list = map.get(r.room_type_id);
    if (list) list.push(r);
    else map.set(r.room_type_id, [r]);
  }
  return map;
}

/**
 * Everything a search reads, in ONE round trip (a named prepared statement returning one JSON
 * document): the hotel, its room types, the nightly stock and rates of $2..$3 with blackout flags,
 * the active add-on items, and the public promos for this hotel active on any day within one of
 * $4, today in UTC (today in the hotel's zone lies in there; the exact day is checked afterwards). Each read was its own round
 * trip before, and a round trip (driver work, a PostgreSQL wake-up) cost more than its query.
 */
const SEARCH_READ: Statement = {
  name: 'search_read_v3',
  text: `select json_build_object(
      'hotel', (select to_jsonb(h) from hotels h where h.id = $1),
      'room_types', coalesce((select json_agg(rt order by rt.id) from room_types rt where rt.hotel_id = $1), '[]'::json),
      'nights', coalesce((
        select json_agg(json_build_array(i.room_type_id, i.date, i.sellable, i.sold, i.price, i.fake_price, b.hotel_id is not null) order by i.date)
        from room_inventory i left join hotel_blackouts b on b.hotel_id = i.hotel_id and b.date = i.date
        where i.hotel_id = $1 and i.date between $2::date and $3::date), '[]'::json),
      'add_ons', coalesce((select json_agg(a order by a.id) from add_on_items a where a.is_active), '[]'::json),
      'promos', coalesce((select json_agg(p order by p.id) from promotions p
        where p.is_public and p.is_active and p.active_from <= $4::date + 1 and p.active_to >= $4::date - 1
          and (p.hotel_ids = '[]'::jsonb or p.hotel_ids @> to_jsonb($1::int))), '[]'::json)
    )::text as bundle`,
};
type SearchBundle = {
  hotel: Record<string, unknown> | null;
  room_types: Record<string, unknown>[];
  nights: [number, string, number, number, number, number, boolean][];
  add_ons: Record<string, unknown>[];
  promos: Record<string, unknown>[];
};
/** The search read as kept by the stock cache: parsed and mapped once (shared by every hit, never mutated). */
type SearchRead = {
  hotel: typeof hotels.$inferSelect;
  types: (typeof roomTypes.$inferSelect)[];
  nights: SearchBundle['nights'];
  items: (typeof addOnItems.$inferSelect)[];
  promos: PromotionRow[];
} | null;
function searchRead(rows: unknown[]): SearchRead {
  const bundle = JSON.parse((rows[0] as { bundle: string }).bundle) as SearchBundle;
  if (!bundle.hotel) return null;
  return {
    hotel: rowFromJson(hotels, bundle.hotel),
    types: bundle.room_types.map((r) => rowFromJson(roomTypes, r)),
    nights: bundle.nights,
    items: bundle.add_ons.map((r) => rowFromJson(addOnItems, r)),
    promos: bundle.promos.map((r) => rowFromJson(promotions, r)),
  };
}
/** The longest range of nights read in the one round trip; a longer valid stay reads its nights again. */
const READ_NIGHTS_MAX = 31;

/**
 * The nights to read before the hotel (and its zone) is known: the input's calendar dates, one day
 * wider on each side when a value is an instant (any zone is within a day of it). Null when a value
 * is not a date (the hotel is then looked up first, so an unknown hotel still answers 404).
 */
function candidateNights(input: SearchInput): { from: string; to: string } | null {
  return remember(candidateRanges, `${input.checkIn}|${input.checkOut}`, () => {
    try {
      const checkIn = stayDate(input.checkIn, 'UTC', 'checkIn').subtract({ days: isInstant(input.checkIn) ? 1 : 0 });
      let checkOut = stayDate(input.checkOut, 'UTC', 'checkOut').add({ days: isInstant(input.checkOut) ? 1 : 0 });
      if (Temporal.PlainDate.compare(checkOut, checkIn) <= 0) checkOut = checkIn.add({ days: 1 });
      const last = checkOut.subtract({ days: 1 });
      const cap = checkIn.add({ days: READ_NIGHTS_MAX - 1 });
      return { from: checkIn.toString(), to: (Temporal.PlainDate.compare(last, cap) > 0 ? cap : last).toString() };
    } catch {
      return null;
    }
  });
}
/** Candidate ranges per input pair, remembered (a pure result, see `remember`). */
const candidateRanges = new Map<string, { from: string; to: string } | null>();

/** Priced search: hotel, messagePromo and every room type with stock and prices for the stay. */
export async function searchRooms(db: Db, input: SearchInput, ctx: { now: Date; lang: ApiLang; userId?: number }) {
  if (input.startHour !== undefined || input.blockHours !== undefined) return searchDayUse(db, input, ctx);
  const { lang } = ctx;
  const range = candidateNights(input);
  if (!range) {
    // Not a date: the same refusal as always (404 for an unknown hotel first, then the date error).
    const hotel = await getHotel(db, input.hotelId);
    resolveStay(input.checkIn, input.checkOut, hotel, ctx.now);
    throw errors.badRequest([{ path: 'checkIn', message: 'not a valid date' }]);
  }
  const [read, balance] = await Promise.all([
    readStock(
      db,
      input.hotelId,
      SEARCH_READ,
      [input.hotelId, range.from, range.to, hotelToday(ctx.now, 'UTC').toString()],
      searchRead,
    ),
    input.isUsedGiftCertificate ? pointsBalance(db, ctx.userId) : Promise.resolve(0),
  ]);
  if (!read) throw hotelNotFound();
  const hotel = read.hotel;
  const stay = resolveStay(input.checkIn, input.checkOut, hotel, ctx.now);
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
  const types = read.types;
  const items = read.items;
  const addOns = groupAddOns(items, lang);
  const insurance = items.find((i) => i.addOnTypeId === 1) ?? null;
  const hint = promo ? '' : promoMessageFrom(read.promos, hotel.id, stay.checkIn, today, lang);
  const wanted = new Set(stay.dates);
  const covered = stay.dates.every((d) => d >= range.from && d <= range.to);
  const nightsMap = covered
    ? groupByRoomType(
        read.nights
          .filter((n) => wanted.has(n[1]))
          .map(([room_type_id, date, sellable, sold, price, fake_price, blackout]) => ({
            room_type_id,
            date,
            sellable,
            sold,
            price,
            fake_price,
            blackout,
          })),
      )
    : await nightsByRoomType(db, hotel.id, stay.dates);

  const roomTypesOut = types.map((rt) => {
    const nights = nightsMap.get(rt.id) ?? [];
    const complete = nights.length === stay.nights;
    const blocked = !complete || nights.some((n) => n.blackout);
    const rawRoomRemaining = complete ? Math.max(0, Math.min(...nights.map((n) => n.sellable - n.sold))) : 0;
    const roomRemaining = blocked
      ? 0
      : Math.max(0, Math.min(...nights.map((n) => n.sellable - n.sold - rt.stopSellLimitWeb)));
    const price = priceStay({
      nights: nights.map((n) => ({ date: n.date, price: n.price, fakePrice: n.fake_price })),
      rooms: 1,
      promo: promo ? promoRule(promo) : null,
    });
    let roomMessage = returnMessagePromo;
    if (promo && price.promo && !price.promo.applied)
      roomMessage = promoOutcomeError(price.promo.reason, promo)?.messages[lang] ?? '';
    else if (promo && price.promo?.applied) {
      roomMessage =
        lang === 'id'
          ? `Kode ${promo.promoCode} dipakai: hemat ${formatRupiah(price.promoDiscount)}.`
          : `Code ${promo.promoCode} applied: you save ${formatRupiah(price.promoDiscount)}.`;
    }
    const usableGc = Math.min(
      Math.floor(Math.min(balance, POINTS_MAX_PER_BOOKING, price.roomAfterDiscount) / POINTS_STEP) * POINTS_STEP,
      balance,
    );
    return {
      ...roomTypeFields(rt, lang),
      roomRemaining,
      rawRoomRemaining,
      nights: stay.nights,
      ...priceFields(price),
      ...insuranceFields(insurance, insurance ? insurance.price * stay.nights : 0),
      giftCertificate: usableGc,
      giftCertificateRemaining: balance - usableGc,
      returnMessagePromo: roomMessage,
      addOns,
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
