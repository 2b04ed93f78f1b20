import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { activateDuePoints, expireStalePoints, grantWelcomePoints } from './points.jobs.ts';
import { earnPendingForStay, ensureWelcomePoints, redeemForReservation } from './points.service.ts';
import { insertStay, ledgerOf } from './test-ledger.ts';

// The Bobopoint ledger's rules (spec section 9) as the jobs run them (api/jobs/account-jobs.ts):
// welcome bonus, activation on the earning date, nothing for a stay paid with points, expiry one year
// after the last stay. Each job is replayed: the second run changes nothing. Reading points changes
// nothing either. (Two workers at once on real PostgreSQL: points.jobs.pg.test.ts.)

let t: Awaited<ReturnType<typeof bookingTestApp>>;
const db = () => t.db.db;
beforeAll(async () => {
  t = await bookingTestApp();
});

const newGuest = async () => {
  const g = await tokensForTest(t.deps);
  return { id: g.userId!, token: g.userToken! };
};
const at = (iso: string) => new Date(iso);

describe('reading Bobopoints', () => {
  it('changes nothing: no welcome bonus and no activation happen on read', async () => {
    const g = await newGuest();
    const r = await insertStay(db(), g.id, { checkin: '2026-02-27', checkout: '2026-03-01' });
    await earnPendingForStay(db(), g.id, r, '2026-03-01', TEST_NOW);
    const before = await ledgerOf(db(), g.id);
    const read = await t.call('GET', '/api/clients/v1/points', { token: g.token });
    expect(read.data.data).toMatchObject({ total: 0, expiry_date: null, active: [] });
    expect(read.data.data.pending).toEqual([expect.objectContaining({ amount: 15_000, earn_date: '2026-03-01' })]);
    const pending = await t.call('GET', '/api/v1/status/pending', { token: g.token });
    expect(pending.data.data.items).toHaveLength(1);
    expect(await ledgerOf(db(), g.id)).toEqual(before);
  });
});

describe('points.welcome', () => {
  it('credits 15,000 once to each verified guest, nothing to an unverified or deleted one; a replay adds nothing', async () => {
    const verified = await newGuest();
    const unverified = await newGuest();
    await db()
      .update(users)
      .set({ isEmailVerified: false, isTelephoneVerified: false })
      .where(eq(users.id, unverified.id));
    const deleted = await newGuest();
    await db().update(users).set({ deactivatedAt: TEST_NOW }).where(eq(users.id, deleted.id));

    expect(await grantWelcomePoints(db(), TEST_NOW)).toBeGreaterThanOrEqual(1);
    const after = await ledgerOf(db(), verified.id);
    expect(after).toEqual({
      balance: 15_000,
      ledger: [{ kind: 'welcome', status: 'active', amount: 15_000, dedupe_key: `welcome:${verified.id}` }],
    });
    expect((await ledgerOf(db(), unverified.id)).balance).toBe(0);
    expect((await ledgerOf(db(), deleted.id)).ledger).toEqual([]);

    expect(await grantWelcomePoints(db(), TEST_NOW)).toBe(0);
    expect(await ledgerOf(db(), verified.id)).toEqual(after);
    const read = await t.call('GET', '/api/v1/status/active', { token: verified.token });
    expect(read.data.data).toMatchObject({ total: 15_000, worth: 15_000, expiry_date: '2027-03-02' });
  });
});

describe('points.activate', () => {
  it('turns pending stay points active on the earning date in Jakarta, once', async () => {
    const g = await newGuest();
    const r = await insertStay(db(), g.id, { checkin: '2026-03-12', checkout: '2026-03-14' });
    await earnPendingForStay(db(), g.id, r, '2026-03-14', TEST_NOW);
    // 23:59:59 on 13 March in Jakarta: not yet.
    await activateDuePoints(db(), at('2026-03-13T16:59:59Z'));
    expect((await ledgerOf(db(), g.id)).ledger[0]).toMatchObject({ status: 'pending' });
    // Midnight of the check-out day in Jakarta.
    await activateDuePoints(db(), at('2026-03-13T17:00:00Z'));
    const after = await ledgerOf(db(), g.id);
    expect(after).toMatchObject({ balance: 15_000, ledger: [{ kind: 'stay', status: 'active', amount: 15_000 }] });
    await activateDuePoints(db(), at('2026-03-15T03:00:00Z'));
    expect(await ledgerOf(db(), g.id)).toEqual(after);
  });

  it("run for one guest (the browser tests' fixture), activates that guest's due points and no one else's", async () => {
    const [g, other] = [await newGuest(), await newGuest()];
    for (const who of [g, other]) {
      const r = await insertStay(db(), who.id, { checkin: '2026-04-02', checkout: '2026-04-04' });
      await earnPendingForStay(db(), who.id, r, '2026-04-04', TEST_NOW);
    }
    expect(await activateDuePoints(db(), at('2026-04-04T03:00:00Z'), { userId: g.id })).toEqual({
      activated: 1,
      cancelled: 0,
    });
    expect((await ledgerOf(db(), g.id)).balance).toBe(15_000);
    expect((await ledgerOf(db(), other.id)).ledger[0]).toMatchObject({ status: 'pending' });
    await activateDuePoints(db(), at('2026-04-04T03:00:00Z'));
    expect((await ledgerOf(db(), other.id)).balance).toBe(15_000);
  });

  it('a stay paid with points earns none, and neither does a refunded one: their pending rows are cancelled', async () => {
    const g = await newGuest();
    await ensureWelcomePoints(db(), g.id, TEST_NOW);
    const withPoints = await insertStay(db(), g.id, { checkin: '2026-03-03', checkout: '2026-03-05' });
    expect(await redeemForReservation(db(), g.id, withPoints, 5_000, TEST_NOW)).toBe(true);
    // Whatever wrote these rows, the rule holds at activation.
    await earnPendingForStay(db(), g.id, withPoints, '2026-03-05', TEST_NOW);
    const refunded = await insertStay(db(), g.id, { checkin: '2026-03-03', checkout: '2026-03-05', status: 5 });
    await earnPendingForStay(db(), g.id, refunded, '2026-03-05', TEST_NOW);

    const out = await activateDuePoints(db(), at('2026-03-05T03:00:00Z'));
    expect(out.cancelled).toBeGreaterThanOrEqual(2);
    const after = await ledgerOf(db(), g.id);
    expect(after.balance).toBe(10_000);
    expect(after.ledger.filter((l) => l.kind === 'stay').map((l) => l.status)).toEqual(['cancelled', 'cancelled']);
    await activateDuePoints(db(), at('2026-03-05T03:00:00Z'));
    expect(await ledgerOf(db(), g.id)).toEqual(after);
  });
});

describe('points.expire', () => {
  it('expires the balance one year after the last stay, keeps it for a guest who stayed since, once', async () => {
    // A: last stay checked out on 20 February 2025, its 15,000 points active since.
    const a = await newGuest();
    const aStay = await insertStay(db(), a.id, { checkin: '2025-02-18', checkout: '2025-02-20' });
    await earnPendingForStay(db(), a.id, aStay, '2025-02-20', at('2025-02-10T03:00:00Z'));
    await activateDuePoints(db(), at('2025-02-20T03:00:00Z'));
    // B: the same, but the last stay was on 1 June 2025.
    const b = await newGuest();
    const bStay = await insertStay(db(), b.id, { checkin: '2025-05-30', checkout: '2025-06-01' });
    await earnPendingForStay(db(), b.id, bStay, '2025-06-01', at('2025-05-10T03:00:00Z'));
    await activateDuePoints(db(), at('2025-06-01T03:00:00Z'));
    // C: a welcome bonus of February 2025, then a stay in December 2025 paid with points (it earned
    // nothing, but it is a stay: the year counts from it).
    const c = await newGuest();
    await ensureWelcomePoints(db(), c.id, at('2025-02-01T03:00:00Z'));
    const cStay = await insertStay(db(), c.id, { checkin: '2025-11-29', checkout: '2025-12-01' });
    await redeemForReservation(db(), c.id, cStay, 5_000, at('2025-11-20T03:00:00Z'));

    const bBefore = await ledgerOf(db(), b.id);
    const cBefore = await ledgerOf(db(), c.id);
    const summaryB = await t.call('GET', '/api/clients/v1/points', { token: b.token });
    expect(summaryB.data.data).toMatchObject({ total: 15_000, expiry_date: '2026-06-01' });
    const summaryA = await t.call('GET', '/api/clients/v1/points', { token: a.token });
    expect(summaryA.data.data).toMatchObject({ total: 15_000, expiry_date: '2026-02-20' });

    // One day before A's year is up, nothing happens.
    await expireStalePoints(db(), at('2026-02-19T03:00:00Z'));
    expect((await ledgerOf(db(), a.id)).balance).toBe(15_000);
    expect(await expireStalePoints(db(), TEST_NOW)).toBeGreaterThanOrEqual(1);
    const aAfter = await ledgerOf(db(), a.id);
    expect(aAfter).toEqual({
      balance: 0,
      ledger: [
        { kind: 'stay', status: 'expired', amount: 15_000, dedupe_key: `stay:${aStay}` },
        { kind: 'expire', status: 'expired', amount: -15_000, dedupe_key: `expire:${a.id}:2025-02-20` },
      ],
    });
    expect(await ledgerOf(db(), b.id)).toEqual(bBefore);
    expect(await ledgerOf(db(), c.id)).toEqual(cBefore);

    expect(await expireStalePoints(db(), TEST_NOW)).toBe(0);
    expect(await ledgerOf(db(), a.id)).toEqual(aAfter);
    const history = await t.call('GET', '/api/v1/status/history', { token: a.token });
    expect(history.data.data.items.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['expire', -15_000],
      ['stay', 15_000],
    ]);
    const active = await t.call('GET', '/api/v1/status/active', { token: a.token });
    expect(active.data.data).toMatchObject({ total: 0, expiry_date: null, items: [] });
  });
});

describe('gift certificates', () => {
  it('show the balance a booking can take, what remains, and the bookings that took some', async () => {
    const g = await newGuest();
    await ensureWelcomePoints(db(), g.id, TEST_NOW);
    const paid = await insertStay(db(), g.id, { checkin: '2026-03-03', checkout: '2026-03-05' });
    await redeemForReservation(db(), g.id, paid, 5_000, TEST_NOW);
    const held = await insertStay(db(), g.id, {
      checkin: '2026-03-20',
      checkout: '2026-03-21',
      status: 1,
      giftCertificate: 10_000,
      expiresAt: new Date(TEST_NOW.getTime() + 20 * 60_000),
    });
    const expired = await insertStay(db(), g.id, {
      checkin: '2026-03-20',
      checkout: '2026-03-21',
      status: 3,
      giftCertificate: 5_000,
    });
    const res = await t.call('GET', '/api/clients/v1/gift-certificates', { token: g.token, lang: 'id' });
    expect(res.status).toBe(200);
    const data = res.data.data;
    expect(data).toMatchObject({
      balance: 10_000,
      balance_label: 'Rp 10.000',
      usable_per_booking: 10_000,
      remaining_after_use: 0,
      step: 5_000,
      max_per_booking: 100_000,
    });
    const byId = new Map(data.items.map((i: { reservation_id: number }) => [i.reservation_id, i]));
    expect(byId.get(paid)).toMatchObject({ status: 'used', amount: 5_000, amount_label: 'Rp 5.000' });
    expect(byId.get(held)).toMatchObject({ status: 'held', amount: 10_000, checkin_date: '2026-03-20' });
    expect(byId.has(expired)).toBe(false);
  });
});
