import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const paymentChannels = pgTable('payment_channels', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** virtual_account, ewallet, qris, card. */
  category: text('category').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  logoUrl: text('logo_url').notNull(),
  /** Fee added to the total: a flat part plus basis points of the amount. */
  feeFlat: integer('fee_flat').notNull().default(0),
  feeBps: integer('fee_bps').notNull().default(0),
  minAmount: integer('min_amount').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
});
