import { and, asc, eq, sql } from 'drizzle-orm';
import { Temporal } from '../../core/temporal.ts';
import { AVAILABILITY_WINDOW_DAYS } from '../../core/dates.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { roomTypeBlocks, roomTypes } from '../hotels/hotels.schema.ts';
import type { HotelRow } from '../hotels/hotels.service.ts';
import { getHotel } from '../hotels/hotels.service.ts';
import { hotelToday, parsePlainDate } from './availability.service.ts';
import { hourFree } from './hour-stock.ts';
import type { HourFree, HourSpan } from './hour-stock.ts';

// Day use (hotel type 2, "hourly"): a check-in day, a start on the hour and a block length the hotel
// sells (3, 6 or 12 hours), priced per block. Blocks start at or after the hotel's opening hour and end
// by its closing hour, on one date in the hotel's zone; their stock is the hour stock (hour-stock.ts).

export const HOURLY_HOTEL_TYPE = 2;

/** A client mistake in a day-use choice: 400 with the reason in the guest's language. */
export const dayUseInvalid = (m: Record<'id' | 'en', string>) => new ApiError(400, 'day_use_invalid', m);

export type BlockRow = { roomTypeId: number; hours: number; price: number; fakePrice: number };

/** Every block of the hotel's room types, by room type then length. */
export async function hotelBlocks(db: Db, hotelId: number): Promise<BlockRow[]> {
  return db
    .select({
      roomTypeId: roomTypeBlocks.roomTypeId,
      hours: roomTypeBlocks.hours,
      price: roomTypeBlocks.price,
      fakePrice: roomTypeBlocks.fakePrice,
    })
    .from(roomTypeBlocks)
    .innerJoin(roomTypes, eq(roomTypes.id, roomTypeBlocks.roomTypeId))
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypeBlocks.roomTypeId), asc(roomTypeBlocks.hours));
}

export async function roomTypeBlock(db: Db, roomTypeId: number, hours: number): Promise<BlockRow | null> {
  const [b] = await db
    .select()
    .from(roomTypeBlocks)
    .where(and(eq(roomTypeBlocks.roomTypeId, roomTypeId), eq(roomTypeBlocks.hours, hours)))
    .limit(1);
  return b ?? null;
}

export type DayUseChoice = {
  date: Temporal.PlainDate;
  startHour: number;
  blockHours: number;
  /** The block's start and end as real instants (the hotel's zone). */
  start: Date;
  end: Date;
  span: HourSpan;
};

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** "10:00-13:00" of a block. */
export function blockTimes(startHour: number, blockHours: number): string {
  return `${hh(startHour)}-${hh(startHour + blockHours)}`;
}

/** The instant a hotel-local date and hour is. */
export function hotelInstant(date: Temporal.PlainDate, hour: number, timeZone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from({ hour }) }).epochMilliseconds);
}

/**
 * A day-use choice checked against the hotel's rules and the clock: an hourly hotel, a date within the
 * booking window, a start on the hour within opening hours whose block ends by closing time, and a
 * start still ahead. Anything else is a 400 saying what is wrong in the guest's language.
 */
export function resolveDayUse(
  hotel: HotelRow,
  input: { date: string; startHour: number; blockHours: number },
  now: Date,
): DayUseChoice {
  if (hotel.typeId !== HOURLY_HOTEL_TYPE) throw dayUseInvalid(msg('dayUse.notOffered'));
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(input.date.slice(0, 10), { overflow: 'reject' });
  } catch {
    throw dayUseInvalid(msg('dayUse.badDate'));
  }
  const today = hotelToday(now, hotel.timeZone);
  if (Temporal.PlainDate.compare(date, today) < 0) throw dayUseInvalid(msg('availability.checkinPassed'));
  if (Temporal.PlainDate.compare(date, today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 })) > 0)
    throw dayUseInvalid(msg('availability.beyondWindow'));
  const last = hotel.dayUseCloseHour - input.blockHours;
  if (input.startHour < hotel.dayUseOpenHour || input.startHour > last)
    throw dayUseInvalid(
      last < hotel.dayUseOpenHour
        ? msg('dayUse.blockNotOffered', input.blockHours)
        : msg('dayUse.startOutside', hotel.dayUseOpenHour, last),
    );
  const start = hotelInstant(date, input.startHour, hotel.timeZone);
  if (start.getTime() <= now.getTime()) throw dayUseInvalid(msg('dayUse.startPassed'));
  return {
    date,
    startHour: input.startHour,
    blockHours: input.blockHours,
    start,
    end: hotelInstant(date, input.startHour + input.blockHours, hotel.timeZone),
    span: { date: date.toString(), from: input.startHour, to: input.startHour + input.blockHours },
  };
}

/** Rooms of a room type free in every hour of [from, to) on a date: the scarcest hour decides. */
export function freeFor(free: HourFree[], roomTypeId: number, date: string, from: number, to: number): number {
  let min = Infinity;
  let seen = 0;
  for (const f of free) {
    if (f.roomTypeId !== roomTypeId || f.date !== date || f.hour < from || f.hour >= to) continue;
    min = Math.min(min, f.free);
    seen++;
  }
  return seen === to - from ? Math.max(0, min) : 0;
}

export type DayUseBlockAvailability = { hours: number; min_price: number | null; starts: number[] };
export type DayUseDay = { date: string; hotel_id: number; is_blackout: boolean; blocks: DayUseBlockAvailability[] };

/**
 * Per day of [dateStart, dateEnd] (clamped to the 90-day window in the hotel's zone): each block
 * length the hotel sells, the start hours still sellable (some room type offering that block has a
 * web-sellable room in each of its hours, the start is ahead of now, the day is not closed) and the
 * lowest block price among the room types that can sell it then.
 */
export async function dayUseAvailability(
  db: Db,
  input: { hotelId: number; dateStart: string; dateEnd: string },
  now: Date,
): Promise<DayUseDay[]> {
  const hotel = await getHotel(db, input.hotelId);
  if (hotel.typeId !== HOURLY_HOTEL_TYPE) throw dayUseInvalid(msg('dayUse.notOffered'));
  const start = parsePlainDate(input.dateStart);
  const end = parsePlainDate(input.dateEnd);
  const today = hotelToday(now, hotel.timeZone);
  const lastDay = today.add({ days: AVAILABILITY_WINDOW_DAYS - 1 });
  const from = Temporal.PlainDate.compare(start, today) < 0 ? today : start;
  const to = Temporal.PlainDate.compare(end, lastDay) > 0 ? lastDay : end;
  if (Temporal.PlainDate.compare(to, from) < 0) return [];
  const [blocks, free, closed] = await Promise.all([
    hotelBlocks(db, hotel.id),
    hourFree(
      db,
      {
        hotelId: hotel.id,
        dateFrom: from.toString(),
        dateTo: to.toString(),
        fromHour: hotel.dayUseOpenHour,
        toHour: hotel.dayUseCloseHour,
      },
      hotel,
    ),
    rows<{ date: string }>(
      db,
      sql`select date::text as date from hotel_blackouts where hotel_id = ${hotel.id} and date between ${from.toString()}::date and ${to.toString()}::date`,
    ),
  ]);
  const blackout = new Set(closed.map((c) => String(c.date)));
  const lengths = [...new Set(blocks.map((b) => b.hours))].sort((a, b) => a - b);
  const out: DayUseDay[] = [];
  for (let d = from; Temporal.PlainDate.compare(d, to) <= 0; d = d.add({ days: 1 })) {
    const date = d.toString();
    const isBlackout = blackout.has(date);
    out.push({
      date,
      hotel_id: hotel.id,
      is_blackout: isBlackout,
      blocks: lengths.map((hours) => {
        const starts: number[] = [];
        let minPrice: number | null = null;
        for (let s = hotel.dayUseOpenHour; s + hours <= hotel.dayUseCloseHour; s++) {
          if (isBlackout || hotelInstant(d, s, hotel.timeZone).getTime() <= now.getTime()) continue;
          const prices = blocks
            .filter((b) => b.hours === hours && freeFor(free, b.roomTypeId, date, s, s + hours) > 0)
            .map((b) => b.price);
          if (!prices.length) continue;
          starts.push(s);
          minPrice = Math.min(minPrice ?? Infinity, ...prices);
        }
        return { hours, min_price: minPrice, starts };
      }),
    });
  }
  return out;
}
