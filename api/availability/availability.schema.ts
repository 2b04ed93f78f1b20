import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
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
