import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';

/** 1 waiting for payment, 2 paid, 3 expired, 4 payment cancelled, 5 refund. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull().unique(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    /** 1 = web. */
    sourceId: smallint('source_id').notNull().default(1),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    totalRoom: integer('total_room').notNull(),
    checkinDate: date('checkin_date', { mode: 'string' }).notNull(),
    checkoutDate: date('checkout_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    paymentStatusId: smallint('payment_status_id').notNull().default(1),
    promoCode: text('promo_code'),
    /** Bobopoints (gift certificate) the guest redeems, in Rupiah. */
    giftCertificate: integer('gift_certificate').notNull().default(0),
    /** Insurance add-on chosen. */
    isUseAddon: boolean('is_use_addon').notNull().default(false),
    ancillaryPackageUuids: jsonb('ancillary_package_uuids').$type<string[]>().notNull().default([]),
    paymentChannelCode: text('payment_channel_code'),
    notes: text('notes').notNull().default(''),
    /** The campaign the guest came from (utm_campaign, kept by the browser's campaign tracker). */
    campaignIdentifier: text('campaign_identifier'),
    /** The campaign's promo or content (promo, else utm_content, else utm_term). */
    campaignEvent: text('campaign_event'),
    /** Where the guest came from (utm_source / utm_medium); null = the site itself ('web'). */
    channelSource: text('channel_source'),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull().default(''),
    /** Day use: the block's start and end (real instants; shown in the hotel's zone) and its length. Null for nights. */
    dayUseStart: timestamp('day_use_start', { withTimezone: true, mode: 'date' }),
    dayUseEnd: timestamp('day_use_end', { withTimezone: true, mode: 'date' }),
    blockHours: smallint('block_hours'),
  },
  (t) => [
    index('reservations_user_status_idx').on(t.userId, t.paymentStatusId),
    // The expiry sweep scans only waiting holds by deadline.
    index('reservations_waiting_expiry_idx').on(t.paymentStatusId, t.expiredAt),
    // Redemption limits count the reservations holding a code (0006_promo_limits.sql).
    index('reservations_promo_code_idx').on(t.promoCode, t.paymentStatusId),
  ],
);

/**
 * The nights a reservation holds, with the rate locked at booking time. A day-use reservation has one
 * row for its date with rooms 0 (it holds no night of room_inventory) and the block price locked:
 * its stock is in reservation_hours.
 */
export const reservationNights = pgTable(
  'reservation_nights',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    date: date('date', { mode: 'string' }).notNull(),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    rooms: integer('rooms').notNull(),
    price: integer('price').notNull(),
    fakePrice: integer('fake_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.date] })],
);

/**
 * The hours a reservation holds in room_hour_stock (day use, and the nights of room types that sell
 * day use), so releasing it gives back exactly what it took (release-hold.ts).
 */
export const reservationHours = pgTable(
  'reservation_hours',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    date: date('date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    rooms: integer('rooms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.date, t.hour] })],
);

/**
 * The secondary guests of a reservation (spec sections 3 and 4: a stay has a primary and secondary
 * guests; booking for others is allowed, but each of them needs an account of their own). The booker
 * is the primary guest (reservations.guest_*); each row here is another guest's account, named by the
 * booker through the reservation update call. Their name, e-mail and phone are read from their
 * account, so nothing personal is copied here; the purge of either account drops the row.
 */
export const reservationGuests = pgTable(
  'reservation_guests',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The order the booker listed them in (1 = the first secondary guest). */
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.userId] }), index('reservation_guests_user_idx').on(t.userId)],
);
