import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';

/**
 * A guest's uploaded pictures: the profile picture, the ID card photo and the selfie. `id` is random
 * (128 bits, never derived from the user or the time) and names the stored file; it is served only
 * through a signed, short-lived URL (api/profile/uploads.service.ts). A replaced or erased upload keeps
 * its row with `removed_at` until the sweep has deleted the stored file, then the row goes too.
 */
export const userUploads = pgTable(
  'user_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** profile_picture | id_card | selfie */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // One current upload per kind and guest.
    uniqueIndex('user_uploads_current_uq')
      .on(t.userId, t.kind)
      .where(sql`removed_at is null`),
    index('user_uploads_removed_idx')
      .on(t.removedAt)
      .where(sql`removed_at is not null`),
  ],
);
