import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roomHourStock, roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { roomTypeBlocks } from '../hotels/hotels.schema.ts';
import { expireDueHolds } from './expiry.ts';

// Day use (hotel type 2): hourly hotels in the lists, per-day blocks and start hours, the priced
// search, the hold of a block against nights of the same rooms, and refusals of bad choices.
// Clock: 10:00 WIB on 2 March 2026. Hotel 3 (Soekarno-Hatta Transit, Jakarta) is hourly; its single
// sky pods are room type 31 (base rate 145,000: 3 h 58,000, 6 h 87,000, 12 h 123,000).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
const HOTEL = 3;
const SKY = 31;

beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  // No pre-sold rooms and no closed day at hotel 3, so every count below is the test's own.
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, HOTEL));
  await db.execute(sql`delete from hotel_blackouts where hotel_id = ${HOTEL}`);
});
beforeEach(async () => t.useNewGuest());

const user = () => ({ token: t.userToken });
async function create(fields: Record<string, string>, lang: 'id' | 'en' = 'en') {
  return t.call('POST', '/api/clients/v1/reservations/create', {
    ...user(),
    lang,
    form: { hotel_id: String(HOTEL), room_type_id: String(SKY), total_room: '1', ...fields },
  });
}
const dayUse = (date: string, start: number, hours: number, extra: Record<string, string> = {}) =>
  create({
    check_in_date_time: date,
    check_out_date_time: date,
    start_hour: String(start),
    block_hours: String(hours),
    ...extra,
  });
const nights = (checkIn: string, checkOut: string) =>
  create({ check_in_date_time: checkIn, check_out_date_time: checkOut });
const held = async (date: string, hours: number[]) =>
  (
    await db
      .select()
      .from(roomHourStock)
      .where(and(eq(roomHourStock.roomTypeId, SKY), eq(roomHourStock.date, date), inArray(roomHourStock.hour, hours)))
      .orderBy(roomHourStock.hour)
  ).map((r) => r.held);

describe('hourly hotels in the lists', () => {
  it('hotelTypeId 2 lists the hourly hotels, -1 every hotel, 1 the daily ones only', async () => {
    const ids = async (type: string) =>
      ((await t.call('GET', `/api/clients/v1/hotel?hotelTypeId=${type}`)).data.data as { id: number }[]).map(
        (h) => h.id,
      );
    expect(await ids('2')).toEqual([3, 15]);
    expect(await ids('-1')).toEqual(expect.arrayContaining([1, 3, 15, 101]));
    expect(await ids('1')).not.toContain(3);
  });
});

describe('day-use availability', () => {
  it('answers per day the blocks, their sellable start hours and lowest block price', async () => {
    const r = await t.call(
      'GET',
      `/api/clients/v1/availability/day-use?hotel_id=${HOTEL}&date_start=2026-03-02&date_end=2026-03-03`,
    );
    expect(r.status).toBe(200);
    const [today, tomorrow] = r.data.data;
    expect(tomorrow.date).toBe('2026-03-03');
    expect(tomorrow.blocks.map((b: { hours: number }) => b.hours)).toEqual([3, 6, 12]);
    // 08:00 to 22:00: a 3-hour block starts 08..19, a 12-hour one 08..10.
    expect(tomorrow.blocks[0]).toEqual({
      hours: 3,
      min_price: 58_000,
      starts: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    });
    expect(tomorrow.blocks[2]).toEqual({ hours: 12, min_price: 123_000, starts: [8, 9, 10] });
    // Today at 10:00: only starts still ahead.
    expect(today.blocks[0].starts[0]).toBe(11);
    expect(today.blocks[2].starts).toEqual([]);
  });

  it('a daily hotel sells no day use: 400 in the guest language', async () => {
    const r = await t.call(
      'GET',
      '/api/clients/v1/availability/day-use?hotel_id=7&date_start=2026-03-03&date_end=2026-03-03',
      {
        lang: 'id',
      },
    );
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({
      code: 'day_use_invalid',
      message: 'Hotel ini tidak menjual day use: pesan per malam saja.',
    });
  });
});

describe('day-use search and hold', () => {
  it('prices the block, then holds it: times on the reservation, tax 10 % and service 5 % on the block price', async () => {
    const s = await t.call('POST', '/api/clients/v1/search', {
      json: {
        hotelId: HOTEL,
        checkInDateTime: '2026-03-10',
        checkOutDateTime: '2026-03-10',
        startHour: 10,
        blockHours: 3,
      },
    });
    expect(s.status).toBe(200);
    expect(s.data.data.dayUse).toEqual({
      hours: 3,
      start: '2026-03-10 10:00:00',
      end: '2026-03-10 13:00:00',
      startTime: '10:00',
      endTime: '13:00',
    });
    const sky = s.data.data.roomTypes.find((r: { id: number }) => r.id === SKY);
    expect(sky).toMatchObject({
      grossRevenue: 58_000,
      promotionPrice: 58_000,
      roomPriceFake: 73_000,
      roomRemaining: 22,
    });

    const c = await dayUse('2026-03-10', 10, 3);
    expect(c.status).toBe(201);
    expect(c.data.data.day_use).toMatchObject({ hours: 3, start: '2026-03-10 10:00:00', end: '2026-03-10 13:00:00' });
    const id = c.data.data.id;
    const [row] = await rows<{ s: string; e: string }>(
      db,
      sql`select day_use_start::text as s, day_use_end::text as e from reservations where id = ${id}`,
    );
    // Real instants: 10:00 WIB is 03:00 UTC.
    expect(new Date(row.s).toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(new Date(row.e).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    const v = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${id}`, user());
    expect(v.data.data.info).toMatchObject({
      checkIn: '2026-03-10 10:00:00',
      checkOut: '2026-03-10 13:00:00',
      dayUse: { hours: 3, startTime: '10:00', endTime: '13:00' },
    });
    expect(v.data.data.priceDetail).toMatchObject({
      grossRevenue: 58_000,
      tax: 5_800,
      serviceFee: 2_900,
      guestPrice: 66_700,
    });
    const list = await t.call('GET', '/api/clients/v1/reservations/list', user());
    expect(list.data.data.items[0].dayUse).toMatchObject({ startTime: '10:00', endTime: '13:00' });
    expect(await held('2026-03-10', [9, 10, 11, 12, 13])).toEqual([1, 1, 1]);
    // The search after the hold: one room fewer in those hours.
    const again = await t.call('POST', '/api/clients/v1/search', {
      json: {
        hotelId: HOTEL,
        checkInDateTime: '2026-03-10',
        checkOutDateTime: '2026-03-10',
        startHour: 12,
        blockHours: 3,
      },
    });
    expect(again.data.data.roomTypes.find((r: { id: number }) => r.id === SKY).roomRemaining).toBe(21);
  });

  it('hours and nights of the same rooms never overlap beyond the stock; blocks share a day hour by hour', async () => {
    // One web-sellable sky pod on these days (3 rooms, web stop-sell 2).
    await db
      .update(roomInventory)
      .set({ sellable: 3, sold: 0 })
      .where(and(eq(roomInventory.roomTypeId, SKY), inArray(roomInventory.date, ['2026-03-11', '2026-03-12'])));
    const morning = await dayUse('2026-03-12', 10, 3);
    expect(morning.status).toBe(201);
    await t.useNewGuest();
    expect((await dayUse('2026-03-12', 12, 3)).data.code).toBe('sold_out'); // overlaps 12:00
    expect((await dayUse('2026-03-12', 14, 3)).status).toBe(201); // after 13:00: the same room again
    await t.useNewGuest();
    // The night of the 11th runs to 12:00 on the 12th, the night of the 12th from 14:00: both collide.
    expect((await nights('2026-03-11', '2026-03-12')).data.code).toBe('sold_out');
    expect((await nights('2026-03-12', '2026-03-13')).data.code).toBe('sold_out');
    // The morning block's payment window over, its hours come back: the night of the 11th sells, then that morning does not.
    await db.execute(
      sql`update reservations set expired_at = '2026-03-02T02:00:00Z' where id = ${morning.data.data.id}`,
    );
    await expireDueHolds(db, new Date('2026-03-02T03:00:00Z'));
    expect(await held('2026-03-12', [10, 11, 12])).toEqual([0, 0, 0]);
    await t.useNewGuest();
    expect((await nights('2026-03-11', '2026-03-12')).status).toBe(201);
    await t.useNewGuest();
    expect((await dayUse('2026-03-12', 8, 3)).data.code).toBe('sold_out');
    expect(await held('2026-03-12', [8, 11, 12, 14])).toEqual([1, 1, 0, 1]);
    const night = await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, SKY), eq(roomInventory.date, '2026-03-11')));
    expect(night[0].sold).toBe(1);
  });

  it('updates the block price on update-rate and keeps it priced by block', async () => {
    const c = await dayUse('2026-03-13', 9, 6);
    expect(c.status).toBe(201);
    await db
      .update(roomTypeBlocks)
      .set({ price: 90_000 })
      .where(and(eq(roomTypeBlocks.roomTypeId, SKY), eq(roomTypeBlocks.hours, 6)));
    const r = await t.call('POST', '/api/clients/v1/update-rate', {
      ...user(),
      form: { reservationId: String(c.data.data.id) },
    });
    expect(r.data.data.priceDetail.grossRevenue).toBe(90_000);
    expect(r.data.data.info.dayUse).toMatchObject({ hours: 6, startTime: '09:00', endTime: '15:00' });
  });
});

describe('bad day-use choices: 400 with the reason in the guest language, never 500', () => {
  it.each([
    [{ hotel_id: '7', room_type_id: '71' }, 'en', 'This hotel does not sell day use: book nights instead.'],
    [{ start_hour: '20' }, 'en', 'For this block, day use starts on the hour between 08:00 and 19:00.'],
    [{ start_hour: '20' }, 'id', 'Untuk paket ini, day use mulai tepat di awal jam antara pukul 08.00 dan 19.00.'],
    [{ block_hours: '5' }, 'en', 'This room does not offer a 5-hour block.'],
    [{ block_hours: '' }, 'id', 'Untuk day use, pilih jam mulai dan lama paketnya.'],
    [
      { check_in_date_time: '2026-03-02', start_hour: '9' },
      'en',
      'That start time has already passed. Choose a later hour.',
    ],
    [{ check_in_date_time: '2026-02-28' }, 'en', 'The check-in date has passed.'],
    [{ check_in_date_time: '2026-02-30' }, 'en', 'The day-use date is not a calendar date (YYYY-MM-DD).'],
  ])('%j (%s)', async (fields, lang, message) => {
    const base = {
      check_in_date_time: '2026-03-15',
      check_out_date_time: '2026-03-15',
      start_hour: '10',
      block_hours: '3',
    };
    const merged: Record<string, string> = { ...base, ...fields };
    if (merged.block_hours === '') delete merged.block_hours;
    const r = await create(merged, lang as 'id' | 'en');
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({ code: 'day_use_invalid', message });
  });

  it('a block length that is not a number is a field error (422), not a crash', async () => {
    const r = await create({
      check_in_date_time: '2026-03-15',
      check_out_date_time: '2026-03-15',
      start_hour: '10',
      block_hours: 'abc',
    });
    expect(r.status).toBe(422);
    expect(r.data.details.fields[0].field).toBe('block_hours');
  });

  it('a day-use search of a daily hotel is refused the same way', async () => {
    const r = await t.call('POST', '/api/clients/v1/search', {
      lang: 'id',
      json: { hotelId: 7, checkInDateTime: '2026-03-10', checkOutDateTime: '2026-03-10', startHour: 10, blockHours: 3 },
    });
    expect(r.status).toBe(400);
    expect(r.data.code).toBe('day_use_invalid');
  });
});
