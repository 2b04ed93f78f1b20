import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { reservations } from './reservations.schema.ts';

/**
 * One travel-insurance policy per paid stay with the insurance add-on, as the insurer answered it
 * (api/insurance/insurer.ts, kept in step by api/insurance/insurance.service.ts): `pending` (paid, not yet asked), `requested`, `issued` (with the
 * insurer's number) or `failed` (with its reason). `next_check_at` is when the sync job asks next; a
 * node takes a row by moving it forward (a lease), so two nodes never ask for the same policy at once.
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    reservationId: integer('reservation_id')
      .primaryKey()
      .references(() => reservations.id),
    insurer: text('insurer').notNull(),
    status: text('status').notNull(),
    policyNumber: text('policy_number'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('insurance_policies_due_idx')
      .on(t.nextCheckAt)
      .where(sql`status in ('pending', 'requested')`),
  ],
);
