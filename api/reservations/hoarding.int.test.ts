import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOTEL_SHARE_MIN_ROOMS, HOTEL_SHARE_PERCENT, MAX_UNPAID_ROOMS } from '../../core/contracts/booking.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { rows } from '../db/query.ts';

// Issue 26, item 6: unpaid holds cannot hoard a hotel. Per account, live unpaid holds take at most
// MAX_UNPAID_ROOMS rooms in all, and at one hotel on any night at most HOTEL_SHARE_PERCENT % of its
// rooms that night (never fewer than HOTEL_SHARE_MIN_ROOMS): three accounts cannot hold more than
// three such shares of a night, and a family booking four pods always can.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
const NIGHT = '2026-03-12';
beforeAll(async () => {
  t = await bookingTestApp();
  await t.db.db.update(roomInventory).set({ sold: 0 });
});

const hold = (hotel: number, roomType: number, rooms: number, lang: 'id' | 'en' = 'en') =>
  t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    lang,
    json: {
      hotel_id: hotel,
      room_type_id: roomType,
      check_in_date_time: NIGHT,
      check_out_date_time: '2026-03-13',
      total_room: rooms,
    },
  });
const hotelRooms = async (hotel: number) =>
  (
    await rows<{ n: number }>(
      t.db.db,
      sql`select coalesce(sum(sellable), 0)::int as n from room_inventory where hotel_id = ${hotel} and date = ${NIGHT}`,
    )
  )[0]!.n;
const typeRooms = async (roomType: number) =>
  (
    await t.db.db
      .select({ sellable: roomInventory.sellable })
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, roomType), eq(roomInventory.date, NIGHT)))
  )[0]!.sellable;

describe('unpaid holds cannot hoard a hotel', () => {
  it('three accounts hold at most three shares of a night; a family of four still books', async () => {
    const hotel = 7;
    const total = await hotelRooms(hotel);
    const share = Math.max(HOTEL_SHARE_MIN_ROOMS, Math.floor((total * HOTEL_SHARE_PERCENT) / 100));
    const first = Math.min(share, MAX_UNPAID_ROOMS, await typeRooms(71));
    let held = 0;
    for (let account = 0; account < 3; account++) {
      await t.useNewGuest();
      const ok = await hold(hotel, 71, first);
      expect(ok.status, JSON.stringify(ok.data)).toBe(201);
      held += first;
      // The rest of the share, then one room past it: refused, in the guest's language.
      if (share > first) expect((await hold(hotel, 72, share - first)).status).toBe(201);
      held += share - first;
      const more = await hold(hotel, 72, 1, 'id');
      expect(more.status).toBe(409);
      expect(more.data.code).toBe('hotel_share');
      expect(more.data.message).toMatch(/hotel ini/);
    }
    expect(held).toBeLessThanOrEqual((3 * Math.max(HOTEL_SHARE_MIN_ROOMS, (total * HOTEL_SHARE_PERCENT) / 100)) | 0);
    expect(held).toBeLessThan(total);
    // A family booking four pods that night, at the same hotel.
    await t.useNewGuest();
    const family = await hold(hotel, 72, 4);
    expect(family.status, JSON.stringify(family.data)).toBe(201);
  });

  it(`one account's unpaid holds take at most ${MAX_UNPAID_ROOMS} rooms across hotels`, async () => {
    await t.useNewGuest();
    expect((await hold(1, 11, 4)).status).toBe(201);
    expect((await hold(2, 21, 4)).status).toBe(201);
    // 4 + 4 + 3 would pass the account's rooms (each hold is within its hotel's share).
    const over = await hold(3, 31, MAX_UNPAID_ROOMS - 8 + 1, 'id');
    expect(over.status).toBe(409);
    expect(over.data.code).toBe('too_many_unpaid_rooms');
    expect(over.data.message).toContain(`paling banyak ${MAX_UNPAID_ROOMS} pod`);
    expect((await hold(3, 31, MAX_UNPAID_ROOMS - 8)).status).toBe(201);
  });
});
