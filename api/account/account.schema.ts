import { index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';

/**
 * Self check-in of a paid stay, as the app reports it (face verification belongs to the app; the web
 * shows the state). One row per reservation, created by the first attempt.
 */
export const stayCheckins = pgTable('stay_checkins', {
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(() => reservations.id),
  /** Failed face verifications; at LIVENESS_MAX_RETRIES the guest must ask the host instead. */
  livenessCountRetry: integer('liveness_count_retry').notNull().default(0),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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
