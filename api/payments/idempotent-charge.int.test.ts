import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../http/idempotency.schema.ts';
import { IDEMPOTENCY_LEASE_MS } from '../http/idempotency.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';
import { paymentCharges } from './charge.schema.ts';

// Idempotency keys on the payment charge (api/http/idempotency.ts, idempotentOutside): the charge
// calls the gateway between its own commits, so its key is claimed first and answered at the end.

let t: Awaited<ReturnType<typeof paymentTestApp>>;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(async () => {
  await t.active.close();
  await t.deps.database.close();
});
beforeEach(async () => t.useNewGuest());

async function charge(reservationId: number, key: string, channel = 'bca_va', lang: 'id' | 'en' = 'en') {
  const res = await t.app.request('/api/clients/v1/payment/charge', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.userToken}`,
      'content-type': 'application/json',
      'accept-language': lang,
      'idempotency-key': key,
    },
    body: JSON.stringify({ reservation_id: reservationId, payment_channel_code: channel, terms_accepted: true }),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), data: await res.json() };
}
const attempts = async (reservationId: number) =>
  (await t.db.select().from(paymentCharges).where(eq(paymentCharges.reservationId, reservationId))).length;

describe('a payment charge with an Idempotency-Key', () => {
  it('answers a retry with the first attempt (same order id and VA number) and makes no second attempt', async () => {
    const r = await t.book();
    const first = await charge(r.id, 'pay-1');
    const again = await charge(r.id, 'pay-1');
    expect(first.status).toBe(200);
    expect(first.data.data.va_number).toBeTruthy();
    expect(again.data).toEqual(first.data);
    expect(again.replayed).toBe('true');
    expect(await attempts(r.id)).toBe(1);
    // A new key is a new attempt (the guest chose to pay again).
    const fresh = await charge(r.id, 'pay-2');
    expect(fresh.data.data.order_id).not.toBe(first.data.data.order_id);
    expect(await attempts(r.id)).toBe(2);
  });

  it('refuses the key with another body (422) and tells a duplicate in flight to retry (409), both languages', async () => {
    const r = await t.book();
    await charge(r.id, 'pay-3');
    const other = await charge(r.id, 'pay-3', 'mandiri_va', 'id');
    expect(other.status).toBe(422);
    expect(other.data.code).toBe('idempotency_key_reused');
    // A claim without its answer yet (another node is still charging).
    await t.db.insert(idempotencyKeys).values({
      userId: t.userId,
      scope: 'payment.charge',
      key: 'pay-4',
      requestHash: (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'pay-3')))[0]!.requestHash,
      status: 0,
      body: sql`'null'::jsonb`,
      createdAt: t.deps.now!(),
      expiresAt: new Date(t.deps.now!().getTime() + 86_400_000),
    });
    const busy = await charge(r.id, 'pay-4', 'bca_va', 'id');
    expect(busy.status).toBe(409);
    expect(busy.data.code).toBe('idempotency_key_in_flight');
    expect(busy.data.message).toMatch(/masih diproses/);
    // Past its lease the claim was abandoned (its node died): the retry takes it over and charges.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(t.deps.now!().getTime() - IDEMPOTENCY_LEASE_MS - 1000) })
      .where(eq(idempotencyKeys.key, 'pay-4'));
    const taken = await charge(r.id, 'pay-4');
    expect(taken.status).toBe(200);
    expect(taken.replayed).toBeNull();
  });

  it('gives the key back when the charge is refused: nothing is replayed, the next try is judged again', async () => {
    const r = await t.book();
    const refused = await charge(r.id, 'pay-5', 'no_such_channel');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'pay-5'))).toEqual([]);
    expect(await attempts(r.id)).toBe(0);
  });
});
