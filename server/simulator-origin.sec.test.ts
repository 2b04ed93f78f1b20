import { afterAll, describe, expect, it } from 'vitest';
import { startOneServer } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (smaller holes): the simulator's pay action works whatever SITE_URL says. The
// sandbox hands its signed notification to this process, not to the public origin, which may be a
// proxy, another port, or a name this machine cannot resolve.

let one: OneServer | undefined;
afterAll(async () => one?.close());

describe('the payment simulator', () => {
  it('delivers its notification to this server even when SITE_URL points elsewhere', async () => {
    const started = await startOneServer({ NODE_ENV: 'development', SITE_URL: 'http://bobobox.invalid:9' });
    one = started.one;
    const orderId = `SIM-${Date.now()}`;
    await one.deps.gateway!.charge(
      {
        payment_type: 'bank_transfer',
        transaction_details: { order_id: orderId, gross_amount: 150_000 },
        bank_transfer: { bank: 'bca' },
      },
      { notificationUrl: 'http://bobobox.invalid:9/api/payments/notifications' },
    );
    const res = await fetch(`${started.base}/dev/payment-simulator/${orderId}/pay/`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const done = new URL(res.headers.get('location')!, started.base).searchParams.get('done');
    // The handler answered (a signed notification for an order this API never charged is refused
    // as unknown), instead of the delivery failing on the unreachable public origin.
    expect(done).toMatch(new RegExp(`^${orderId}:pay:(ok|http 4\\d\\d)$`));
  });
});
