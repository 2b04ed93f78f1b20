import { createHash, timingSafeEqual } from 'node:crypto';
import { jakartaDateTime } from '../../core/dates.ts';

// The payment-provider interface. Shapes follow the Midtrans Core API (v2), which both the real
// adapter and the embedded sandbox speak, so the rest of the code knows one vocabulary.

export type MidtransPaymentType =
  'bank_transfer' | 'echannel' | 'permata' | 'gopay' | 'shopeepay' | 'qris' | 'credit_card';
export type TransactionStatus =
  'pending' | 'settlement' | 'capture' | 'deny' | 'cancel' | 'expire' | 'refund' | 'partial_refund' | 'authorize';

export type ChargeRequest = {
  payment_type: MidtransPaymentType;
  transaction_details: { order_id: string; gross_amount: number };
  customer_details?: { first_name?: string; email?: string; phone?: string };
  item_details?: { id: string; price: number; quantity: number; name: string }[];
  /** Shorter than the reservation hold, so a payment can never outlive the nights it pays for. */
  custom_expiry?: { order_time: string; expiry_duration: number; unit: 'minute' };
  bank_transfer?: { bank: 'bca' | 'bni' | 'permata'; va_number?: string };
  echannel?: { bill_info1: string; bill_info2: string };
  gopay?: { enable_callback?: boolean; callback_url?: string };
  shopeepay?: { callback_url?: string };
  qris?: { acquirer?: 'gopay' | 'airpay shopee' };
  credit_card?: { token_id: string; authentication?: boolean };
  custom_field1?: string;
};

/** A transaction as the gateway reports it (charge, status, cancel and notification bodies). */
export type GatewayTransaction = {
  status_code: string;
  status_message?: string;
  transaction_id?: string;
  merchant_id?: string;
  order_id: string;
  gross_amount: string;
  currency?: string;
  payment_type?: string;
  transaction_time?: string;
  transaction_status?: TransactionStatus;
  fraud_status?: string;
  expiry_time?: string;
  /** Set once the money arrived (settlement), Midtrans time format. */
  settlement_time?: string;
  /** What was paid and when (bank transfers may arrive in parts). */
  payment_amounts?: { paid_at: string; amount: string }[];
  acquirer?: string;
  va_numbers?: { bank: string; va_number: string }[];
  permata_va_number?: string;
  bill_key?: string;
  biller_code?: string;
  qr_string?: string;
  actions?: { name: string; method: string; url: string }[];
  redirect_url?: string;
  masked_card?: string;
  signature_key?: string;
};

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'midtrans';
  /** Public key the browser uses to tokenise a card. */
  readonly clientKey: string;
  /** Where the browser sends card data for a token (never our API). */
  readonly tokenUrl: string;
  charge(request: ChargeRequest, opts: { notificationUrl: string }): Promise<GatewayTransaction>;
  /** GET /v2/{order_id}/status: the source of truth a notification is re-checked against. Null when unknown. */
  status(orderId: string): Promise<GatewayTransaction | null>;
  cancel(orderId: string): Promise<GatewayTransaction | null>;
  /**
   * The PNG behind a `generate-qr-code` action URL this gateway issued (refused for any other URL,
   * so a stored URL can never make the API fetch elsewhere).
   */
  qrImage(url: string): Promise<Uint8Array<ArrayBuffer>>;
  /** SHA-512 signature check of a notification, in constant time. */
  verifySignature(body: {
    order_id: string;
    status_code: string;
    gross_amount: string;
    signature_key: string;
  }): boolean;
}

export function signatureOf(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');
}

/** Compare two hex signatures in constant time (a length mismatch is a plain false). */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(String(givenHex).toLowerCase(), 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(a, a); // keep the timing of the mismatch path similar
    return false;
  }
  return timingSafeEqual(a, b);
}

/** Midtrans writes amounts as "44000.00". */
export const amountString = (rupiah: number) => `${Math.trunc(rupiah)}.00`;

/** Parse "44000.00" back to integer Rupiah; NaN for anything that is not a whole amount. */
export function parseAmount(value: unknown): number {
  const s = String(value ?? '');
  if (!/^\d{1,12}(\.00?)?$/.test(s)) return Number.NaN;
  return Number(s.split('.')[0]);
}

/** 'YYYY-MM-DD HH:mm:ss +0700', the time format of a charge request's custom_expiry.order_time. */
// Midtrans writes the times of its answers (transaction_time, expiry_time, settlement_time, paid_at)
// as Jakarta time without an offset: core/dates.ts's jakartaDateTime.
export function gatewayTime(d: Date): string {
  return `${jakartaDateTime(d)} +0700`;
}

export function parseGatewayTime(s: string | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?: ([+-]\d{2})(\d{2}))?$/.exec(s);
  if (!m) return null;
  const offset = m[3] ? `${m[3]}:${m[4]}` : '+07:00';
  const d = new Date(`${m[1]}T${m[2]}${offset}`);
  return Number.isNaN(d.getTime()) ? null : d;
}
