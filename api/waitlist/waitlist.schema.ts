import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';

/**
 * Guests waiting for a sold-out room type on given nights (issue 28, item 5), first come first
 * served. When stock comes back, the `waitlist.offer` job holds the rooms under the first waiting
 * guest's account for 15 minutes (a reservation waiting for payment) and tells them; if the hold
 * lapses the next guest gets the rooms. status: waiting | offering (a node is making the hold now,
 * since `offered_at`; a claim older than a minute is taken back) | offered | booked | lapsed | declined |
 * left.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    hotelId: integer('hotel_id').notNull(),
    roomTypeId: integer('room_type_id').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    pods: smallint('pods').notNull(),
    /** The language of the offer's e-mail (the guest's, when they joined). */
    lang: text('lang').notNull(),
    status: text('status').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One live entry per guest and stay.
    uniqueIndex('waitlist_live_uq')
      .on(t.userId, t.roomTypeId, t.checkIn, t.checkOut)
      .where(sql`status in ('waiting', 'offering', 'offered')`),
    // The queue of one stay, in order.
    index('waitlist_queue_idx')
      .on(t.roomTypeId, t.checkIn, t.checkOut, t.id)
      .where(sql`status = 'waiting'`),
    index('waitlist_offered_idx')
      .on(t.reservationId)
      .where(sql`status = 'offered'`),
  ],
);
