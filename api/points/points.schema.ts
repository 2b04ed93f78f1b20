import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';

/**
 * The Bobopoint ledger (1 point = Rp 1). `bobopoint_accounts.balance` stays the active balance the
 * pricing reads; every change to it has a row here. `dedupe_key` makes each grant or redemption
 * happen at most once (welcome:<user>, stay:<reservation>, redeem:<reservation>).
 */
export const bobopointLedger = pgTable(
  'bobopoint_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Positive for earnings, negative for redemptions and expiry. */
    amount: integer('amount').notNull(),
    /** welcome | stay | redeem | expire */
    kind: text('kind').notNull(),
    /** pending (earned after the stay) | active | used | expired */
    status: text('status').notNull(),
    reservationId: integer('reservation_id'),
    /** When a pending earning becomes active (the check-out date). */
    earnDate: date('earn_date', { mode: 'string' }),
    /** When active points expire (one year after they became active). */
    expiresOn: date('expires_on', { mode: 'string' }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('bobopoint_ledger_user_idx').on(t.userId, t.status)],
);

/** Bobopoint balance per user (1 point = Rp 1). The ledger and expiry belong to the payment issue. */
export const bobopointAccounts = pgTable('bobopoint_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  balance: integer('balance').notNull().default(0),
});
