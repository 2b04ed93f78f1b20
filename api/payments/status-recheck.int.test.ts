import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { users } from '../auth/auth.schema.ts';
import { TEST_NOW } from '../db/test-booking.ts';
import { outboxMessages } from '../outbox/outbox.schema.ts';
import { bobopointLedger } from '../points/points.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { paymentCharges } from './charge.schema.ts';
import { GATEWAY_RECHECK_MS } from './charge.status.ts';
import { paymentTestApp } from '../../tests/helpers/payment-test-app.ts';

// The status page's poll asks the gateway itself while a charge is pending (at most once per
// GATEWAY_RECHECK_MS per charge, across API nodes) and applies the answer through the same guarded
// state change as a notification: a payment whose notification never arrives still shows as paid.

let t: Awaited<ReturnType<typeof paymentTestApp>>;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(async () => {
  await t.active.close();
  await t.deps.database.close();
});
beforeEach(async () => t.useNewGuest());
afterEach(() => {
  t.setNow(TEST_NOW);
  vi.restoreAllMocks();
});

const reservation = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const chargeRow = async (orderId: string) =>
  (await t.db.select().from(paymentCharges).where(eq(paymentCharges.orderId, orderId)))[0];
/** Everything a confirmation does once: the booking count, the stay points, the e-mail. */
async function confirmations(reservationId: number) {
  const r = await reservation(reservationId);
  return {
    status: r.paymentStatusId,
    stayCount: (await t.db.select().from(users).where(eq(users.id, r.userId)))[0].stayCount,
    points: (await t.db.select().from(bobopointLedger).where(eq(bobopointLedger.reservationId, reservationId))).length,
    mails: (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, r.guestEmail))).length,
  };
}
const later = (ms: number) => t.setNow(new Date(TEST_NOW.getTime() + ms));
/** Count what reaches the gateway's status API and the notification handler from here on. */
function watch() {
  const status = vi.spyOn(t.deps.gateway!, 'status');
  const notify = vi.spyOn(t.sandbox, 'notify');
  return { status, notify };
}

describe('a payment whose notification never arrives', () => {
  it('shows as paid at the next poll, confirmed once; a second poll and the late notification change nothing', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'bca_va')).data.data;
    const before = await confirmations(r.id);
    expect(before).toMatchObject({ status: 1, points: 0, mails: 0 });
    const seen = watch();

    expect(await t.sandbox.act(c.order_id, 'pay-silent')).toEqual({ ok: true });
    expect(seen.notify).not.toHaveBeenCalled();
    expect((await reservation(r.id)).paymentStatusId).toBe(1); // nobody told us yet

    const s = await t.status(r.id);
    expect(s).toMatchObject({ result: 'success', payment_status: 2, charge: { order_id: c.order_id } });
    expect(seen.status).toHaveBeenCalledTimes(1);
    expect(seen.status).toHaveBeenCalledWith(c.order_id);
    const once = await confirmations(r.id);
    expect(once).toEqual({ status: 2, stayCount: before.stayCount + 1, points: 1, mails: 1 });
    expect(await chargeRow(c.order_id)).toMatchObject({ status: 'settlement', statusRank: 2 });

    later(GATEWAY_RECHECK_MS * 3);
    expect((await t.status(r.id)).result).toBe('success');
    expect(seen.status).toHaveBeenCalledTimes(1); // settled: nothing left to ask
    expect(await confirmations(r.id)).toEqual(once);

    // The lost notification turns up after all: the same guarded path records nothing new.
    const late = t.sandbox.notificationBody(t.sandbox.get(c.order_id)!);
    expect(await t.deliver(late)).toEqual({ status: 200, data: { status: 'unchanged' } });
    expect(await confirmations(r.id)).toEqual(once);
  });

  it('polls ask the gateway at most once per interval per charge, whichever API node answers them', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'qris')).data.data;
    const seen = watch();
    const otherNode = createApp(t.deps); // a second API process over the same database
    const pollOther = async () =>
      (
        await otherNode.request(`/api/clients/v1/payment/status?reservationId=${r.id}`, {
          headers: { authorization: `Bearer ${t.userToken}` },
        })
      ).json() as Promise<{ data: { result: string } }>;

    expect((await t.status(r.id)).result).toBe('pending');
    expect(seen.status).toHaveBeenCalledTimes(1);
    expect((await chargeRow(c.order_id)).gatewayCheckedAt?.toISOString()).toBe(TEST_NOW.toISOString());

    // Paid now, silently; polls inside the interval (on either node) do not ask again.
    await t.sandbox.act(c.order_id, 'pay-silent');
    later(GATEWAY_RECHECK_MS - 1_000);
    expect((await t.status(r.id)).result).toBe('pending');
    expect((await pollOther()).data.result).toBe('pending');
    expect(seen.status).toHaveBeenCalledTimes(1);

    later(GATEWAY_RECHECK_MS);
    expect((await pollOther()).data.result).toBe('success');
    expect(seen.status).toHaveBeenCalledTimes(2);
    expect((await t.status(r.id)).result).toBe('success');
    expect(seen.status).toHaveBeenCalledTimes(2);
    expect(await confirmations(r.id)).toMatchObject({ status: 2, points: 1, mails: 1 });
  });

  it('many polls at once after a silent payment confirm the booking exactly once', async () => {
    const r = await t.book();
    const c = (await t.charge(r.id, 'bni_va')).data.data;
    const before = await confirmations(r.id);
    await t.sandbox.act(c.order_id, 'pay-silent');
    const seen = watch();
    const results = await Promise.all(Array.from({ length: 12 }, () => t.status(r.id)));
    // Every answer is either still pending (it lost the claim before the winner committed) or paid.
    expect(results.every((x) => x.result === 'success' || x.result === 'pending')).toBe(true);
    expect(seen.status).toHaveBeenCalledTimes(1);
    expect((await t.status(r.id)).result).toBe('success');
    expect(await confirmations(r.id)).toEqual({ status: 2, stayCount: before.stayCount + 1, points: 1, mails: 1 });
  });

  it('a gateway that fails while polled leaves the page as it was (no error for the guest)', async () => {
    const r = await t.book();
    await t.charge(r.id, 'bca_va');
    const seen = watch();
    seen.status.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await t.call('GET', `/api/clients/v1/payment/status?reservationId=${r.id}`, { token: t.userToken });
    expect(res.status).toBe(200);
    expect(res.data.data.result).toBe('pending');
  });
});
