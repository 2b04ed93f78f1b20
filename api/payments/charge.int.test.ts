import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { TEST_NOW } from '../db/test-booking.ts';
import { startOutboxSender } from '../outbox/outbox.sender.ts';
import { bobopointAccounts } from '../points/points.schema.ts';
import { bobopointLedger } from '../points/points.schema.ts';
import { activateDuePoints, grantWelcomePoints } from '../points/points.jobs.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentChannels } from '../pricing/channels.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import {
  listSinkMessages,
  paymentSimulatorEnabled,
  startGateway,
  withDevTools,
} from '../../tests/helpers/dev-tools.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';
import { CARBON_OFFSET_PACKAGE } from '../seed/seed-data.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { textPaymentLines } from './test-money.ts';

let t: Awaited<ReturnType<typeof paymentTestApp>>;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(async () => {
  await t.active.close();
  await t.deps.database.close();
});
afterEach(() => t.setNow(TEST_NOW));
// Tests own their data: each books as a guest of its own (at most three unpaid holds per account).
beforeEach(async () => t.useNewGuest());

const reservation = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const CHARGE =
  'mutation P($input: PaymentChargeInput!) { PaymentCharge(input: $input) { code message data { order_id va_number qr_string status gross_amount } } }';
const PENDING =
  'query Q($input: PaymentPendingInput!) { PaymentPending(input: $input) { result payment_status charge { order_id status qr_string } } }';

describe('payment channels', () => {
  it('name the card channel in the guest language (brands stay as they are)', async () => {
    const en = await t.call('GET', '/api/clients/v1/payment', { lang: 'en' });
    const id = await t.call('GET', '/api/clients/v1/payment', { lang: 'id' });
    const card = (r: typeof en) =>
      (r.data.data as { code: string; name: string }[]).find((c) => c.code === 'credit_card')!;
    expect(card(en).name).toBe('Credit/debit card (Visa, Mastercard, JCB, Amex)');
    expect(card(id).name).toBe('Kartu kredit/debit (Visa, Mastercard, JCB, Amex)');
    const bca = (r: typeof en) => (r.data.data as { code: string; name: string }[]).find((c) => c.code === 'bca_va')!;
    expect(bca(en).name).toBe(bca(id).name);
  });
});

describe('PaymentCharge rules', () => {
  it('needs the terms checkbox (422, both languages) and never creates a charge without it', async () => {
    const r = await t.book();
    const en = await t.charge(r.id, 'bca_va', { terms_accepted: false });
    expect(en.status).toBe(422);
    expect(en.data).toMatchObject({
      code: 'terms_required',
      message: 'Please agree to the terms and conditions before paying.',
    });
    const id = await t.charge(r.id, 'bca_va', { terms_accepted: false }, { lang: 'id' });
    expect(id.data.message).toBe('Centang dulu persetujuan syarat dan ketentuan sebelum membayar ya.');
    expect(await t.db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, r.id))).toHaveLength(0);
  });

  it('over GraphQL: code 200 with a QRIS string; PaymentPending reports it pending', async () => {
    const r = await t.book();
    const res = await t.gql('secure', CHARGE, {
      input: { reservation_id: r.id, payment_channel_code: 'qris', terms_accepted: true },
    });
    const out = res.data.data.PaymentCharge;
    expect(out.code).toBe(200);
    expect(out.data.qr_string).toMatch(/^000201/);
    const p = await t.gql('secure', PENDING, { input: { reservation_id: r.id } });
    expect(p.data.data.PaymentPending).toMatchObject({
      result: 'pending',
      payment_status: 1,
      charge: { order_id: out.data.order_id, status: 'pending' },
    });
  });

  it('a voucher the method does not support is refused with the spec text', async () => {
    const r = await t.book();
    const upd = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: r.id, isUsePromo: true, promoCode: 'STAYLAGI25', paymentChannelCode: 'bca_va' },
    });
    expect(upd.status).toBe(200);
    const en = await t.charge(r.id, 'gopay');
    expect(en.data).toMatchObject({
      code: 'voucher_payment_method',
      message: "Promo can't be applied for the selected payment method",
    });
    const id = await t.charge(r.id, 'gopay', {}, { lang: 'id' });
    expect(id.data.message).toBe('Voucher tidak bisa dipakai jika menggunakan metode pembayaran ini');
    expect((await t.charge(r.id, 'bca_va')).data.code).toBe(200);
  });

  it('the minimum-amount notice names the total; channel 12 and inactive channels are refused', async () => {
    const r = await t.book();
    await t.db.update(paymentChannels).set({ minAmount: 50_000_000 }).where(eq(paymentChannels.code, 'bni_va'));
    try {
      const res = await t.charge(r.id, 'bni_va');
      expect(res.data.code).toBe('minimum_amount');
      expect(res.data.message).toContain(`Rp ${String(res.data.details.total).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`);
      expect(res.data.message).toContain('choose from the available payment methods');
    } finally {
      await t.db.update(paymentChannels).set({ minAmount: 10_000 }).where(eq(paymentChannels.code, 'bni_va'));
    }
    expect((await t.charge(r.id, 'internal_settlement')).data.code).toBe('payment_channel_unavailable');
    expect((await t.charge(r.id, 'bri_va')).data.code).toBe('payment_channel_unavailable');
  });

  it('e-wallet phone 08xxxxxxxxx and the Jenius cashtag are checked', async () => {
    const r = await t.book();
    expect((await t.charge(r.id, 'ovo', { phone: '8123' })).data.code).toBe('ewallet_phone_invalid');
    expect((await t.charge(r.id, 'jenius', { cashtag: 'bobo' })).data.code).toBe('jenius_cashtag_invalid');
    expect((await t.charge(r.id, 'ovo', { phone: '081234567890' })).data.code).toBe(200);
    expect((await t.charge(r.id, 'jenius', { cashtag: '$bobotraveler' })).data.code).toBe(200);
  });

  it('each attempt has its own order id; a new attempt cancels the previous pending one, whose cancel does not touch the booking', async () => {
    const r = await t.book();
    const a = (await t.charge(r.id, 'bca_va')).data.data;
    const b = (await t.charge(r.id, 'qris')).data.data;
    expect(a.order_id).toBe(`${r.order_id}-P1`);
    expect(b.order_id).toBe(`${r.order_id}-P2`);
    expect(t.sandbox.get(a.order_id)?.transaction_status).toBe('cancel');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the sandbox's cancel notification is fire-and-forget
    const rows = await t.db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, r.id));
    expect(rows.find((x) => x.orderId === a.order_id)).toMatchObject({ status: 'cancel' });
    expect(rows.find((x) => x.orderId === a.order_id)?.supersededAt).not.toBeNull();
    expect((await reservation(r.id)).paymentStatusId).toBe(1);
    expect((await t.status(r.id)).charge.order_id).toBe(b.order_id);
    expect((await t.sandbox.act(b.order_id, 'pay')).ok).toBe(true);
    expect((await reservation(r.id)).paymentStatusId).toBe(2);
  });

  it('a charge left to expire: the booking goes to 3, its nights go back, the status is failed', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'qris')).data.data;
    // Nobody pays: 16 minutes later the gateway's QR has expired (15-minute e-wallet/QR window).
    t.setNow(new Date(TEST_NOW.getTime() + 16 * 60_000));
    const s = await t.status(r.id);
    expect(s).toMatchObject({
      result: 'failed',
      payment_status: 3,
      charge: { order_id: c.order_id, status: 'expire' },
    });
  });

  it('cards: the browser tokenises at the gateway (the simulator token URL); a good card captures at once, a declined card fails the attempt only', async () => {
    const cfg = await t.call('GET', '/api/payments/config');
    expect(cfg.data.data).toMatchObject({ gateway: 'sandbox', token_url: '/dev/payment-simulator/v2/token/' });
    const sim = t.dev;
    const token = async (card: string) =>
      (await (
        await sim.request(
          `/dev/payment-simulator/v2/token/?client_key=${cfg.data.data.client_key}&card_number=${card}&card_exp_month=12&card_exp_year=2030&card_cvv=123`,
        )
      ).json()) as { status_code: string; token_id?: string };
    expect((await token('4811111111111112')).status_code).toBe('400'); // Luhn
    const good = await token('4811111111111114');
    expect(good.status_code).toBe('200');
    expect(good.token_id).not.toContain('4811111111111114');
    const r = await t.book();
    const res = await t.charge(r.id, 'credit_card', { token_id: good.token_id });
    expect(res.data.code).toBe(200);
    expect((await reservation(r.id)).paymentStatusId).toBe(2);
    const r2 = await t.book();
    const bad = await t.charge(r2.id, 'credit_card', { token_id: (await token('4911111111111113')).token_id });
    expect(bad.data.code).toBe('charge_failed');
    expect(bad.data.message).toContain('Deny by Bank');
    // Declined at once: that attempt failed, the booking still waits so the guest can try another card.
    expect((await reservation(r2.id)).paymentStatusId).toBe(1);
    expect((await t.db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, r2.id)))[0].status).toBe(
      'failed',
    );
  });
});

describe('Bobopoints on a booking', () => {
  it('new users start with 15,000; redeeming 10,000 lowers the charge, is taken at settlement, and earns no stay points', async () => {
    const user = await t.newUser();
    // The welcome rule runs on the job queue (api/jobs/account-jobs.ts), not when points are read.
    await grantWelcomePoints(t.db, TEST_NOW);
    const points = await t.call('GET', '/api/clients/v1/points', { token: user.userToken });
    expect(points.data.data).toMatchObject({ total: 15_000, worth_label: 'Rp 15.000' });
    const r = await t.book({ token: user.userToken });
    const bad = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: user.userToken,
      lang: 'id',
      json: { reservationId: r.id, isUseGiftCertificate: true, giftCertificate: 20_000, paymentChannelCode: 'bca_va' },
    });
    expect(bad.status).toBe(422);
    expect(bad.data.message).toBe('Gagal menggunakan Bobopoint: Kamu tidak memiliki total Bobopoint yang cukup');
    const step = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: user.userToken,
      json: { reservationId: r.id, isUseGiftCertificate: true, giftCertificate: 7_000, paymentChannelCode: 'bca_va' },
    });
    expect(step.status).toBe(422);
    const full = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data.gross_amount;
    const ok = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: user.userToken,
      json: { reservationId: r.id, isUseGiftCertificate: true, giftCertificate: 10_000, paymentChannelCode: 'bca_va' },
    });
    expect(ok.status).toBe(200);
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data;
    expect(c.gross_amount).toBe(full - 10_000);
    expect((await t.sandbox.act(c.order_id, 'pay')).ok).toBe(true);
    expect(
      (await t.db.select().from(bobopointAccounts).where(eq(bobopointAccounts.userId, user.userId!)))[0].balance,
    ).toBe(5_000);
    const ledger = await t.db.select().from(bobopointLedger).where(eq(bobopointLedger.reservationId, r.id));
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([['redeem', -10_000]]);
    const detail = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${r.id}`, {
      token: user.userToken,
    });
    expect(detail.status).toBe(200);
    expect(detail.data.data.priceBreakdown.bobopoint_value).toBe(10_000);
  });

  it('pending stay points become active on the check-out date', async () => {
    const user = await t.newUser();
    await grantWelcomePoints(t.db, TEST_NOW);
    const r = await t.book({ token: user.userToken });
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken })).data.data;
    await t.sandbox.act(c.order_id, 'pay');
    const before = (await t.call('GET', '/api/clients/v1/points', { token: user.userToken })).data.data;
    expect(before.total).toBe(15_000);
    expect(before.pending.map((p: { amount: number }) => p.amount)).toEqual([15_000]);
    t.setNow(new Date('2026-03-14T06:00:00Z'));
    // Activation is the points.activate job's (api/jobs/account-jobs.ts), not a side effect of reading.
    await activateDuePoints(t.db, new Date('2026-03-14T06:00:00Z'));
    const after = (await t.call('GET', '/api/v1/status/active', { token: user.userToken })).data.data;
    expect(after.total).toBe(30_000);
  });
});

describe('gateway selection and the simulator', () => {
  it('without Midtrans keys: the sandbox is active and /dev/payment-simulator/ lists charges with their VA numbers', async () => {
    expect(paymentSimulatorEnabled(t.deps.env)).toBe(true);
    const r = await t.book();
    const c = (await t.charge(r.id, 'bca_va')).data.data;
    const page = await t.dev.request(`/dev/payment-simulator/?q=${c.va_number}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(c.va_number);
    expect(html).toContain(`/dev/payment-simulator/${c.order_id}/pay/`);
  });

  it('with Midtrans keys: the adapter talks to Midtrans and the simulator does not exist', async () => {
    const keyed = await testDeps({
      MIDTRANS_SERVER_KEY: 'SB-Mid-server-abcdefgh',
      MIDTRANS_CLIENT_KEY: 'SB-Mid-client-abcdefgh',
    });
    try {
      expect(paymentSimulatorEnabled(keyed.deps.env)).toBe(false);
      const active = await startGateway(keyed.deps);
      expect(active.sandbox).toBeNull();
      expect(active.gateway.kind).toBe('midtrans');
      expect(active.gateway.tokenUrl).toBe('https://api.sandbox.midtrans.com/v2/token');
      const dev = await withDevTools(keyed.deps);
      expect((await dev.app.request('/dev/payment-simulator/')).status).toBe(404);
      const app = createApp(keyed.deps);
      expect((await app.request('/api/dev/payment-simulator/')).status).toBe(404);
      await dev.close();
    } finally {
      await keyed.deps.database.close();
    }
  });
});

describe('the QR image of a QRIS or GoPay charge', () => {
  it("is the gateway's generate-qr-code image, served on our origin while the charge is payable", async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'gopay')).data.data;
    expect(c.qr_image_url).toMatch(/^\/api\/payments\/qr-code\?transaction_id=[0-9a-f-]{36}$/);
    const transactionId = c.qr_image_url.split('=').at(-1);
    // The gateway's own action URL (absolute, on the gateway) is kept, not shown.
    expect(t.sandbox.get(c.order_id)?.actions?.[0]).toMatchObject({
      name: 'generate-qr-code',
      url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/v2/gopay/${transactionId}/qr-code$`)),
    });
    const img = await t.app.request(c.qr_image_url); // an <img> sends no token
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await img.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await t.status(r.id)).charge.qr_image_url).toBe(c.qr_image_url);

    const qr = (id: string) => t.app.request(`/api/payments/qr-code?transaction_id=${encodeURIComponent(id)}`);
    expect((await qr('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await qr('../../etc/passwd')).status).toBe(422);
    expect((await t.app.request('/api/payments/qr-code')).status).toBe(422);
    await t.sandbox.act(c.order_id, 'pay');
    expect((await t.app.request(c.qr_image_url)).status).toBe(404); // paid: nothing to scan any more
  });

  it('a virtual account has none', async () => {
    const r = await t.book();
    expect((await t.charge(r.id, 'bca_va')).data.data.qr_image_url).toBeNull();
  });
});

describe('confirmation e-mail through the outbox', () => {
  it('lists room, voucher, tax, service, insurance, carbon offset, points and fee, adding up to the total charged', async () => {
    const user = await t.newUser();
    // A new user's 15.000 welcome points come from the welcome job (api/jobs/account-jobs.ts).
    await grantWelcomePoints(t.db, TEST_NOW);
    expect((await t.call('GET', '/api/clients/v1/points', { token: user.userToken })).data.data.total).toBe(15_000);
    const r = await t.book({ token: user.userToken });
    const upd = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: user.userToken,
      json: {
        reservationId: r.id,
        isUseAddon: true,
        ancillaryPackageUUIDs: [CARBON_OFFSET_PACKAGE.uuid],
        isUsePromo: true,
        promoCode: 'STAYLAGI25',
        isUseGiftCertificate: true,
        giftCertificate: 10_000,
        paymentChannelCode: 'bca_va',
      },
    });
    expect(upd.status, JSON.stringify(upd.data)).toBe(200);
    const c = (await t.charge(r.id, 'bca_va', {}, { token: user.userToken, lang: 'en' })).data.data;
    expect((await t.sandbox.act(c.order_id, 'pay')).ok).toBe(true);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, (await reservation(r.id)).guestEmail));
    const { lines, total } = textPaymentLines(mail.text, 'Payment');
    expect(total).toEqual({ label: 'Total paid', amount: c.gross_amount });
    expect(lines.map((l) => l.label)).toEqual([
      'Room',
      'Voucher',
      'Tax (10%)',
      'Service fee (5%)',
      'Travel insurance',
      'Carbon offset',
      'Bobopoints',
      ...(lines.some((l) => l.label === 'Payment fee') ? ['Payment fee'] : []),
    ]);
    expect(lines.find((l) => l.label === 'Bobopoints')?.amount).toBe(-10_000);
    expect(lines.find((l) => l.label === 'Voucher')!.amount).toBeLessThan(0);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(c.gross_amount);
  });

  it('goes over SMTP into the sink with its QR image and .ics attachment, in English for an English guest', async () => {
    const sender = await startOutboxSender(t.deps);
    try {
      const r = await t.book();
      const c = (await t.charge(r.id, 'bca_va', {}, { lang: 'en' })).data.data;
      await t.sandbox.act(c.order_id, 'pay');
      await sender.flush();
      const guest = (await reservation(r.id)).guestEmail;
      const [mail] = (await listSinkMessages(t.deps)).filter(
        (m) => m.to === guest && m.subject === `Booking confirmed: ${r.order_id}`,
      );
      expect(mail.text).toContain("Bob can't wait to see you!");
      expect(mail.text).toContain(r.order_id);
      const files = mail.attachments.map((a) => [a.filename, a.contentType]);
      expect(files).toEqual(
        expect.arrayContaining([
          [`bobobox-${r.order_id}.png`, 'image/png'],
          [`bobobox-${r.order_id}.ics`, 'text/calendar'],
        ]),
      );
      const png = Buffer.from(mail.attachments.find((a) => a.contentType === 'image/png')!.content, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const ics = Buffer.from(
        mail.attachments.find((a) => a.contentType === 'text/calendar')!.content,
        'base64',
      ).toString();
      expect(ics).toContain(`UID:${r.order_id}@bobobox`);
    } finally {
      await sender.stop();
    }
  });
});
