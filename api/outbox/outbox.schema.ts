import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with an e-mail; `content` is base64. `cid` makes it addressable from the HTML (inline image). */
export type OutboxAttachment = { filename: string; contentType: string; content: string; cid?: string };

/**
 * The lanes of the outbox: what a guest is waiting for at a screen (a sign-up or reset code, a
 * payment confirmation) goes before bulk mail (form acknowledgements and notifications), so a flood
 * of form posts never delays a code by more than the batch being sent.
 */
export const OUTBOX_LANE = { urgent: 0, bulk: 1 } as const;
export type OutboxLane = keyof typeof OUTBOX_LANE;

/** Every outgoing e-mail and SMS. Services insert rows; the sender delivers them. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** email | sms */
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    lang: text('lang').notNull(),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    /** OUTBOX_LANE: 0 urgent, claimed first; 1 bulk. */
    lane: smallint('lane').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_pending_idx').on(t.status, t.id),
    index('outbox_messages_lane_idx').on(t.status, t.lane, t.id),
  ],
);

/** What the embedded development sink received (SMTP-parsed e-mails and "delivered" SMS). */
export const outboxSinkMessages = pgTable('outbox_sink_messages', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  from: text('from'),
  to: text('to').notNull(),
  subject: text('subject'),
  text: text('text'),
  html: text('html'),
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
  messageId: text('message_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
