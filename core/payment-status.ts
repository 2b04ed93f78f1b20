import type { Lang } from './locales.ts';

// A reservation's payment status (spec section 6: "1 waiting for payment, 2 paid, 3 expired, 4 payment
// cancelled, 5 refund"). The numbers are the wire and database values; code says the names.

export const PaymentStatus = { waiting: 1, paid: 2, expired: 3, cancelled: 4, refunded: 5 } as const;
export type PaymentStatusId = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatusId, Record<Lang, string>> = {
  [PaymentStatus.waiting]: { id: 'Menunggu pembayaran', en: 'Waiting for payment' },
  [PaymentStatus.paid]: { id: 'Lunas', en: 'Paid' },
  [PaymentStatus.expired]: { id: 'Kedaluwarsa', en: 'Expired' },
  [PaymentStatus.cancelled]: { id: 'Pembayaran dibatalkan', en: 'Payment cancelled' },
  [PaymentStatus.refunded]: { id: 'Dana dikembalikan', en: 'Refunded' },
};

export function paymentStatusLabel(id: number, lang: Lang): string {
  return PAYMENT_STATUS_LABELS[id as PaymentStatusId]?.[lang] ?? String(id);
}

/** Statuses whose reservation holds nights in stock (a paid stay keeps them; a waiting hold until expiry). */
export const HOLDS_NIGHTS: readonly PaymentStatusId[] = [PaymentStatus.waiting, PaymentStatus.paid];
