import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { hotelDayStock, roomInventory } from './availability.schema.ts';
import { dayStockDrift } from './day-stock.test-helpers.ts';
import { expireDueHolds } from '../reservations/expiry.ts';

// The calendar reads hotel_day_stock, a per-night summary that PostgreSQL triggers keep in step
// with room_inventory and the room types' web stop-sell limits. Every kind of write must leave it
// exact; the concurrent case runs on real PostgreSQL (availability.pg.test.ts).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
beforeAll(async () => {
  t = await bookingTestApp();
  db = t.db.db;
});

const HOTEL = 2;
const AVAIL = 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms } }';
const CREATE = 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }';
const calendar = async (date: string, token?: string) =>
  (await t.gql('open', AVAIL, { input: { hotel_id: HOTEL, date_start: date, date_end: date } }, token ? { token } : {}))
    .data.data.RoomAvailability[0].web_sellable_rooms as number;
const hold = async (roomTypeId: number, rooms: number) =>
  (
    await t.gql('secure', CREATE, {
      input: {
        hotel_id: HOTEL,
        room_type_id: roomTypeId,
        check_in_date_time: '2026-03-20',
        check_out_date_time: '2026-03-22',
        total_room: rooms,
      },
    })
  ).data.data.HotelCreateReservation.id as number;

describe('hotel_day_stock', () => {
  it('is filled by the seed for every hotel and night with stock', async () => {
    expect(await dayStockDrift(db)).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from hotel_day_stock`);
    expect(n).toBeGreaterThan(16 * 90);
  });
  it('follows holds, cancellations and expiry, and the calendar shows it', async () => {
    const before = await calendar('2026-03-20');
    const id = await hold(21, 2);
    expect(await calendar('2026-03-20')).toBe(before - 2);
    expect(await dayStockDrift(db)).toEqual([]);
    expect(
      (
        await t.call('PUT', '/api/clients/v1/reservations/cancel', {
          token: t.userToken,
          form: { reservationId: String(id) },
        })
      ).status,
    ).toBe(200);
    expect(await calendar('2026-03-20')).toBe(before);
    await hold(22, 1);
    expect(await calendar('2026-03-20')).toBe(before - 1);
    t.advance((t.deps.env.RESERVATION_HOLD_MINUTES + 1) * 60_000);
    try {
      // Tokens issued before the jump have expired: take a fresh client token at the new time.
      const { clientToken } = await tokensForTest(t.deps, { withUser: false });
      // The expiry job (every second in a running server) gives the lapsed hold's room back.
      expect(await expireDueHolds(db, t.deps.now!())).toBe(1);
      expect(await calendar('2026-03-20', clientToken)).toBe(before);
      expect(await dayStockDrift(db)).toEqual([]);
    } finally {
      t.setNow(TEST_NOW);
    }
  });
  it("follows a change of a room type's web stop-sell limit on every night of its hotel", async () => {
    const before = await calendar('2026-03-25');
    const [rt] = await db.select().from(roomTypes).where(eq(roomTypes.id, 21));
    const [inv] = await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, 21), eq(roomInventory.date, '2026-03-25')));
    const free = Math.max(0, inv.sellable - inv.sold - rt.stopSellLimitWeb);
    await db
      .update(roomTypes)
      .set({ stopSellLimitWeb: rt.stopSellLimitWeb + 1 })
      .where(eq(roomTypes.id, 21));
    expect(await calendar('2026-03-25')).toBe(before - Math.min(1, free));
    expect(await dayStockDrift(db)).toEqual([]);
    await db.update(roomTypes).set({ stopSellLimitWeb: rt.stopSellLimitWeb }).where(eq(roomTypes.id, 21));
    expect(await calendar('2026-03-25')).toBe(before);
  });
  it('follows direct stock edits and removed nights (a night without stock sells nothing)', async () => {
    await db
      .update(roomInventory)
      .set({ sellable: 500 })
      .where(and(eq(roomInventory.hotelId, HOTEL), eq(roomInventory.date, '2026-03-27')));
    expect(await dayStockDrift(db)).toEqual([]);
    expect(await calendar('2026-03-27')).toBeGreaterThan(500);
    await db.delete(roomInventory).where(and(eq(roomInventory.hotelId, HOTEL), eq(roomInventory.date, '2026-03-28')));
    const [gone] = await db
      .select()
      .from(hotelDayStock)
      .where(and(eq(hotelDayStock.hotelId, HOTEL), eq(hotelDayStock.date, '2026-03-28')));
    expect(gone).toMatchObject({ webSellable: 0, minPrice: null });
    expect(await calendar('2026-03-28')).toBe(0);
  });
});
