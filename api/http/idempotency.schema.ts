import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers of calls that create something, by the client's Idempotency-Key (api/http/idempotency.ts).
 * A row is written in the same transaction as the effect, so it exists exactly when the effect does;
 * `idempotency.prune` deletes it once it expires (24 hours).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    /** Which call: one key names one request of one call. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's parsed input: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);
