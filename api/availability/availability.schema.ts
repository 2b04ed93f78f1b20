import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';

/**
 * One row per room type per night: the stock and the rate. Reservations take stock with a guarded
 * conditional UPDATE (sold + n <= sellable - stop-sell) and the CHECK below is the last line of
 * defence, so overbooking is impossible whatever the application does.
 */
export const roomInventory = pgTable(
  'room_inventory',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    date: date('date', { mode: 'string' }).notNull(),
    sellable: integer('sellable').notNull(),
    sold: integer('sold').notNull().default(0),
    /** Nightly rate per room in Rupiah, before tax and fees. */
    price: integer('price').notNull(),
    /** Crossed-out reference price per room. */
    fakePrice: integer('fake_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.date] }),
    index('room_inventory_hotel_date_idx').on(t.hotelId, t.date),
    check('room_inventory_sold_within_sellable', sql`${t.sold} >= 0 and ${t.sold} <= ${t.sellable}`),
  ],
);

/**
 * Per hotel and night: the rooms sellable on the web summed over its room types (stock minus sold
 * minus each type's web stop-sell limit, never below zero) and the lowest rate among the types
 * that still have one. Derived data, kept exact by triggers in PostgreSQL itself (migration 0002):
 * every statement that writes room_inventory, or a room type's web stop-sell limit, refreshes the
 * rows it touched inside the same transaction, so every API node reads the same, current value.
 * The availability calendar (90 nights) reads this instead of aggregating ~400 inventory rows.
 */
export const hotelDayStock = pgTable(
  'hotel_day_stock',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    date: date('date', { mode: 'string' }).notNull(),
    webSellable: integer('web_sellable').notNull(),
    minPrice: integer('min_price'),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.date] })],
);

/**
 * Hour stock of the room types that sell day use (they have room_type_blocks): one row per room
 * type, hotel-local date and hour (0..23), holding how many rooms are taken in that hour by anything:
 * day-use blocks AND the nights that cover the hour (a night of date N holds the hours from check-in
 * on N to check-out on N+1). Rows are made on first use, counting the nights already sold
 * (hour-stock.ts). Holds take an hour with a guarded UPDATE (held + n <= sellable - web stop-sell);
 * the CHECK below is the last line of defence. See api/reservations/README.md, "Day use".
 */
export const roomHourStock = pgTable(
  'room_hour_stock',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    date: date('date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    sellable: integer('sellable').notNull(),
    held: integer('held').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.date, t.hour] }),
    check('room_hour_stock_hour', sql`${t.hour} between 0 and 23`),
    check('room_hour_stock_held_within_sellable', sql`${t.held} >= 0 and ${t.held} <= ${t.sellable}`),
  ],
);
