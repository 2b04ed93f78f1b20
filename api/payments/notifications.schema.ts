import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every HTTP notification received, whatever became of it: the audit log for tampered
 * signatures, wrong amounts and replays (outcome says which).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    transactionStatus: text('transaction_status').notNull(),
    statusCode: text('status_code').notNull(),
    grossAmount: text('gross_amount').notNull(),
    /** applied | unchanged | rejected_signature | rejected_amount | unknown_order | invalid */
    outcome: text('outcome').notNull(),
    detail: text('detail').notNull().default(''),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderId)],
);
