import { fill } from '../../core/i18n/fill.ts';
import type { Call } from '../lib/api-client.ts';
import { openCall } from '../lib/api-on-demand.ts';
import type { SearchResult } from '../../core/contracts/responses.ts';
import { MAX_ROOMS_PER_RESERVATION } from '../../core/contracts/booking-limits.ts';
import { addNights } from '../../core/dates.ts';

// The priced search (POST /clients/v1/search) as the islands read it, plus the room-card rules.

/** What the priced search asks: a hotel, check-in and check-out, a promo code, a day-use block. */
export interface RoomsQuery {
  hotelId: number;
  checkin: string;
  checkout: string;
  promocode: string;
  /** Day use: the block's start hour and length. */
  dayUse?: { start: number; hours: number } | null;
}

/** The priced search's open call (the hotel page's server seeds it: islands/lib/api-seed.ts). */
export const searchCall = (q: RoomsQuery): Call => ({
  method: 'post',
  path: 'clients/v1/search',
  form: {
    hotelId: q.hotelId,
    checkInDateTime: q.checkin,
    checkOutDateTime: q.checkout,
    promoCode: q.promocode || undefined,
    startHour: q.dayUse?.start,
    blockHours: q.dayUse?.hours,
  },
});

/** A committed day-use search as the search and the hold take it (null for nights). */
export function dayUseOf(d: { hours: number; start: number | null } | null | undefined) {
  return d && d.start !== null ? { start: d.start, hours: d.hours } : null;
}

/** The priced search for a committed search of a hotel with its check-in. */
export function roomsQueryOf(state: {
  hotelId: number;
  checkin: string;
  nights: number;
  promocode: string;
  dayUse?: { hours: number; start: number | null } | null;
}): RoomsQuery {
  return {
    hotelId: state.hotelId,
    checkin: state.checkin,
    checkout: addNights(state.checkin, state.nights),
    promocode: state.promocode,
    dayUse: dayUseOf(state.dayUse),
  };
}

export async function searchRooms(q: RoomsQuery): Promise<SearchResult> {
  return (await openCall<{ data: SearchResult }>(searchCall(q))).data;
}

/** "N left" shows when sellable rooms are above 0 and at most 5 (hotel) or 3 (cabin). */
export function lowStockCount(remaining: number, isCabin: boolean): number | null {
  return remaining > 0 && remaining <= (isCabin ? 3 : 5) ? remaining : null;
}

/** Whether the searched code takes something off this room's stay (its price is below the gross). */
export function promoApplies(room: Pick<SearchResult['roomTypes'][number], 'promotionPrice' | 'grossRevenue'>) {
  return room.promotionPrice < room.grossRevenue;
}

/** The Promo alert: the best price equals gross revenue (no discount) and messagePromo is set. */
export function promoAlertMessage(result: SearchResult): string | null {
  if (!result.messagePromo) return null;
  const available = result.roomTypes.filter((r) => r.roomRemaining > 0);
  if (!available.length) return null;
  const best = available.reduce((a, b) => (b.promotionPrice < a.promotionPrice ? b : a));
  return promoApplies(best) ? null : result.messagePromo;
}

/** Pod count choices: 1 up to the stock, at most 10 per booking (the API's limit). */
export function podCountOptions(remaining: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(remaining, MAX_ROOMS_PER_RESERVATION)) }, (_, i) => i + 1);
}

type CapacityCopy = {
  capacity: string;
  capacityChildren: string;
  adultOne: string;
  adultMany: string;
  childOne: string;
  childMany: string;
};

/** "Up to 1 adult", "Up to 2 adults + 1 child under 10": counted words, never "1 adults". */
export function capacityLabel(t: CapacityCopy, adults: number, children: number): string {
  const count = (n: number, one: string, many: string) => (n === 1 ? one : fill(many, { n }));
  const a = count(adults, t.adultOne, t.adultMany);
  return children > 0
    ? fill(t.capacityChildren, { adults: a, children: count(children, t.childOne, t.childMany) })
    : fill(t.capacity, { adults: a });
}
