import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every contact message and partnership proposal, committed together with its two e-mails in the
 * outbox (api/forms/forms.service.ts), so none is sent before the row is kept and none is missing
 * after. `fields` holds the validated values of the form's other fields; `mails_queued_at` is when
 * the e-mails were queued (with the row).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    /** contact | partnership */
    form: text('form').notNull(),
    /** The page's language: the acknowledgement is written in it. */
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    fields: jsonb('fields').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    mailsQueuedAt: timestamp('mails_queued_at', { withTimezone: true }),
  },
  (t) => [index('form_submissions_created_idx').on(t.createdAt)],
);

/**
 * The files of a proposal. `id` is random (128 bits) and names the stored file (api/storage); files are
 * private to operators, served only through a signed, short-lived URL (GET /api/forms/files).
 */
export const formSubmissionFiles = pgTable(
  'form_submission_files',
  {
    id: text('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    /** photos | video | document */
    field: text('field').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The name the sender's device gave it (shown to operators only, never used as a path). */
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_submission_files_submission_idx').on(t.submissionId)],
);

/**
 * A form that came back with errors when sent without JavaScript: its typed values and its errors,
 * kept for an hour under a random id that the redirect back to the form carries (signed), so the
 * on-demand form page shows them again. Never files: the page says so.
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    id: text('id').primaryKey(),
    form: text('form').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<Record<string, string>>().notNull(),
    filesDropped: boolean('files_dropped').notNull(),
    /** When the form was first rendered: the minimum fill time keeps counting from there. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A form kept past a sending limit: when it may be sent again (null otherwise). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [index('form_drafts_expires_idx').on(t.expiresAt)],
);
