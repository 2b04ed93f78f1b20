import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { rows } from '../db/query.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { MyStay } from '../../core/contracts/account.ts';
import { syncPolicies } from './insurance.service.ts';
import { sandboxInsurer } from './insurer.ts';
import type { Insurer, PolicyRequest } from './insurer.ts';

// Issue 27, item 8: travel insurance comes from an insurer. A paid stay with the insurance add-on is
// asked of the insurer by the insurance.sync job; My stay shows what it answered: "being issued" with
// no number until the insurer issues one of its own, or that it failed. Nothing invents a number, a
// down insurer is asked again later, and two nodes syncing at once ask once.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
  await t.db.db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await t.useNewGuest();
});

/** An insurer that counts and can be made to fail, around the sandbox. */
function recordingInsurer(inner: Insurer = sandboxInsurer()) {
  const requests: PolicyRequest[] = [];
  const statuses: string[] = [];
  let down = false;
  const insurer: Insurer = {
    kind: inner.kind,
    async request(p) {
      requests.push(p);
      if (down) throw new Error('connect ECONNREFUSED');
      return inner.request(p);
    },
    async status(reference) {
      statuses.push(reference);
      if (down) throw new Error('connect ECONNREFUSED');
      return inner.status(reference);
    },
  };
  return {
    insurer,
    requests,
    statuses,
    setDown: (value: boolean) => void (down = value),
  };
}

/** A paid two-night stay with the insurance add-on, booked by the test's guest. */
async function paidInsuredStay(checkIn = '2026-03-12', checkOut = '2026-03-14') {
  const res = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    form: {
      hotel_id: '8',
      room_type_id: '81',
      check_in_date_time: checkIn,
      check_out_date_time: checkOut,
      total_room: '1',
    },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  const { id, order_id: orderId } = res.data.data as { id: number; order_id: string };
  await t.db.db
    .update(reservations)
    .set({ paymentStatusId: PaymentStatus.paid, isUseAddon: true })
    .where(eq(reservations.id, id));
  return { id, orderId };
}

const myPolicy = async (id: number, lang: 'id' | 'en' = 'en') => {
  const res = await t.call('GET', '/api/clients/v1/stays', { token: t.userToken, lang });
  return (res.data.data as MyStay[]).find((s) => s.reservationId === id)!.insurancePolicy;
};
const sync = () => syncPolicies(t.deps, t.deps.now!());
const tick = (seconds: number) => t.advance(seconds * 1000);

describe('travel insurance from the insurer', () => {
  it('is being issued until the insurer issues it under its own number; My stay shows that number', async () => {
    const partner = recordingInsurer();
    t.deps.insurer = partner.insurer;
    const stay = await paidInsuredStay();
    // Paid, not yet asked: being issued, no number.
    expect(await myPolicy(stay.id)).toMatchObject({ status: 'requested', policyNumber: null });

    await sync();
    expect(partner.requests).toEqual([
      expect.objectContaining({
        reference: stay.orderId,
        coverAmount: 10_000_000,
        startsOn: '2026-03-12',
        endsOn: '2026-03-14',
        insured: expect.objectContaining({ email: expect.stringMatching(/@/) }),
      }),
    ]);
    expect(partner.requests[0]!.premium).toBeGreaterThan(0);
    expect(await myPolicy(stay.id)).toMatchObject({ status: 'requested', policyNumber: null });

    // Asked again 30 seconds later: issued, under the insurer's number (not one made from the order id).
    await sync(); // not due yet: nothing asked
    expect(partner.statuses).toEqual([]);
    tick(31);
    await sync();
    expect(partner.statuses).toEqual([stay.orderId]);
    const issued = await myPolicy(stay.id, 'id');
    expect(issued).toMatchObject({ status: 'issued', policyNumber: expect.stringMatching(/^SBX-[0-9A-F]{10}$/) });
    expect(issued!.policyNumber).not.toContain(stay.orderId);
    // Issued is final: later passes ask nothing more.
    tick(120);
    expect(await sync()).toBe(0);
    expect(partner.requests).toHaveLength(1);
    expect(partner.statuses).toHaveLength(1);
    // The reservation's detail says the same.
    const detail = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${stay.id}`, {
      token: t.userToken,
    });
    expect(detail.status, JSON.stringify(detail.data)).toBe(200);
    expect(detail.data.data.insurancePolicies).toEqual([
      expect.objectContaining({ status: 'issued', policyNumber: issued!.policyNumber }),
    ]);
  });

  it('shows a refusal as failed, with no number', async () => {
    t.deps.insurer = recordingInsurer().insurer;
    const stay = await paidInsuredStay('2026-03-16', '2026-03-17');
    await t.db.db
      .update(reservations)
      .set({ guestEmail: 'tamu.insurance-fail@example.com' })
      .where(eq(reservations.id, stay.id));
    await sync();
    expect(await myPolicy(stay.id)).toMatchObject({ status: 'failed', policyNumber: null });
    const [row] = await rows<{ failure_reason: string }>(
      t.db.db,
      sql`select failure_reason from insurance_policies where reservation_id = ${stay.id}`,
    );
    expect(row!.failure_reason).toMatch(/refused/);
  });

  it('asks a down insurer again later, backing off, and shows "being issued" meanwhile', async () => {
    const partner = recordingInsurer();
    t.deps.insurer = partner.insurer;
    const stay = await paidInsuredStay('2026-03-18', '2026-03-19');
    partner.setDown(true);
    await sync();
    expect(partner.requests.map((r) => r.reference)).toEqual([stay.orderId]);
    expect(await myPolicy(stay.id)).toMatchObject({ status: 'requested', policyNumber: null });
    // Backing off: not asked again within the first minute, asked after it.
    tick(50);
    await sync();
    expect(partner.requests).toHaveLength(1);
    partner.setDown(false);
    tick(20);
    await sync();
    expect(partner.requests).toHaveLength(2);
    tick(31);
    await sync();
    expect(await myPolicy(stay.id)).toMatchObject({ status: 'issued' });
  });

  it('is asked once when two nodes sync at the same time', async () => {
    const partner = recordingInsurer();
    t.deps.insurer = partner.insurer;
    const stay = await paidInsuredStay('2026-03-20', '2026-03-21');
    await Promise.all([sync(), sync(), sync()]);
    expect(partner.requests.filter((r) => r.reference === stay.orderId)).toHaveLength(1);
  });

  it('is not asked for an unpaid hold, nor without the add-on', async () => {
    const partner = recordingInsurer();
    t.deps.insurer = partner.insurer;
    const res = await t.call('POST', '/api/clients/v1/reservations/create', {
      token: t.userToken,
      form: {
        hotel_id: '8',
        room_type_id: '81',
        check_in_date_time: '2026-03-22',
        check_out_date_time: '2026-03-23',
        total_room: '1',
      },
    });
    expect(res.status).toBe(201);
    const held = res.data.data as { id: number; order_id: string };
    await t.db.db.update(reservations).set({ isUseAddon: true }).where(eq(reservations.id, held.id));
    await sync();
    expect(partner.requests.map((r) => r.reference)).not.toContain(held.order_id);
    await t.db.db
      .update(reservations)
      .set({ isUseAddon: false, paymentStatusId: PaymentStatus.paid })
      .where(eq(reservations.id, held.id));
    await sync();
    expect(partner.requests.map((r) => r.reference)).not.toContain(held.order_id);
  });
});
