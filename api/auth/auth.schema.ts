import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Registered guests. Owned by the auth domain; reservations reference users.id as the booker.
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nickName: text('nick_name'),
  /** Lower-cased; '+' is refused at registration (spec section 5). */
  email: text('email').notNull().unique(),
  /** Canonical national number without leading 0 or country code, e.g. 81234567890 (see auth README). */
  telephone: text('telephone').unique(),
  passwordHash: text('password_hash').notNull(),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  isTelephoneVerified: boolean('is_telephone_verified').notNull().default(false),
  profilePictureUrl: text('profile_picture_url'),
  preferredLang: text('preferred_lang').notNull().default('id'),
  nightCount: integer('night_count').notNull().default(0),
  stayCount: integer('stay_count').notNull().default(0),
  /**
   * ID verification (spec section 4): not_submitted, submitted, rejected (resubmit allowed) or
   * verified (api/profile/identity.ts sets it). Self check-in needs verified (api/account).
   */
  identityStatus: text('identity_status').notNull().default('not_submitted'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the guest deletes the account: signed out everywhere, reactivatable for 30 days. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  /** Set when the purge job erased the personal data of a deactivated account (for good). */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

/**
 * One signed-in device: the family of rotating refresh tokens. Access tokens carry its id, and
 * requireUser checks `revoked_at` here (one primary-key lookup), so sign-out works on every node.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | refresh_reuse | password_reset | signed_out_elsewhere */
    revokedReason: text('revoked_reason'),
    /** What the guest signed in with, from its User-Agent ("Chrome 156 on Android"); null when unknown. */
    device: text('device'),
    /** The last sign-in or token refresh: how recently the device used the account. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each one is usable once (rotation). */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * 4-digit one-time codes (verify e-mail, verify phone, reset password). Stored as a keyed hash;
 * single use, short-lived, with an attempt counter. A validated reset code yields a one-time ticket.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** Normalised e-mail or phone the code was sent to. */
    target: text('target').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ticketHash: text('ticket_hash').unique(),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.purpose, t.target, t.createdAt.desc())],
);

/**
 * Every check of a one-time code against an account, kept 30 days: an account answers at most
 * CODE_GUESSES_PER_30_DAYS wrong guesses across all its codes (a right guess is removed again).
 */
export const authCodeGuesses = pgTable(
  'auth_code_guesses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_code_guesses_user_at_idx').on(t.userId, t.at)],
);
