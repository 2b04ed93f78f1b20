import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea`, read as a Buffer (node-postgres) or a Uint8Array (PGlite). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Stored files when the API runs on a real PostgreSQL (DATABASE_URL): every node reads the same
 * rows, so a file uploaded through one node is served by any other (api/storage/blob-store.ts).
 * The embedded default keeps files on disk under DATA_DIR instead; the table then stays empty.
 */
export const storedBlobs = pgTable('stored_blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
