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
    campaignIdentifier: text('campaign_identifier'),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull().default(''),
  },
  (t) => [
    index('reservations_user_status_idx').on(t.userId, t.paymentStatusId),
    // The expiry sweep scans only waiting holds by deadline.
    index('reservations_waiting_expiry_idx').on(t.paymentStatusId, t.expiredAt),
    // Redemption limits count the reservations holding a code (0006_promo_limits.sql).
    index('reservations_promo_code_idx').on(t.promoCode, t.paymentStatusId),
  ],
);

/** The nights a reservation holds, with the rate locked at booking time. */
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
