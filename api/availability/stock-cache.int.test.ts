import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import { startStockCache } from './stock-cache.ts';
import type { StockListener } from './stock-cache.ts';

// The stock cache through the real app on PGlite: a warmed read is served without the database, and
// every kind of stock change (a hold through the API, the expiry job, blackouts, stop-sell and price
// edits made in SQL) is seen by the very next read. A change made with the triggers switched off
// (session_replication_role = replica) is NOT seen: proof that the answers really come from the cache.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
let listener: StockListener;
beforeAll(async () => {
  t = await bookingTestApp();
  db = t.db.db;
  listener = await startStockCache(t.db);
});
afterAll(async () => {
  await listener.close();
});

const HOTEL = 3;
const NIGHT = '2026-03-18';
const AVAIL = 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms } }';
const MAXDUR =
  'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { web_max_duration } }';
const SEARCH =
  'query S($input: ReservationSearchInput!) { ReservationSearch(input: $input) { roomTypes { id roomRemaining guestPrice } } }';
const CREATE = 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }';

const calendar = async (token?: string) =>
  (
    await t.gql(
      'open',
      AVAIL,
      { input: { hotel_id: HOTEL, date_start: NIGHT, date_end: NIGHT } },
      token ? { token } : {},
    )
  ).data.data.RoomAvailability[0].web_sellable_rooms as number;
const maxStay = async () =>
  (await t.gql('open', MAXDUR, { input: { hotel_id: HOTEL, date_start: NIGHT } })).data.data.RoomAvailabilityMaxDuration
    .web_max_duration as number;
const search = async () =>
  (
    await t.gql('open', SEARCH, {
      input: {
        hotel_id: HOTEL,
        check_in_date_time: `${NIGHT} 14:00:00`,
        check_out_date_time: '2026-03-19 12:00:00',
        is_used_gc: false,
      },
    })
  ).data.data.ReservationSearch.roomTypes as { id: number; roomRemaining: number; guestPrice: number }[];
const restSearch = async () =>
  (
    await t.call('POST', '/api/clients/v1/search', {
      form: { hotelId: String(HOTEL), checkInDateTime: `${NIGHT} 14:00:00`, checkOutDateTime: '2026-03-19 12:00:00' },
    })
  ).data.data.roomTypes as { id: number; roomRemaining: number }[];

/** The hotel's room types with their web stop-sell limits. */
const types = () =>
  rows<{ id: number; stop: number }>(
    db,
    sql`select id, stop_sell_limit_web as stop from room_types where hotel_id = ${HOTEL} order by id`,
  );

/** Leave exactly one room sellable on the web for NIGHT: in the first room type. */
async function lastRoomLeft() {
  const list = await types();
  for (const [i, rt] of list.entries())
    await db.execute(
      sql`update room_inventory set sold = sellable - ${rt.stop} - ${i === 0 ? 1 : 0} where room_type_id = ${rt.id} and date = ${NIGHT}`,
    );
  return list[0]!.id;
}

/** A change no trigger sees (no notification): what only a database read could show. */
async function silently(statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('stock cache (PGlite, through the app)', () => {
  it('answers a warmed read from the cache: no statement reaches the database', async () => {
    await calendar();
    await maxStay();
    await search();
    await restSearch();
    const client = (db as unknown as { $client: PGlite }).$client;
    const query = vi.spyOn(client, 'query');
    const exec = vi.spyOn(client, 'exec');
    try {
      await calendar();
      await maxStay();
      await search();
      await restSearch();
      expect(query).not.toHaveBeenCalled();
      expect(exec).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      exec.mockRestore();
    }
    // And it is the cache: a change that notifies nobody stays unseen.
    const before = await calendar();
    await silently(
      sql`update hotel_day_stock set web_sellable = web_sellable + 7 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
    );
    expect(await calendar()).toBe(before);
    await silently(
      sql`update hotel_day_stock set web_sellable = web_sellable - 7 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
    );
  });

  it('shows the last room sold as soon as a guest holds it, and back when the expiry job releases it', async () => {
    const roomType = await lastRoomLeft();
    expect(await calendar()).toBe(1);
    expect(await maxStay()).toBeGreaterThan(0);
    expect((await search()).find((r) => r.id === roomType)?.roomRemaining).toBe(1);
    await calendar(); // warm, then the hold
    const created = await t.gql('secure', CREATE, {
      input: {
        hotel_id: HOTEL,
        room_type_id: roomType,
        check_in_date_time: NIGHT,
        check_out_date_time: '2026-03-19',
        total_room: 1,
      },
    });
    expect(created.data.data.HotelCreateReservation.id).toBeGreaterThan(0);
    expect(await calendar()).toBe(0);
    expect(await maxStay()).toBe(0);
    expect((await search()).find((r) => r.id === roomType)?.roomRemaining).toBe(0);
    expect((await restSearch()).find((r) => r.id === roomType)?.roomRemaining).toBe(0);

    t.advance((t.deps.env.RESERVATION_HOLD_MINUTES + 1) * 60_000);
    try {
      const { clientToken } = await tokensForTest(t.deps, { withUser: false });
      expect(await calendar(clientToken)).toBe(0); // warm: the lapsed hold still holds its night
      expect(await expireDueHolds(db, t.deps.now!())).toBe(1);
      expect(await calendar(clientToken)).toBe(1);
    } finally {
      t.setNow(TEST_NOW);
    }
  });

  it('sees a blackout, a stop-sell and a price edit made in SQL on the next read', async () => {
    const roomType = await lastRoomLeft();
    expect(await calendar()).toBe(1);
    await db.execute(
      sql`insert into hotel_blackouts (hotel_id, date, reason) values (${HOTEL}, ${NIGHT}, '{"id": "Tutup", "en": "Closed"}')`,
    );
    expect(await calendar()).toBe(0);
    expect(await maxStay()).toBe(0);
    await db.execute(sql`delete from hotel_blackouts where hotel_id = ${HOTEL} and date = ${NIGHT}`);
    expect(await calendar()).toBe(1);

    const [first] = await types();
    await db.execute(sql`update room_types set stop_sell_limit_web = stop_sell_limit_web + 1 where id = ${first!.id}`);
    expect(await calendar()).toBe(0);
    expect((await search()).find((r) => r.id === roomType)?.roomRemaining).toBe(0);
    await db.execute(sql`update room_types set stop_sell_limit_web = stop_sell_limit_web - 1 where id = ${first!.id}`);
    expect(await calendar()).toBe(1);

    const price = (await search()).find((r) => r.id === roomType)!.guestPrice;
    await db.execute(
      sql`update room_inventory set price = price + 10000 where room_type_id = ${roomType} and date = ${NIGHT}`,
    );
    expect((await search()).find((r) => r.id === roomType)!.guestPrice).toBeGreaterThan(price);
  });

  it('serves nothing once closed (reads go to the database)', async () => {
    const other = await startStockCache(t.db);
    await calendar();
    await other.close();
    const before = await calendar();
    await silently(
      sql`update hotel_day_stock set web_sellable = web_sellable + 7 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
    );
    try {
      expect(await calendar()).toBe(before + 7);
    } finally {
      await silently(
        sql`update hotel_day_stock set web_sellable = web_sellable - 7 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
      );
    }
  });
});
