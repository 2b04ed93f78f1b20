import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The published content's version, shared by every node (one row, id 1). A publish (the Sanity
 * webhook, or a scheduled change run by the job queue) increments it; every node rebuilds its site
 * when it sees a version newer than its own (server/content-sync.ts).
 */
export const siteContentVersion = pgTable('site_content_version', {
  id: smallint('id').primaryKey(),
  version: integer('version').notNull(),
  reason: text('reason').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
