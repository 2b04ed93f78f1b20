import { eq } from 'drizzle-orm';
import { jakartaDateTime } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import type { Db } from '../platform/database.ts';
import { paymentCharges } from './charge.schema.ts';
import type { ChargeRow } from './notifications.service.ts';

// What every payment family shares: a charge row re-read, and the charge as the payment screens see
// it. (The guest's own reservation is reservations.service's loadOwned.)

export async function reload(db: Db, id: number): Promise<ChargeRow> {
  const [c] = await db.select().from(paymentCharges).where(eq(paymentCharges.id, id)).limit(1);
  return c;
}

/** The charge as the payment screens see it. */
export function chargeView(c: ChargeRow) {
  return {
    order_id: c.orderId,
    attempt: c.attempt,
    channel_code: c.channelCode,
    payment_type: c.paymentType,
    gross_amount: c.grossAmount,
    gross_amount_label: formatRupiah(c.grossAmount),
    points_used: c.pointsUsed,
    status: c.status,
    expires_at: c.expiresAt.toISOString(),
    expired_datetime: jakartaDateTime(c.expiresAt),
    bank: c.instructions.bank ?? null,
    va_number: c.instructions.vaNumber ?? null,
    bill_key: c.instructions.billKey ?? null,
    biller_code: c.instructions.billerCode ?? null,
    qr_string: c.instructions.qrString ?? null,
    deeplink_url: c.instructions.deeplinkUrl ?? null,
    // The gateway's QR image, served through this API (same origin, no key): see qrImage.
    qr_image_url:
      c.instructions.qrImageUrl && c.transactionId
        ? `/api/payments/qr-code?transaction_id=${encodeURIComponent(c.transactionId)}`
        : null,
    masked_card: c.instructions.maskedCard ?? null,
    refund_required: c.refundRequired,
  };
}
