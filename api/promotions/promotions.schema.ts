import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Bilingual } from '../hotels/hotels.schema.ts';

/**
 * Promotions and vouchers share one table: a promo is public (listed in list-promo), a voucher is
 * offered on a reservation (ReservationRoomVoucherList). Both are redeemed by code.
 */
export const promotions = pgTable('promotions', {
  id: integer('id').primaryKey(),
  promoCode: text('promo_code').notNull().unique(),
  promoName: jsonb('promo_name').$type<Bilingual>().notNull(),
  /** 1 room discount, 2 free of charge night (is_foc), 3 payment-method cashback-style discount. */
  promoTypeId: integer('promo_type_id').notNull(),
  /** 'percent' or 'amount'. */
  discountType: text('discount_type').notNull(),
  discountValue: integer('discount_value').notNull(),
  maxDiscount: integer('max_discount'),
  minSpend: integer('min_spend').notNull().default(0),
  isFoc: boolean('is_foc').notNull().default(false),
  /** Payment channel codes this code may be paid with; empty = any. */
  paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
  /** Hotels it applies to; empty = all. */
  hotelIds: jsonb('hotel_ids').$type<number[]>().notNull().default([]),
  isPublic: boolean('is_public').notNull().default(true),
  isVoucher: boolean('is_voucher').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  /** Redemptions allowed in all (waiting or paid reservations holding the code); null = no limit. */
  maxRedemptions: integer('max_redemptions'),
  /** Redemptions allowed per guest; null = no limit. Enforced by PostgreSQL (0006_promo_limits.sql). */
  maxPerUser: integer('max_per_user'),
  activeFrom: date('active_from', { mode: 'string' }).notNull(),
  activeTo: date('active_to', { mode: 'string' }).notNull(),
  stayFrom: date('stay_from', { mode: 'string' }).notNull(),
  stayTo: date('stay_to', { mode: 'string' }).notNull(),
  terms: jsonb('terms').$type<Bilingual>().notNull(),
  imageUrl: text('image_url').notNull(),
});

export const announcements = pgTable('announcements', {
  id: integer('id').primaryKey(),
  platform: text('platform').notNull().default('web'),
  title: jsonb('title').$type<Bilingual>().notNull(),
  body: jsonb('body').$type<Bilingual>().notNull(),
  linkUrl: text('link_url'),
  isActive: boolean('is_active').notNull().default(true),
  activeFrom: date('active_from', { mode: 'string' }).notNull(),
  activeTo: date('active_to', { mode: 'string' }).notNull(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased so duplicates are caught by the unique index, not by a prior read. */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  listId: text('list_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
