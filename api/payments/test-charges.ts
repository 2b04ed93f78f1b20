import { eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentCharges } from './charge.schema.ts';

/**
 * Test helper: the reservation is paid, as the gateway's settlement leaves it: a settled charge of
 * `amount` Rupiah at `at`, and the reservation marked paid.
 */
export async function settledPayment(db: Db, input: { reservationId: number; amount: number; at: Date }) {
  const [r] = await db.select().from(reservations).where(eq(reservations.id, input.reservationId));
  if (!r) throw new Error(`no reservation ${input.reservationId}`);
  await db.insert(paymentCharges).values({
    orderId: `${r.orderId}-T${input.at.getTime()}`,
    reservationId: r.id,
    userId: r.userId,
    attempt: 1,
    channelCode: 'bca_va',
    paymentType: 'bank_transfer',
    grossAmount: input.amount,
    lang: 'id',
    gateway: 'sandbox',
    status: 'settlement',
    expiresAt: new Date(input.at.getTime() + 3_600_000),
    createdAt: input.at,
    updatedAt: input.at,
    settledAt: input.at,
  });
  await db.update(reservations).set({ paymentStatusId: PaymentStatus.paid }).where(eq(reservations.id, r.id));
}
