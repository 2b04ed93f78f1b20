import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from './availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp } from '../db/test-booking.ts';

// The calendar shows the lowest nightly price of each available day (issue 5, beyond the spec):
// RoomAvailability's min_price is the cheapest room type that still has a web-sellable room that
// night, and null when nothing can be sold.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
beforeAll(async () => {
  t = await bookingTestApp();
  db = t.db.db;
});

const AVAIL =
  'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms min_price is_blackout } }';
const DAY = '2026-03-20';

async function day(date: string) {
  const res = await t.gql('open', AVAIL, { input: { hotel_id: 2, date_start: date, date_end: date } });
  expect(res.status).toBe(200);
  return res.data.data.RoomAvailability[0] as {
    date: string;
    web_sellable_rooms: number;
    min_price: number | null;
    is_blackout: boolean;
  };
}

describe('RoomAvailability min_price', () => {
  it('is the cheapest sellable room type of that night, over GraphQL and REST', async () => {
    const expected = await rows<{ p: number }>(
      db,
      sql`select min(i.price)::int as p from room_inventory i join room_types rt on rt.id = i.room_type_id
      where i.hotel_id = 2 and i.date = ${DAY}::date and i.sellable - i.sold - rt.stop_sell_limit_web > 0`,
    );
    const d = await day(DAY);
    expect(d.web_sellable_rooms).toBeGreaterThan(0);
    expect(d.min_price).toBe(Number(expected[0].p));
    const rest = await t.call('GET', `/api/clients/v1/availability?hotel_id=2&date_start=${DAY}&date_end=${DAY}`);
    expect(rest.data.data[0].min_price).toBe(d.min_price);
  });

  it('skips a room type that is sold out that night, and is null when every type is', async () => {
    const types = await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.hotelId, 2), eq(roomInventory.date, DAY)));
    const cheapest = types.reduce((a, b) => (b.price < a.price ? b : a));
    await db
      .update(roomInventory)
      .set({ sold: cheapest.sellable })
      .where(and(eq(roomInventory.roomTypeId, cheapest.roomTypeId), eq(roomInventory.date, DAY)));
    const after = await day(DAY);
    expect(after.min_price).not.toBeNull();
    expect(after.min_price).toBeGreaterThan(cheapest.price);
    await db
      .update(roomInventory)
      .set({ sold: sql`${roomInventory.sellable}` })
      .where(and(eq(roomInventory.hotelId, 2), eq(roomInventory.date, DAY)));
    const none = await day(DAY);
    expect(none.web_sellable_rooms).toBe(0);
    expect(none.min_price).toBeNull();
  });
});
