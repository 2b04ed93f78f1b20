import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What operators did with a guest's personal data (issue 27, item 1): each time an ID card or selfie
 * is taken out by `npm run ops -- identity <user> show --reason ...`, who ran it (the machine user, or
 * --operator), when, about whom, why, and which files. Rows name the account by id only; the purge
 * clears their reason (an operator may have written a name in it).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id').notNull(),
    reason: text('reason'),
    /** What was read: the upload ids and kinds. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('operator_audit_user_idx').on(t.userId, t.at)],
);
