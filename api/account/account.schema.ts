import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
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
