import { describe, expect, it } from 'vitest';
import { luhnValid, qrisString, SandboxGateway } from './sandbox-gateway.ts';

// Moved from api/payments/gateway/gateway.test.ts with the sandbox it tests.
describe('sandbox issuing', () => {
  const sandbox = new SandboxGateway({ now: () => new Date('2026-03-02T03:00:00Z') });
  const base = (order: string) => ({
    transaction_details: { order_id: order, gross_amount: 250_000 },
    custom_expiry: { order_time: '2026-03-02 10:00:00 +0700', expiry_duration: 29, unit: 'minute' as const },
  });
  it('BCA VA numbers are 11 digits; BNI and Permata 16; Mandiri gets biller code and bill key', () => {
    expect(
      sandbox.charge({ ...base('A'), payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' } }, '')
        .va_numbers?.[0].va_number,
    ).toMatch(/^\d{11}$/);
    expect(
      sandbox.charge({ ...base('B'), payment_type: 'bank_transfer', bank_transfer: { bank: 'bni' } }, '')
        .va_numbers?.[0].va_number,
    ).toMatch(/^\d{16}$/);
    expect(
      sandbox.charge({ ...base('C'), payment_type: 'bank_transfer', bank_transfer: { bank: 'permata' } }, '')
        .permata_va_number,
    ).toMatch(/^\d{16}$/);
    const m = sandbox.charge(
      { ...base('D'), payment_type: 'echannel', echannel: { bill_info1: 'a', bill_info2: 'b' } },
      '',
    );
    expect([m.biller_code, m.bill_key?.length]).toEqual(['70012', 12]);
  });
  it('honours the custom expiry and refuses a second charge for the same order id', () => {
    const t = sandbox.charge({ ...base('E'), payment_type: 'qris', qris: {} }, '');
    expect(t.expiry_time).toBe('2026-03-02 10:29:00 +0700');
    expect(sandbox.charge({ ...base('E'), payment_type: 'qris', qris: {} }, '').http).toBe(406);
  });
  it('QR strings are EMV payloads with a valid CRC-16 and the amount', () => {
    const qr = qrisString('ORDER-9', 250_000);
    expect(qr.startsWith('000201')).toBe(true);
    expect(qr).toContain('5406250000');
    expect(qr).toMatch(/6304[0-9A-F]{4}$/);
    expect(qrisString('ORDER-9', 250_000)).toBe(qr);
  });
  it('Luhn check of card numbers', () => {
    expect(luhnValid('4811111111111114')).toBe(true);
    expect(luhnValid('4811111111111112')).toBe(false);
    expect(luhnValid('12')).toBe(false);
  });
});
