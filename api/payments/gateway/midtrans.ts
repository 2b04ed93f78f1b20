import type { ChargeRequest, GatewayTransaction, PaymentGateway } from '../../platform/payment-gateway.ts';
import { signatureMatches, signatureOf } from '../../platform/payment-gateway.ts';

export class GatewayHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The Midtrans Core API adapter: server-to-server JSON over HTTPS with Basic auth
 * (`base64(server_key + ':')`). The same class talks to the embedded sandbox on loopback.
 */
export class MidtransCoreApi implements PaymentGateway {
  readonly kind: 'sandbox' | 'midtrans';
  readonly clientKey: string;
  readonly tokenUrl: string;
  private readonly baseUrl: string;
  private readonly serverKey: string;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: {
    kind: 'sandbox' | 'midtrans';
    baseUrl: string;
    serverKey: string;
    clientKey: string;
    tokenUrl?: string;
    fetch?: typeof fetch;
  }) {
    this.kind = opts.kind;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.serverKey = opts.serverKey;
    this.clientKey = opts.clientKey;
    this.tokenUrl = opts.tokenUrl ?? `${this.baseUrl}/v2/token`;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<GatewayTransaction> {
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let data: GatewayTransaction;
    try {
      data = JSON.parse(text) as GatewayTransaction;
    } catch {
      throw new GatewayHttpError(res.status, `gateway answered ${res.status} with a non-JSON body`);
    }
    if (res.status >= 500) throw new GatewayHttpError(res.status, data.status_message ?? 'gateway error');
    return data;
  }

  async charge(request: ChargeRequest, opts: { notificationUrl: string }) {
    // X-Override-Notification: the notification goes to this deployment's handler.
    return this.call('POST', '/v2/charge', request, { 'x-override-notification': opts.notificationUrl });
  }

  async status(orderId: string) {
    const data = await this.call('GET', `/v2/${encodeURIComponent(orderId)}/status`);
    return data.status_code === '404' ? null : data;
  }

  async cancel(orderId: string) {
    const data = await this.call('POST', `/v2/${encodeURIComponent(orderId)}/cancel`);
    return data.status_code === '404' ? null : data;
  }

  async qrImage(url: string): Promise<Uint8Array<ArrayBuffer>> {
    // Only an image on the gateway's own host: the URL came from its answer, and is fetched by us.
    if (!url.startsWith(`${this.baseUrl}/`)) throw new GatewayHttpError(400, 'QR image URL is not on the gateway');
    const res = await this.fetchImpl(url, { headers: { accept: 'image/png' }, signal: AbortSignal.timeout(15_000) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('image/png'))
      throw new GatewayHttpError(res.status, `gateway answered ${res.status} for the QR image`);
    return bytes;
  }

  verifySignature(body: {
    order_id: string;
    status_code: string;
    gross_amount: string;
    signature_key: string;
  }): boolean {
    return signatureMatches(
      signatureOf(String(body.order_id), String(body.status_code), String(body.gross_amount), this.serverKey),
      String(body.signature_key ?? ''),
    );
  }
}
