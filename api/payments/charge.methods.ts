import type { ChargeRequest } from '../platform/payment-gateway.ts';

// One table: each offered channel code -> how it is charged through the Core API, how long a
// charge may stay open at most, and what extra input the guest gives.
// Midtrans' Core API has no direct OVO, DANA, LinkAja or Jenius charge: those are charged as a
// QRIS code the guest scans with that app (phone or $cashtag kept for the receipt).

export type MethodInput = { tokenId?: string; phone?: string; cashtag?: string };
export type ChannelMethod = {
  /** Longest life of one charge in minutes (the hold's remaining time is the other bound). */
  maxMinutes: number;
  needs: 'none' | 'card_token' | 'phone' | 'cashtag';
  request: (
    input: MethodInput,
  ) => Pick<
    ChargeRequest,
    'payment_type' | 'bank_transfer' | 'echannel' | 'gopay' | 'shopeepay' | 'qris' | 'credit_card' | 'custom_field1'
  >;
};

export const CHANNEL_METHODS: Record<string, ChannelMethod> = {
  bca_va: {
    maxMinutes: 24 * 60,
    needs: 'none',
    request: () => ({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' } }),
  },
  bni_va: {
    maxMinutes: 24 * 60,
    needs: 'none',
    request: () => ({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bni' } }),
  },
  permata_va: {
    maxMinutes: 24 * 60,
    needs: 'none',
    request: () => ({ payment_type: 'bank_transfer', bank_transfer: { bank: 'permata' } }),
  },
  mandiri_bill: {
    maxMinutes: 24 * 60,
    needs: 'none',
    request: () => ({ payment_type: 'echannel', echannel: { bill_info1: 'Pembayaran:', bill_info2: 'Bobobox' } }),
  },
  gopay: {
    maxMinutes: 15,
    needs: 'none',
    request: () => ({ payment_type: 'gopay', gopay: { enable_callback: false } }),
  },
  shopeepay: { maxMinutes: 15, needs: 'none', request: () => ({ payment_type: 'shopeepay', shopeepay: {} }) },
  qris: { maxMinutes: 15, needs: 'none', request: () => ({ payment_type: 'qris', qris: { acquirer: 'gopay' } }) },
  shopee_qr: {
    maxMinutes: 15,
    needs: 'none',
    request: () => ({ payment_type: 'qris', qris: { acquirer: 'airpay shopee' } }),
  },
  ovo: {
    maxMinutes: 15,
    needs: 'phone',
    request: (i) => ({ payment_type: 'qris', qris: { acquirer: 'gopay' }, custom_field1: `ovo:${i.phone ?? ''}` }),
  },
  dana: {
    maxMinutes: 15,
    needs: 'phone',
    request: (i) => ({ payment_type: 'qris', qris: { acquirer: 'gopay' }, custom_field1: `dana:${i.phone ?? ''}` }),
  },
  linkaja: {
    maxMinutes: 15,
    needs: 'phone',
    request: (i) => ({ payment_type: 'qris', qris: { acquirer: 'gopay' }, custom_field1: `linkaja:${i.phone ?? ''}` }),
  },
  jenius: {
    maxMinutes: 15,
    needs: 'cashtag',
    request: (i) => ({ payment_type: 'qris', qris: { acquirer: 'gopay' }, custom_field1: `jenius:${i.cashtag ?? ''}` }),
  },
  credit_card: {
    maxMinutes: 15,
    needs: 'card_token',
    request: (i) => ({
      payment_type: 'credit_card',
      credit_card: { token_id: i.tokenId ?? '', authentication: false },
    }),
  },
};

/** E-wallet phone as typed (placeholder 08xxxxxxxxx): 08 then 8 to 11 digits. */
export const EWALLET_PHONE = /^08\d{8,11}$/;
/** Jenius $cashtag. */
export const JENIUS_CASHTAG = /^\$[A-Za-z0-9_.]{3,20}$/;
