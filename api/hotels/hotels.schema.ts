import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

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
