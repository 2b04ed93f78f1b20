import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.schema.ts';

/**
 * Passkeys (issue 29, item 4; api/auth/passkeys.service.ts): a guest's WebAuthn credentials, found
 * by their id when a browser signs in with one. The public key is COSE, base64url; the counter is
 * the authenticator's signature counter (0 for synced passkeys, which keep none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** The guest's name for it ("My phone"). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge in flight: made for one ceremony (adding a passkey for a guest, or signing
 * in), used once (deleted as it is checked) and for five minutes at most. In the database, so any
 * node can finish a ceremony another node began.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey(),
  /** register: the guest adding a passkey; authenticate: a sign-in (no guest yet). */
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
