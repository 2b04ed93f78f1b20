import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/** A bilingual string as stored: both languages always present. */
export type Bilingual = { id: string; en: string };

// Daily (1) and hourly (2) rental types; `hotelTypeId -1` in the hotels call means all.
export const hotelTypes = pgTable('hotel_types', {
  id: integer('id').primaryKey(),
  name: jsonb('name').$type<Bilingual>().notNull(),
});

export const hotels = pgTable('hotels', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  /** 1 = cabin, 0 = pod branch (kept numeric as the spec's field is). */
  isCabin: smallint('is_cabin').notNull().default(0),
  description: jsonb('description').$type<Bilingual>().notNull(),
  totalRooms: integer('total_rooms').notNull(),
  typeId: integer('type_id')
    .notNull()
    .references(() => hotelTypes.id),
  address: text('address').notNull(),
  pictureUrl: text('picture_url').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  checkInTime: text('check_in_time').notNull().default('14:00'),
  checkOutTime: text('check_out_time').notNull().default('12:00'),
  /** IANA zone; its label (WIB/WITA/WIT) is derived, never stored twice. */
  timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
  email: text('email').notNull(),
  telephone: text('telephone').notNull(),
  facilities: jsonb('facilities').$type<{ code: string; name: Bilingual }[]>().notNull(),
  galleries: jsonb('galleries').$type<{ url: string; type: string; status: number }[]>().notNull(),
  localities: jsonb('localities')
    .$type<{ name: string; landmarks: { name: Bilingual | string; distanceKm: number }[] }[]>()
    .notNull(),
  /** Longest stay sold on the web from any check-in date. */
  webMaxDuration: integer('web_max_duration').notNull().default(14),
  /**
   * Day use (hourly hotels, type 2): the first hour a block may start and the hour by which it must
   * end, in the hotel's zone (08 and 22: a 3-hour block starts 08:00..19:00). Blocks never cross midnight.
   */
  dayUseOpenHour: smallint('day_use_open_hour').notNull().default(8),
  dayUseCloseHour: smallint('day_use_close_hour').notNull().default(22),
});

export const roomTypes = pgTable(
  'room_types',
  {
    id: integer('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    /** Offering code, e.g. single_sky, double_earth, cabin_deluxe_hot_tub, camper_van. */
    roomType: text('room_type').notNull(),
    label: jsonb('label').$type<Bilingual>().notNull(),
    name: text('name').notNull(),
    description: jsonb('description').$type<Bilingual>().notNull(),
    iconUrl: text('icon_url').notNull(),
    mainPictureUrl: text('main_picture_url').notNull(),
    /** 'daily' or 'hourly'. */
    roomPriceType: text('room_price_type').notNull().default('daily'),
    bedSize: text('bed_size').notNull(),
    capacity: integer('capacity').notNull(),
    capacityChildren: integer('capacity_children').notNull().default(0),
    facility: jsonb('facility').$type<{ code: string; name: Bilingual }[]>().notNull(),
    totalRooms: integer('total_rooms').notNull(),
    stopSellLimitWeb: integer('stop_sell_limit_web').notNull().default(0),
    stopSellLimitApp: integer('stop_sell_limit_app').notNull().default(0),
  },
  (t) => [index('room_types_hotel_idx').on(t.hotelId)],
);

/** Whole-hotel closed days: no room type sells. */
export const hotelBlackouts = pgTable(
  'hotel_blackouts',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    date: date('date', { mode: 'string' }).notNull(),
    reason: jsonb('reason').$type<Bilingual>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.date] })],
);

/**
 * Day-use blocks a room type sells (hourly hotels): a length in hours and its price per room for the
 * block, before tax and fees. A hotel's blocks are the lengths its room types offer.
 */
export const roomTypeBlocks = pgTable(
  'room_type_blocks',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    hours: smallint('hours').notNull(),
    price: integer('price').notNull(),
    /** Crossed-out reference price of the block. */
    fakePrice: integer('fake_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.hours] }),
    check('room_type_blocks_hours', sql`${t.hours} between 1 and 24`),
    check('room_type_blocks_price', sql`${t.price} > 0 and ${t.fakePrice} >= 0`),
  ],
);
