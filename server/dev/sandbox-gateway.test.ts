import midtransClient from 'midtrans-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayTransaction } from '../../api/platform/payment-gateway.ts';
import { signatureOf } from '../../api/platform/payment-gateway.ts';
import {
  luhnValid,
  qrisString,
  SANDBOX_CLIENT_KEY,
  SANDBOX_MERCHANT_ID,
  SANDBOX_SERVER_KEY,
  SandboxGateway,
} from './sandbox-gateway.ts';

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
    expect(t.expiry_time).toBe('2026-03-02 10:29:00'); // Midtrans' format: Jakarta time, no offset
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

// The sandbox speaks Midtrans' Core API: Midtrans' own Node client (midtrans-client, as a merchant
// would use it against api.sandbox.midtrans.com) drives it from charge to settlement over HTTP.
describe('through the official midtrans-client', () => {
  const START = new Date('2026-11-26T03:15:30Z'); // 10:15:30 in Jakarta
  const clock = { now: START };
  let sandbox: SandboxGateway;
  let server: { baseUrl: string; close(): Promise<void> };
  let core: InstanceType<typeof midtransClient.CoreApi>;
  const notified: GatewayTransaction[] = [];

  beforeAll(async () => {
    sandbox = new SandboxGateway({
      now: () => clock.now,
      notify: async (_url, body) => {
        notified.push(body);
        return 200;
      },
    });
    server = await sandbox.listen();
    core = new midtransClient.CoreApi({
      isProduction: false,
      serverKey: SANDBOX_SERVER_KEY,
      clientKey: SANDBOX_CLIENT_KEY,
    });
    // The client reads its base URL from its config (https://api.sandbox.midtrans.com when not in
    // production); this instance is pointed at the sandbox's loopback port instead.
    expect(core.apiConfig.getCoreApiBaseUrl()).toBe('https://api.sandbox.midtrans.com');
    core.apiConfig.getCoreApiBaseUrl = () => server.baseUrl;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    clock.now = START;
  });

  const order = (n: string) => ({
    transaction_details: { order_id: `BBX-CLIENT-${n}`, gross_amount: 703_900 },
    custom_expiry: { order_time: '2026-11-26 10:15:30 +0700', expiry_duration: 60, unit: 'minute' },
  });
  const settle = (id: string) => sandbox.act(id, 'pay');

  it('a BCA transfer: created (201), found by order id and by transaction id, then settled and notified', async () => {
    const created = await core.charge({
      ...order('VA'),
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'bca' },
    });
    expect(created).toMatchObject({
      status_code: '201',
      status_message: 'Success, Bank Transfer transaction is created',
      merchant_id: SANDBOX_MERCHANT_ID,
      order_id: 'BBX-CLIENT-VA',
      gross_amount: '703900.00',
      currency: 'IDR',
      payment_type: 'bank_transfer',
      transaction_status: 'pending',
      fraud_status: 'accept',
      transaction_time: '2026-11-26 10:15:30',
      expiry_time: '2026-11-26 11:15:30',
      va_numbers: [{ bank: 'bca', va_number: expect.stringMatching(/^\d{11}$/) }],
    });
    expect(created.transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).not.toHaveProperty('settlement_time');
    expect(created).not.toHaveProperty('payment_amounts');

    const byOrder = await core.transaction.status('BBX-CLIENT-VA');
    const byId = await core.transaction.status(String(created.transaction_id));
    expect(byOrder).toMatchObject({
      status_code: '201',
      status_message: 'Success, transaction is found',
      transaction_id: created.transaction_id,
      transaction_status: 'pending',
    });
    expect(byId).toEqual(byOrder);

    clock.now = new Date('2026-11-26T03:20:00Z');
    expect(await settle('BBX-CLIENT-VA')).toEqual({ ok: true, httpStatus: 200 });
    const body = notified.at(-1)!;
    expect(body).toMatchObject({
      status_code: '200',
      status_message: 'midtrans payment notification',
      transaction_status: 'settlement',
      settlement_time: '2026-11-26 10:20:00',
      signature_key: signatureOf('BBX-CLIENT-VA', '200', '703900.00', SANDBOX_SERVER_KEY),
    });
    // The client's notification(): the body's transaction_id, checked against the status API.
    const checked = await core.transaction.notification(body as unknown as Record<string, unknown>);
    expect(checked).toMatchObject({
      status_code: '200',
      status_message: 'Success, transaction is found',
      transaction_status: 'settlement',
      fraud_status: 'accept',
      settlement_time: '2026-11-26 10:20:00',
      payment_amounts: [{ paid_at: '2026-11-26 10:20:00', amount: '703900.00' }],
      gross_amount: '703900.00',
      currency: 'IDR',
      merchant_id: SANDBOX_MERCHANT_ID,
    });
    expect(await core.transaction.notification(JSON.stringify(body))).toEqual(checked);
  });

  it('QRIS and GoPay answers carry absolute action URLs; the generate-qr-code URL answers a PNG of the QR string', async () => {
    const qris = await core.charge({ ...order('QRIS'), payment_type: 'qris', qris: { acquirer: 'gopay' } });
    expect(qris).toMatchObject({
      status_code: '201',
      status_message: 'QRIS transaction is created',
      acquirer: 'gopay',
      qr_string: expect.stringMatching(/^000201.*6304[0-9A-F]{4}$/),
    });
    const gopay = await core.charge({ ...order('GOPAY'), payment_type: 'gopay', gopay: { enable_callback: false } });
    expect(gopay).toMatchObject({ status_code: '201', status_message: 'GoPay transaction is created' });
    type Action = { name: string; method: string; url: string };
    const actions = gopay.actions as Action[];
    expect(actions.map((a) => [a.name, a.method])).toEqual([
      ['generate-qr-code', 'GET'],
      ['deeplink-redirect', 'GET'],
      ['get-status', 'GET'],
      ['cancel', 'POST'],
    ]);
    for (const a of [...actions, ...(qris.actions as Action[])]) expect(new URL(a.url).protocol).toMatch(/^https?:$/);
    expect(actions[2].url).toBe(`${server.baseUrl}/v2/${String(gopay.transaction_id)}/status`);

    for (const t of [qris, gopay]) {
      const url = (t.actions as Action[]).find((a) => a.name === 'generate-qr-code')!.url;
      expect(url.startsWith(`${server.baseUrl}/v2/`)).toBe(true);
      const res = await fetch(url); // no server key: the browser loads it, as from Midtrans
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(200); // IHDR width
    }
    expect((await fetch(`${server.baseUrl}/v2/qris/not-a-transaction/qr-code`)).status).toBe(404);

    // The status URL of the actions is the client's own status call.
    const res = await fetch(actions[2].url, {
      headers: { authorization: `Basic ${Buffer.from(`${SANDBOX_SERVER_KEY}:`).toString('base64')}` },
    });
    expect(await res.json()).toMatchObject({ order_id: 'BBX-CLIENT-GOPAY', transaction_status: 'pending' });
  });

  it('an unknown order is 404 "Transaction doesn\'t exist."; a wrong server key is refused', async () => {
    const missing = await core.transaction.status('BBX-CLIENT-NOPE').then(
      () => null,
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(midtransClient.MidtransError);
    const err = missing as InstanceType<typeof midtransClient.MidtransError>;
    expect(err.httpStatusCode).toBe(404);
    expect(err.ApiResponse).toMatchObject({ status_code: '404', status_message: "Transaction doesn't exist." });

    const stranger = new midtransClient.CoreApi({ isProduction: false, serverKey: 'SB-Mid-server-wrong' });
    stranger.apiConfig.getCoreApiBaseUrl = () => server.baseUrl;
    const refused = await stranger.transaction.status('BBX-CLIENT-VA').catch((e: unknown) => e);
    expect((refused as InstanceType<typeof midtransClient.MidtransError>).httpStatusCode).toBe(401);
  });

  it('a charge paid without a notification is seen only through the status API; an expired one reports 407', async () => {
    const sent = notified.length;
    await core.charge({ ...order('SILENT'), payment_type: 'echannel', echannel: { bill_info1: 'a', bill_info2: 'b' } });
    expect(await sandbox.act('BBX-CLIENT-SILENT', 'pay-silent')).toEqual({ ok: true });
    expect(notified.length).toBe(sent);
    expect(await core.transaction.status('BBX-CLIENT-SILENT')).toMatchObject({
      transaction_status: 'settlement',
      biller_code: '70012',
    });

    await core.charge({ ...order('LATE'), payment_type: 'bank_transfer', bank_transfer: { bank: 'bni' } });
    clock.now = new Date('2026-11-26T05:00:00Z'); // past the 60-minute expiry
    // Midtrans answers an expired transaction with status_code 407, which the client accepts.
    expect(await core.transaction.status('BBX-CLIENT-LATE')).toMatchObject({
      status_code: '407',
      status_message: 'Success, transaction is found',
      transaction_status: 'expire',
    });
  });

  it('a transaction is cancelled through the client', async () => {
    await core.charge({ ...order('CANCEL'), payment_type: 'bank_transfer', bank_transfer: { bank: 'permata' } });
    expect(await core.transaction.cancel('BBX-CLIENT-CANCEL')).toMatchObject({
      status_code: '200',
      status_message: 'Success, transaction is canceled',
      transaction_status: 'cancel',
    });
  });
});
