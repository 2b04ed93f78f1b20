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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
    // A guest's waiting holds, counted by every create (the unpaid cap in reservation_hold and its
    // trigger). Exact and small: statistics taken before the day's holds say holds are rare, and the
    // planner then counted one guest's holds by reading every waiting hold of the database through
    // the expiry index (issue 31, item 4). 1 is payment_status('waiting') (core/payment-status.ts).
    index('reservations_user_waiting_idx')
      .on(t.userId)
      .where(sql`payment_status_id = 1`),
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
 * A stay shared with another person (spec sections 3 and 4: booking for others is allowed, but that
 * person needs an account of their own; issue 27, item 2). The booker names the guest by e-mail or
 * phone (`contact`, normalised: a lower-case e-mail, or the phone's national digits); the answer is
 * the same whether or not anyone is registered there. The person is told by a message and answers in
 * their own account (signing up first if needed): until they accept, the booker sees only what they
 * typed; once accepted (`guest_user_id`), the stay is in the guest's My stay with its own stay pass,
 * and they check in for themselves. The booker can revoke a share; the guest can leave it.
 * status: pending | accepted | declined | revoked | left.
 */
export const stayShares = pgTable(
  'stay_shares',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    contact: text('contact').notNull(),
    /** email | phone */
    contactKind: text('contact_kind').notNull(),
    guestUserId: integer('guest_user_id').references(() => users.id),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One live invitation per person and stay (asking again answers the same share).
    uniqueIndex('stay_shares_live_uq')
      .on(t.reservationId, t.contact)
      .where(sql`status in ('pending', 'accepted')`),
    index('stay_shares_contact_idx')
      .on(t.contact)
      .where(sql`status = 'pending'`),
    index('stay_shares_guest_idx')
      .on(t.guestUserId)
      .where(sql`status = 'accepted'`),
  ],
);
