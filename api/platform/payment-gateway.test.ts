import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classify } from '../payments/notifications.service.ts';
import {
  amountString,
  gatewayTime,
  parseAmount,
  parseGatewayTime,
  signatureMatches,
  signatureOf,
} from './payment-gateway.ts';
import { MidtransCoreApi } from '../payments/gateway/midtrans.ts';

describe('notification signature', () => {
  it('is SHA-512 of order_id + status_code + gross_amount + server key, compared in constant time', () => {
    const expected = createHash('sha512').update('ORDER-1200100000.00SB-key').digest('hex');
    expect(signatureOf('ORDER-1', '200', '100000.00', 'SB-key')).toBe(expected);
    expect(signatureMatches(expected, expected)).toBe(true);
    expect(signatureMatches(expected, expected.toUpperCase())).toBe(true);
    expect(signatureMatches(expected, `${expected.slice(0, -1)}0`)).toBe(expected.endsWith('0'));
    expect(signatureMatches(expected, 'abc')).toBe(false);
    expect(signatureMatches(expected, '')).toBe(false);
  });
});

describe('gateway statuses map to reservation statuses 1 to 5, with a rank that only grows', () => {
  it.each([
    ['pending', undefined, 'pending', 1, 1],
    ['settlement', undefined, 'settlement', 2, 2],
    ['capture', 'accept', 'capture', 2, 2],
    ['capture', 'challenge', 'pending', 1, 1],
    ['deny', undefined, 'deny', 2, 4],
    ['cancel', undefined, 'cancel', 2, 4],
    ['expire', undefined, 'expire', 2, 3],
    ['refund', undefined, 'refund', 3, 5],
  ] as const)('%s (%s) -> %s rank %i, reservation %i', (status, fraud, out, rank, reservation) => {
    expect(classify({ transaction_status: status, fraud_status: fraud })).toEqual({
      status: out,
      rank,
      reservationStatus: reservation,
    });
  });
});

describe('amounts and times', () => {
  it('writes and reads Midtrans amounts as whole Rupiah', () => {
    expect(amountString(380050)).toBe('380050.00');
    expect(parseAmount('380050.00')).toBe(380050);
    expect(parseAmount('380050')).toBe(380050);
    expect(parseAmount('380050.50')).toBeNaN();
    expect(parseAmount('-1')).toBeNaN();
  });
  it('formats custom_expiry times in WIB and reads them back', () => {
    const d = new Date('2026-03-02T03:00:00Z');
    expect(gatewayTime(d)).toBe('2026-03-02 10:00:00 +0700');
    expect(parseGatewayTime('2026-03-02 10:00:00 +0700')?.toISOString()).toBe(d.toISOString());
  });
});

describe('Midtrans adapter requests', () => {
  it('charges with Basic auth of the server key and names our notification URL', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(
        JSON.stringify({
          status_code: '201',
          order_id: 'O-1',
          gross_amount: '10000.00',
          transaction_status: 'pending',
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const api = new MidtransCoreApi({
      kind: 'midtrans',
      baseUrl: 'https://api.sandbox.midtrans.com/',
      serverKey: 'SB-Mid-server-x',
      clientKey: 'SB-Mid-client-x',
      fetch: fake,
    });
    const out = await api.charge(
      {
        payment_type: 'bank_transfer',
        bank_transfer: { bank: 'bca' },
        transaction_details: { order_id: 'O-1', gross_amount: 10_000 },
      },
      { notificationUrl: 'https://bobobox.example/api/payments/notifications' },
    );
    expect(out.status_code).toBe('201');
    expect(seen[0].url).toBe('https://api.sandbox.midtrans.com/v2/charge');
    const headers = seen[0].init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('SB-Mid-server-x:').toString('base64')}`);
    expect(headers['x-override-notification']).toBe('https://bobobox.example/api/payments/notifications');
    expect(JSON.parse(String(seen[0].init.body))).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bca' },
    });
    await api.status('O/1');
    expect(seen[1].url).toBe('https://api.sandbox.midtrans.com/v2/O%2F1/status');
    expect(
      api.verifySignature({
        order_id: 'O-1',
        status_code: '200',
        gross_amount: '10000.00',
        signature_key: signatureOf('O-1', '200', '10000.00', 'SB-Mid-server-x'),
      }),
    ).toBe(true);
    expect(
      api.verifySignature({
        order_id: 'O-1',
        status_code: '200',
        gross_amount: '10000.00',
        signature_key: signatureOf('O-1', '200', '10000.00', 'other'),
      }),
    ).toBe(false);
  });
});

describe('QR images from the gateway', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const make = (answer: () => Response) => {
    const seen: string[] = [];
    const api = new MidtransCoreApi({
      kind: 'midtrans',
      baseUrl: 'https://api.sandbox.midtrans.com',
      serverKey: 'SB-Mid-server-x',
      clientKey: 'SB-Mid-client-x',
      fetch: (async (url: string) => {
        seen.push(url);
        return answer();
      }) as unknown as typeof fetch,
    });
    return { api, seen };
  };

  it('fetches only a URL on the gateway itself (a stored URL cannot make the API fetch elsewhere)', async () => {
    const { api, seen } = make(() => new Response(png, { headers: { 'content-type': 'image/png' } }));
    const own = 'https://api.sandbox.midtrans.com/v2/qris/4f5c/qr-code';
    expect(await api.qrImage(own)).toEqual(png);
    for (const other of [
      'https://evil.example/v2/qris/4f5c/qr-code',
      'https://api.sandbox.midtrans.com.evil.example/v2/qris/x/qr-code',
      'https://api.sandbox.midtrans.com@evil.example/x',
      'http://127.0.0.1:5432/',
    ])
      await expect(api.qrImage(other)).rejects.toThrow('not on the gateway');
    expect(seen).toEqual([own]);
  });

  it('refuses an answer that is not a PNG', async () => {
    const { api } = make(() => new Response('{"status_code":"404"}', { status: 404 }));
    await expect(api.qrImage('https://api.sandbox.midtrans.com/v2/qris/x/qr-code')).rejects.toThrow('404');
  });
});
