import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import { jakartaDateTime } from '../../core/dates.ts';
import type { ChargeRequest, GatewayTransaction, TransactionStatus } from '../../api/platform/payment-gateway.ts';
import { amountString, parseGatewayTime, signatureOf } from '../../api/platform/payment-gateway.ts';
import { MidtransCoreApi } from '../../api/payments/gateway/midtrans.ts';

/** Where the browser tokenises cards while the sandbox is active (served by the simulator routes). */
export const SANDBOX_TOKEN_PATH = '/dev/payment-simulator/v2/token/';

// EMBEDDED DEVELOPMENT DEFAULTS: the sandbox's own keys. Public, only valid against the loopback sandbox.
export const SANDBOX_SERVER_KEY = 'SB-dev-embedded-server-key-not-secret';
export const SANDBOX_CLIENT_KEY = 'SB-dev-embedded-client-key-public';
/** The merchant the sandbox answers for (Midtrans merchant ids are a G and nine digits). */
export const SANDBOX_MERCHANT_ID = 'G000000001';

/** Midtrans' own wording of a created charge, per payment type. */
const CREATED_MESSAGE: Record<string, string> = {
  bank_transfer: 'Success, Bank Transfer transaction is created',
  permata: 'Success, PERMATA VA transaction is successful',
  echannel: 'OK, Mandiri Bill transaction is successful',
  gopay: 'GoPay transaction is created',
  shopeepay: 'ShopeePay transaction is created',
  qris: 'QRIS transaction is created',
};
const FOUND = 'Success, transaction is found';
const NOT_FOUND = "Transaction doesn't exist.";

/** Midtrans' status codes per transaction status. */
const STATUS_CODE: Record<string, string> = {
  pending: '201',
  settlement: '200',
  capture: '200',
  cancel: '200',
  refund: '200',
  deny: '202',
  expire: '407',
};

export type SandboxTransaction = GatewayTransaction & {
  transaction_status: TransactionStatus;
  notificationUrl: string;
  channel?: string;
  /** The order the sandbox received the charge at (for the simulator listing). */
  seq: number;
};

/** A transaction as it goes over the wire: without the sandbox's own bookkeeping. */
function wire(t: SandboxTransaction, statusMessage: string): GatewayTransaction {
  const { notificationUrl: _u, channel: _c, seq: _s, ...out } = t;
  return { ...out, status_message: statusMessage };
}

/** The simulator's actions: what a bank or an e-wallet app would do to a charge. */
export type SandboxAction = 'pay' | 'pay-silent' | 'deny' | 'expire' | 'refund' | 'resend';

type Notify = (url: string, body: GatewayTransaction) => Promise<number>;

const defaultNotify: Notify = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return res.status;
};

/** CRC-16/CCITT-FALSE, the checksum that ends every EMV (QRIS) payload. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A dynamic QRIS payload (EMVCo merchant-presented QR) for the amount. */
export function qrisString(orderId: string, amount: number): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'ID.CO.QRIS.WWW') + tlv('01', '936009140000000000') + tlv('02', 'BOBOSANDBOX')) +
    tlv('52', '7011') +
    tlv('53', '360') +
    tlv('54', String(amount)) +
    tlv('58', 'ID') +
    tlv('59', 'BOBOBOX SANDBOX') +
    tlv('60', 'JAKARTA') +
    tlv('62', tlv('01', orderId.slice(-25)));
  const withCrc = `${body}6304`;
  return withCrc + crc16(withCrc);
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/** Luhn check of a card number (the sandbox refuses numbers that are not card-shaped). */
export function luhnValid(number: string): boolean {
  if (!/^\d{13,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The embedded sandbox gateway: an in-memory Midtrans look-alike served over HTTP on loopback. It
 * issues VA numbers (BCA 11 digits), Mandiri bill keys, QR strings and card tokens, and lets the
 * simulator pay, fail or expire a charge, sending the same signed notification Midtrans would.
 * Development only: its state lives in this process.
 */
export class SandboxGateway {
  readonly serverKey = SANDBOX_SERVER_KEY;
  readonly clientKey = SANDBOX_CLIENT_KEY;
  private readonly txns = new Map<string, SandboxTransaction>();
  /** transaction_id -> order_id: Midtrans answers its status API for either. */
  private readonly byTransactionId = new Map<string, string>();
  private readonly tokens = new Map<string, { last4: string; decline: boolean }>();
  private seq = 0;
  private readonly now: () => Date;
  notify: Notify;
  /** Every notification sent, with the handler's HTTP answer (shown on the simulator page). */
  readonly sent: { orderId: string; status: string; httpStatus: number; at: Date }[] = [];

  /**
   * Where this sandbox answers (set by listen()): the action URLs of its answers (QR image, status,
   * cancel) are absolute, as Midtrans' are.
   */
  baseUrl: string;

  constructor(opts: { now?: () => Date; notify?: Notify; baseUrl?: string } = {}) {
    this.now = opts.now ?? (() => new Date());
    this.notify = opts.notify ?? defaultNotify;
    this.baseUrl = opts.baseUrl ?? 'http://127.0.0.1';
  }

  list(): SandboxTransaction[] {
    return [...this.txns.values()].map((t) => this.refresh(t)).sort((a, b) => b.seq - a.seq);
  }

  /** A transaction by its order id or by the gateway's transaction id. */
  get(id: string): SandboxTransaction | undefined {
    const t = this.txns.get(id) ?? this.txns.get(this.byTransactionId.get(id) ?? '');
    return t ? this.refresh(t) : undefined;
  }

  /** GET /v2/{order_id or transaction_id}/status, as Midtrans answers it (signed). */
  statusOf(id: string): GatewayTransaction & { http: number } {
    const t = this.get(id);
    if (!t) return { http: 404, status_code: '404', status_message: NOT_FOUND, order_id: id, gross_amount: '0.00' };
    return { http: 200, ...this.signed(wire(t, FOUND)) };
  }

  /** The PNG of a QR charge's code (the `generate-qr-code` action), or null. */
  async qrPng(transactionId: string): Promise<Buffer | null> {
    const t = this.get(transactionId);
    if (!t?.qr_string || t.transaction_id !== transactionId) return null;
    return QRCode.toBuffer(t.qr_string, { type: 'png', margin: 1, width: 300, errorCorrectionLevel: 'M' });
  }

  /** A pending charge past its expiry time reports `expire`, as the real gateway does. */
  private refresh(t: SandboxTransaction): SandboxTransaction {
    const expiry = parseGatewayTime(t.expiry_time);
    if (t.transaction_status === 'pending' && expiry && expiry.getTime() <= this.now().getTime())
      this.setStatus(t, 'expire');
    return t;
  }

  private setStatus(t: SandboxTransaction, status: TransactionStatus) {
    t.transaction_status = status;
    t.status_code = STATUS_CODE[status] ?? '200';
    if (status === 'capture' || status === 'settlement') {
      t.fraud_status = 'accept';
      const at = jakartaDateTime(this.now());
      if (status === 'settlement') t.settlement_time = at;
      t.payment_amounts = [{ paid_at: at, amount: t.gross_amount }];
    }
    if (status === 'deny') t.fraud_status = 'deny';
  }

  private signed(body: GatewayTransaction): GatewayTransaction {
    return {
      ...body,
      signature_key: signatureOf(body.order_id, body.status_code, body.gross_amount, this.serverKey),
    };
  }

  /** The notification body for the transaction's current state, signed with the server key. */
  notificationBody(t: SandboxTransaction): GatewayTransaction {
    return this.signed(wire(t, 'midtrans payment notification'));
  }

  tokenize(input: {
    client_key?: string;
    card_number?: string;
    card_exp_month?: string;
    card_exp_year?: string;
    card_cvv?: string;
  }) {
    if (input.client_key !== this.clientKey) return { status_code: '401', status_message: 'Unknown client key' };
    const number = String(input.card_number ?? '').replace(/\D/g, '');
    const month = Number(input.card_exp_month);
    const year = Number(input.card_exp_year);
    if (!luhnValid(number))
      return {
        status_code: '400',
        status_message: 'Card number is not valid',
        validation_messages: ['card_number is not valid'],
      };
    if (!(month >= 1 && month <= 12) || !(year >= 2000 && year <= 2100))
      return {
        status_code: '400',
        status_message: 'Expiry is not valid',
        validation_messages: ['card_exp is not valid'],
      };
    const expiresAt = new Date(Date.UTC(year, month, 1));
    if (expiresAt.getTime() <= this.now().getTime())
      return { status_code: '400', status_message: 'Card has expired', validation_messages: ['card_exp has passed'] };
    if (!/^\d{3,4}$/.test(String(input.card_cvv ?? '')))
      return { status_code: '400', status_message: 'CVV is not valid', validation_messages: ['card_cvv is not valid'] };
    const token = `${number.slice(0, 6)}-${number.slice(-4)}-${randomUUID()}`;
    // Midtrans' test card for a denied payment ends in 1113; everything else is accepted.
    this.tokens.set(token, { last4: number.slice(-4), decline: number.endsWith('1113') });
    return {
      status_code: '200',
      status_message: 'OK, success request new token',
      token_id: token,
      hash: randomBytes(8).toString('hex'),
    };
  }

  charge(req: ChargeRequest, notificationUrl: string, baseUrl = this.baseUrl): GatewayTransaction & { http: number } {
    const orderId = req.transaction_details?.order_id;
    const amount = req.transaction_details?.gross_amount;
    if (!orderId || !Number.isInteger(amount) || amount <= 0)
      return {
        http: 400,
        status_code: '400',
        status_message: 'transaction_details is required',
        order_id: orderId ?? '',
        gross_amount: '0.00',
      };
    if (this.txns.has(orderId))
      return {
        http: 406,
        status_code: '406',
        status_message:
          'The request could not be completed due to a conflict with the current state of the target resource, please try again',
        order_id: orderId,
        gross_amount: amountString(amount),
      };
    const now = this.now();
    // custom_expiry counts from its order_time, as Midtrans does (default: 24 hours from now).
    const minutes = req.custom_expiry?.expiry_duration ?? 24 * 60;
    const from = parseGatewayTime(req.custom_expiry?.order_time) ?? now;
    const t: SandboxTransaction = {
      status_code: '201',
      transaction_id: randomUUID(),
      merchant_id: SANDBOX_MERCHANT_ID,
      order_id: orderId,
      gross_amount: amountString(amount),
      currency: 'IDR',
      payment_type: req.payment_type,
      transaction_time: jakartaDateTime(now),
      transaction_status: 'pending',
      fraud_status: 'accept',
      expiry_time: jakartaDateTime(new Date(from.getTime() + minutes * 60_000)),
      notificationUrl,
      seq: ++this.seq,
    };
    const api = baseUrl.replace(/\/+$/, '');
    switch (req.payment_type) {
      case 'bank_transfer': {
        const bank = req.bank_transfer?.bank;
        if (bank !== 'bca' && bank !== 'bni' && bank !== 'permata')
          return {
            http: 400,
            status_code: '400',
            status_message: 'bank_transfer.bank is not supported',
            order_id: orderId,
            gross_amount: t.gross_amount,
          };
        // BCA VA numbers are 11 digits; BNI and Permata 16.
        const va = bank === 'bca' ? `1${digits(10)}` : bank === 'bni' ? `988${digits(13)}` : `8778${digits(12)}`;
        if (bank === 'permata') t.permata_va_number = va;
        else t.va_numbers = [{ bank, va_number: va }];
        t.channel = `${bank}_va`;
        break;
      }
      case 'permata':
        t.permata_va_number = `8778${digits(12)}`;
        t.channel = 'permata_va';
        break;
      case 'echannel':
        t.biller_code = '70012';
        t.bill_key = digits(12);
        t.channel = 'mandiri_bill';
        break;
      case 'qris':
        t.qr_string = qrisString(orderId, amount);
        t.acquirer = req.qris?.acquirer ?? 'gopay';
        t.actions = [{ name: 'generate-qr-code', method: 'GET', url: `${api}/v2/qris/${t.transaction_id}/qr-code` }];
        t.channel = 'qris';
        break;
      case 'gopay':
      case 'shopeepay':
        t.qr_string = qrisString(orderId, amount);
        t.actions = [
          { name: 'generate-qr-code', method: 'GET', url: `${api}/v2/${req.payment_type}/${t.transaction_id}/qr-code` },
          {
            name: 'deeplink-redirect',
            method: 'GET',
            url: `https://simulator.sandbox.local/${req.payment_type}/deeplink?tref=${t.transaction_id}`,
          },
          { name: 'get-status', method: 'GET', url: `${api}/v2/${t.transaction_id}/status` },
          { name: 'cancel', method: 'POST', url: `${api}/v2/${t.transaction_id}/cancel` },
        ];
        t.channel = req.payment_type;
        break;
      case 'credit_card': {
        const token = this.tokens.get(req.credit_card?.token_id ?? '');
        if (!token)
          return {
            http: 400,
            status_code: '400',
            status_message: 'token_id is not valid or has expired',
            order_id: orderId,
            gross_amount: t.gross_amount,
          };
        this.tokens.delete(req.credit_card?.token_id ?? '');
        t.masked_card = `481111-${token.last4}`;
        t.channel = 'credit_card';
        // Non-3DS sandbox card: decided at once, like Midtrans' capture response.
        this.keep(t);
        this.setStatus(t, token.decline ? 'deny' : 'capture');
        return {
          http: 200,
          ...wire(
            t,
            token.decline
              ? 'Deny by Bank [MANDIRI] with code [05] and message [Do not honour]'
              : 'Success, Credit Card transaction is successful',
          ),
        };
      }
      default:
        return {
          http: 400,
          status_code: '400',
          status_message: `payment_type ${String(req.payment_type)} is not supported`,
          order_id: orderId,
          gross_amount: t.gross_amount,
        };
    }
    this.keep(t);
    return { http: 200, ...wire(t, CREATED_MESSAGE[req.payment_type] ?? 'Success, transaction is created') };
  }

  private keep(t: SandboxTransaction) {
    this.txns.set(t.order_id, t);
    if (t.transaction_id) this.byTransactionId.set(t.transaction_id, t.order_id);
  }

  /**
   * Simulator actions: move a transaction and send its signed notification to the URL the charge
   * named. Returns the handler's HTTP status. `pay-silent` pays without notifying, as when
   * Midtrans' notification is lost: only a status check finds out.
   */
  async act(orderId: string, action: SandboxAction): Promise<{ ok: boolean; httpStatus?: number; reason?: string }> {
    const t = this.get(orderId);
    if (!t) return { ok: false, reason: 'unknown order' };
    const from = t.transaction_status;
    if (action === 'pay' || action === 'pay-silent') {
      if (from !== 'pending') return { ok: false, reason: `cannot pay a ${from} transaction` };
      this.setStatus(t, t.payment_type === 'credit_card' ? 'capture' : 'settlement');
    } else if (action === 'deny') {
      if (from !== 'pending') return { ok: false, reason: `cannot fail a ${from} transaction` };
      this.setStatus(t, 'deny');
    } else if (action === 'expire') {
      if (from !== 'pending') return { ok: false, reason: `cannot expire a ${from} transaction` };
      this.setStatus(t, 'expire');
    } else if (action === 'refund') {
      if (from !== 'settlement' && from !== 'capture')
        return { ok: false, reason: `cannot refund a ${from} transaction` };
      this.setStatus(t, 'refund');
    }
    if (action === 'pay-silent') return { ok: true };
    const httpStatus = await this.notify(t.notificationUrl, this.notificationBody(t));
    this.sent.push({ orderId, status: t.transaction_status, httpStatus, at: this.now() });
    return { ok: httpStatus === 200, httpStatus };
  }

  cancel(orderId: string): GatewayTransaction & { http: number } {
    const t = this.get(orderId);
    if (!t)
      return { http: 404, status_code: '404', status_message: NOT_FOUND, order_id: orderId, gross_amount: '0.00' };
    if (t.transaction_status === 'pending' || t.transaction_status === 'capture') this.setStatus(t, 'cancel');
    else
      return {
        http: 412,
        status_code: '412',
        status_message: 'Merchant cannot modify the status of the transaction',
        order_id: orderId,
        gross_amount: t.gross_amount,
      };
    // Midtrans notifies on cancel too; send it without waiting (the caller holds no lock on it).
    void this.notify(t.notificationUrl, this.notificationBody(t)).then(
      (httpStatus) => this.sent.push({ orderId: t.order_id, status: 'cancel', httpStatus, at: this.now() }),
      () => undefined,
    );
    return { http: 200, ...wire(t, 'Success, transaction is canceled') };
  }

  /** The Midtrans-shaped HTTP API: what the adapter talks to on loopback. */
  app(): Hono {
    const app = new Hono();
    const authorised = (header: string | undefined) =>
      header === `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`;
    const QR_PATH = /^\/v2\/(qris|gopay|shopeepay)\/[^/]+\/qr-code$/;
    app.use('/v2/*', async (c, next) => {
      // The card-token URL and the QR images are for the browser: no server key (as at Midtrans).
      if (c.req.path === '/v2/token' || QR_PATH.test(c.req.path)) return next();
      if (!authorised(c.req.header('authorization')))
        return c.json(
          {
            status_code: '401',
            status_message: 'Access denied due to unauthorized transaction, please check client or server key',
          },
          401,
        );
      return next();
    });
    app.get('/v2/token', (c) => {
      const out = this.tokenize(c.req.query());
      c.header('access-control-allow-origin', '*');
      return c.json(out, out.status_code === '200' ? 200 : 400);
    });
    app.post('/v2/charge', async (c) => {
      let body: ChargeRequest;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ status_code: '400', status_message: 'Malformed JSON' }, 400);
      }
      const { http: status, ...out } = this.charge(
        body,
        c.req.header('x-override-notification') ?? '',
        new URL(c.req.url).origin,
      );
      return c.json(out, status as 200);
    });
    app.get('/v2/:kind/:transactionId/qr-code', async (c) => {
      const png = QR_PATH.test(c.req.path) ? await this.qrPng(c.req.param('transactionId')) : null;
      if (!png) return c.json({ status_code: '404', status_message: NOT_FOUND }, 404);
      return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    });
    app.get('/v2/:id/status', (c) => {
      const { http: status, ...out } = this.statusOf(c.req.param('id'));
      return c.json(out, status as 200);
    });
    app.post('/v2/:orderId/cancel', (c) => {
      const { http: status, ...out } = this.cancel(c.req.param('orderId'));
      return c.json(out, status as 200);
    });
    return app;
  }

  /** Serve the API on a loopback port; the server does not keep the process alive. */
  async listen(): Promise<{ baseUrl: string; close(): Promise<void> }> {
    const server = http.createServer(getRequestListener(this.app().fetch));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    server.unref();
    const { port } = server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return {
      baseUrl: this.baseUrl,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }
}

/** Start the sandbox on a loopback port, with the Midtrans adapter pointed at it. */
export async function startSandboxGateway(opts: { now?: () => Date } = {}) {
  const sandbox = new SandboxGateway({ now: opts.now });
  const server = await sandbox.listen();
  const gateway = new MidtransCoreApi({
    kind: 'sandbox',
    baseUrl: server.baseUrl,
    serverKey: sandbox.serverKey,
    clientKey: sandbox.clientKey,
    tokenUrl: SANDBOX_TOKEN_PATH,
  });
  return { gateway, sandbox, close: server.close };
}
