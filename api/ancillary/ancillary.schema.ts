import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Bilingual } from '../hotels/hotels.schema.ts';

/** Partner packages sold with a stay (the carbon offset). hotel/room type null = everywhere. */
export const ancillaryPackages = pgTable('ancillary_packages', {
  uuid: uuid('uuid').primaryKey(),
  hotelId: integer('hotel_id'),
  roomTypeId: integer('room_type_id'),
  providerName: text('provider_name').notNull(),
  providerShortDescription: jsonb('provider_short_description').$type<Bilingual>().notNull(),
  providerLogoUrl: text('provider_logo_url').notNull(),
  ancillaryTypeCode: text('ancillary_type_code').notNull(),
  name: jsonb('name').$type<Bilingual>().notNull(),
  /** Per room per night, Rupiah. */
  salePrice: integer('sale_price').notNull(),
  customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
});

/** Add-ons offered on a room type (the insurance). add_on_type_id 1 = insurance. */
export const addOnItems = pgTable('add_on_items', {
  id: integer('id').primaryKey(),
  addOnTypeId: integer('add_on_type_id').notNull(),
  typeName: jsonb('type_name').$type<Bilingual>().notNull(),
  itemName: jsonb('item_name').$type<Bilingual>().notNull(),
  /** Per room per night, Rupiah. */
  price: integer('price').notNull(),
  providerId: integer('provider_id').notNull(),
  providerName: text('provider_name').notNull(),
  coverAmount: integer('cover_amount').notNull(),
  termsUrl: text('terms_url').notNull(),
  benefitUrl: text('benefit_url').notNull(),
  claimUrl: text('claim_url').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});
