import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';

/**
 * Self check-in of a paid stay, per person: the booker and each guest who accepted a share check in
 * for themselves, with their own account and ID (spec section 4; issue 27, item 2). The app does the
 * face verification and reports each attempt (POST /clients/v1/stays/check-in); one row per stay and
 * person, created by the first attempt.
 */
export const stayCheckins = pgTable(
  'stay_checkins',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Failed face verifications; at LIVENESS_MAX_RETRIES the guest must ask the host instead. */
    livenessCountRetry: integer('liveness_count_retry').notNull().default(0),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.userId] })],
);

/** Every check-in attempt as the app reported it: who, which stay, passed or failed, when. */
export const stayCheckinAttempts = pgTable(
  'stay_checkin_attempts',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** passed | failed | refused (asked past the limit, out of the window, or without a verified ID) */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('stay_checkin_attempts_stay_idx').on(t.reservationId, t.userId)],
);
