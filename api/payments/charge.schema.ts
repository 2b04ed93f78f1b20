import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { reservations } from '../reservations/reservations.schema.ts';

/** What the guest pays with, as the gateway issued it (VA number, bill key, QR string, deeplink). */
export type PaymentInstructions = {
  bank?: string;
  vaNumber?: string;
  billerCode?: string;
  billKey?: string;
  qrString?: string;
  deeplinkUrl?: string;
  redirectUrl?: string;
  maskedCard?: string;
  /** The gateway's `generate-qr-code` action: an image of the QR (GoPay carries no QR string). */
  qrImageUrl?: string;
};

/**
 * One row per payment attempt. `order_id` is what the gateway knows (unique per attempt:
 * `<reservation order id>-P<attempt>`). Status changes only move forward in `status_rank`
 * (guarded UPDATE), which is what makes notifications idempotent and order-independent.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull().unique(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    userId: integer('user_id').notNull(),
    attempt: integer('attempt').notNull(),
    channelCode: text('channel_code').notNull(),
    /** Midtrans payment_type: bank_transfer, echannel, gopay, shopeepay, qris, credit_card, internal. */
    paymentType: text('payment_type').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    pointsUsed: integer('points_used').notNull().default(0),
    /** The guest's language when paying: the confirmation e-mail uses it. */
    lang: text('lang').notNull(),
    gateway: text('gateway').notNull(),
    /** created | pending | settlement | capture | deny | cancel | expire | refund | failed */
    status: text('status').notNull(),
    statusRank: smallint('status_rank').notNull().default(0),
    fraudStatus: text('fraud_status'),
    transactionId: text('transaction_id'),
    instructions: jsonb('instructions').$type<PaymentInstructions>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when a newer attempt replaced this one: its later notifications never touch the reservation. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /** Money arrived that must go back (hold expired, booking cancelled, or paid twice). */
    refundRequired: boolean('refund_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the status page last asked the gateway about this (pending) charge. Kept in the row, not
     * in a process, so the re-check stays rare whichever API node the polling reaches.
     */
    gatewayCheckedAt: timestamp('gateway_checked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('payment_charges_reservation_attempt_uq').on(t.reservationId, t.attempt),
    index('payment_charges_reservation_idx').on(t.reservationId),
    // The QR image URL names the gateway's transaction id (as Midtrans' own does).
    index('payment_charges_transaction_idx').on(t.transactionId),
  ],
);
