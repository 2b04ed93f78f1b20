import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Registered guests. Owned by the auth domain; reservations reference users.id as the booker.
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nickName: text('nick_name'),
  email: text('email').notNull().unique(),
  telephone: text('telephone'),
  passwordHash: text('password_hash').notNull(),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  isTelephoneVerified: boolean('is_telephone_verified').notNull().default(false),
  profilePictureUrl: text('profile_picture_url'),
  preferredLang: text('preferred_lang').notNull().default('id'),
  nightCount: integer('night_count').notNull().default(0),
  stayCount: integer('stay_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
