import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';

/**
 * Single sign-on (issue 29; api/profile/sso.service.ts). An account's provider identities: the
 * issuer and subject of the provider's ID token, linked once the guest proved the account (or
 * created it through the provider); one account may hold several.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Our name for the provider (google, oidc, local). */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The provider's e-mail when linked (shown to the guest). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('user_identities_iss_sub_uq').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-on in flight, from the redirect to the provider to its answer: state, nonce and the PKCE
 * verifier, for ten minutes and one use. The browser holds only its id, in an HttpOnly cookie.
 */
export const ssoAttempts = pgTable('sso_attempts', {
  id: uuid('id').primaryKey(),
  provider: text('provider').notNull(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  verifier: text('verifier').notNull(),
  lang: text('lang').notNull(),
  redirect: text('redirect').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What the provider's answer decided, waiting for the browser that started it (its cookie): sign in,
 * link after proving an account, or register. Stored as a hash of the ticket; one use, ten minutes.
 */
export const ssoTickets = pgTable('sso_tickets', {
  hash: text('hash').primaryKey(),
  /** SHA-256 of the attempt cookie: the ticket works only in the browser that started the sign-on. */
  browser: text('browser').notNull(),
  /** signin | link | register | unverified */
  kind: text('kind').notNull(),
  provider: text('provider').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull(),
  name: text('name'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  redirect: text('redirect').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
