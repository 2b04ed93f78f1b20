import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { rows } from '../db/query.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { nowOf } from '../platform/clock.ts';
import { OFFER_MINUTES, offerFreedRooms, WAITLIST_CAP } from './waitlist.service.ts';
import { nightsOf, queueOf, setStock, soldOn } from './waitlist.test-helpers.ts';

// Issue 28, item 5, on the seeded PGlite: a guest waits for a sold-out room type; freed rooms are
// held for the first guest waiting (15 minutes, an e-mail in their language); a lapsed offer passes
// to the next; a paid one is booked; a guest can leave; at most WAITLIST_CAP entries per guest.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
const ROOM = 71; // hotel 7 (Tugu Jogja), single pods
const HOTEL = 7;
const CHECK_IN = '2026-03-20';
const CHECK_OUT = '2026-03-22';
const NIGHTS = nightsOf(CHECK_IN, CHECK_OUT);

beforeAll(async () => {
  t = await bookingTestApp();
  // Every free room of this room type is sold on the web (no stop-sell reserve), so the figures read plainly.
  await t.db.db.update(roomTypes).set({ stopSellLimitWeb: 0 }).where(eq(roomTypes.id, ROOM));
});
beforeEach(() => t.setNow(TEST_NOW));

async function guest(lang: 'id' | 'en' = 'en') {
  const g = await tokensForTest(t.deps);
  const [u] = await t.db.db.select().from(users).where(eq(users.id, g.userId!));
  return { id: g.userId!, token: g.userToken!, email: u!.email, lang };
}
const join = (g: { token: string; lang: string }, body: Record<string, unknown>) =>
  t.call('POST', '/api/clients/v1/waitlist', {
    token: g.token,
    lang: g.lang as 'id' | 'en',
    json: { hotelId: HOTEL, roomTypeId: ROOM, checkIn: CHECK_IN, checkOut: CHECK_OUT, ...body },
  });
const offer = () => offerFreedRooms(t.deps, nowOf(t.deps));

describe('the waitlist', () => {
  it('queues guests for a sold-out room, offers freed rooms in order, passes a lapsed offer on, books a paid one', async () => {
    await setStock(t.db.db, ROOM, NIGHTS, 10, 10);
    const a = await guest('id');
    const b = await guest();
    const first = await join(a, {});
    expect(first.status).toBe(201);
    expect(first.data.data).toMatchObject({ status: 'waiting', position: 1 });
    expect((await join(b, {})).data.data).toMatchObject({ position: 2 });
    // Joining again answers the same entry.
    expect((await join(a, {})).data.data.id).toBe(first.data.data.id);
    const count = await t.call(
      'GET',
      `/api/clients/v1/waitlist/count?roomTypeId=${ROOM}&checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}`,
    );
    expect(count.data.data).toEqual({ waiting: 2 });

    // Nothing freed: nothing offered.
    expect(await offer()).toBe(0);
    // One room comes back (an operator opens it): held for the first guest, for 15 minutes.
    await setStock(t.db.db, ROOM, NIGHTS, 11, 10);
    expect(await offer()).toBe(1);
    const [entryA, entryB] = await queueOf(t.db.db, ROOM, CHECK_IN);
    expect(entryA).toMatchObject({ user_id: a.id, status: 'offered' });
    expect(entryB).toMatchObject({ user_id: b.id, status: 'waiting' });
    const [hold] = await t.db.db.select().from(reservations).where(eq(reservations.id, entryA!.reservation_id!));
    expect(hold).toMatchObject({ userId: a.id, paymentStatusId: PaymentStatus.waiting, totalRoom: 1 });
    expect(hold!.expiredAt.getTime() - TEST_NOW.getTime()).toBe(OFFER_MINUTES * 60_000);
    expect((await soldOn(t.db.db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([11, 11]);
    // The e-mail, in the guest's language, with the payment page.
    const [mail] = await rows<{ subject: string; text: string }>(
      t.db.db,
      sql`select subject, text from outbox_messages where "to" = ${a.email} order by id desc limit 1`,
    );
    expect(mail!.subject).toBe('Ada kamar kosong untukmu di Bobobox');
    expect(mail!.text).toContain(`/id/payment/list/${hold!.id}/`);
    expect((await t.call('GET', '/api/clients/v1/waitlist', { token: a.token })).data.data).toEqual([
      expect.objectContaining({ status: 'offered', position: null, reservationId: hold!.id }),
    ]);
    expect((await t.call('GET', '/api/clients/v1/waitlist', { token: b.token })).data.data[0]).toMatchObject({
      position: 1,
    });

    // A lets it lapse: the rooms come back and go to B.
    t.setNow(new Date(TEST_NOW.getTime() + (OFFER_MINUTES + 1) * 60_000));
    await expireDueHolds(t.db.db, nowOf(t.deps));
    expect(await offer()).toBe(1);
    const [lapsedA, offeredB] = await queueOf(t.db.db, ROOM, CHECK_IN);
    expect(lapsedA!.status).toBe('lapsed');
    expect(offeredB!.status).toBe('offered');
    // B pays: booked; the stock stays taken.
    await t.db.db
      .update(reservations)
      .set({ paymentStatusId: PaymentStatus.paid })
      .where(eq(reservations.id, offeredB!.reservation_id!));
    await offer();
    expect((await queueOf(t.db.db, ROOM, CHECK_IN)).map((e) => e.status)).toEqual(['lapsed', 'booked']);
    expect((await soldOn(t.db.db, ROOM, NIGHTS)).map((n) => n.sold)).toEqual([11, 11]);
  });

  it('refuses a room that is not sold out, in the guest language; caps the entries; lets a guest leave', async () => {
    await setStock(t.db.db, ROOM, nightsOf('2026-03-24', '2026-03-25'), 10, 2);
    const g = await guest('id');
    const free = await join(g, { checkIn: '2026-03-24', checkOut: '2026-03-25' });
    expect(free.status).toBe(409);
    expect(free.data).toMatchObject({
      code: 'rooms_available',
      message: 'Masih ada kamar untuk malam-malam ini: kamu bisa langsung memesannya.',
    });

    const days = ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
    for (const d of days) await setStock(t.db.db, ROOM, [d], 5, 5);
    const joined = [];
    for (const d of days.slice(0, WAITLIST_CAP)) {
      const next = new Date(`${d}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const res = await join(g, { checkIn: d, checkOut: next.toISOString().slice(0, 10) });
      expect(res.status, d).toBe(201);
      joined.push(res.data.data.id as number);
    }
    const over = await join(g, { checkIn: '2026-03-10', checkOut: '2026-03-11' });
    expect(over.status).toBe(422);
    expect(over.data.code).toBe('waitlist_cap');
    const left = await t.call('POST', '/api/clients/v1/waitlist/leave', { token: g.token, json: { id: joined[0] } });
    expect(left.status).toBe(200);
    expect(
      (await t.call('POST', '/api/clients/v1/waitlist/leave', { token: g.token, json: { id: joined[0] } })).status,
    ).toBe(404);
    // Someone else cannot take it off the list.
    const other = await guest();
    expect(
      (await t.call('POST', '/api/clients/v1/waitlist/leave', { token: other.token, json: { id: joined[1] } })).status,
    ).toBe(404);
    expect((await join(g, { checkIn: '2026-03-10', checkOut: '2026-03-11' })).status).toBe(201);
  });

  it('shows a held offer to its guest only, in their language, and a decline passes the rooms to the next guest', async () => {
    const checkIn = '2026-03-26';
    const checkOut = '2026-03-27';
    const nights = nightsOf(checkIn, checkOut);
    await setStock(t.db.db, ROOM, nights, 4, 4);
    const a = await guest('id');
    const b = await guest();
    expect((await join(a, { checkIn, checkOut })).status).toBe(201);
    expect((await join(b, { checkIn, checkOut })).status).toBe(201);
    const offers = (g: { token: string }, lang: 'id' | 'en') =>
      t.call('GET', '/api/clients/v1/waitlist/offers', { token: g.token, lang });
    expect((await offers(a, 'id')).data.data).toEqual([]);

    await setStock(t.db.db, ROOM, nights, 5, 4);
    expect(await offer()).toBe(1);
    const [entryA] = await queueOf(t.db.db, ROOM, checkIn);
    const held = await offers(a, 'id');
    expect(held.status).toBe(200);
    // Hotel 7 is in Yogyakarta (WIB): the hold ends OFFER_MINUTES after now, 09:15 WIB on TEST_NOW's clock.
    const until = new Date(TEST_NOW.getTime() + OFFER_MINUTES * 60_000);
    expect(held.data.data).toEqual([
      {
        id: entryA!.id,
        reservationId: entryA!.reservation_id,
        hotelName: 'Bobobox Tugu Jogja',
        roomName: expect.stringMatching(/./),
        period: '26 Maret 2026 – 27 Maret 2026',
        expiresAt: until.toISOString(),
        holdUntil: `${new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Jakarta' }).format(until)} WIB`,
      },
    ]);
    expect((await offers(a, 'en')).data.data[0].period).toBe('26 March 2026 – 27 March 2026');
    // Nobody else sees it, or can decline it.
    expect((await offers(b, 'en')).data.data).toEqual([]);
    const foreign = await t.call('POST', '/api/clients/v1/waitlist/decline', {
      token: b.token,
      json: { id: entryA!.id },
    });
    expect(foreign.status).toBe(404);

    // A declines: the hold is cancelled, the rooms come back and go to B on the next run; A is not offered again.
    const declined = await t.call('POST', '/api/clients/v1/waitlist/decline', {
      token: a.token,
      json: { id: entryA!.id },
    });
    expect(declined.status).toBe(200);
    const [hold] = await t.db.db.select().from(reservations).where(eq(reservations.id, entryA!.reservation_id!));
    expect(hold!.paymentStatusId).toBe(PaymentStatus.cancelled);
    expect((await soldOn(t.db.db, ROOM, nights)).map((n) => n.sold)).toEqual([4]);
    expect((await offers(a, 'id')).data.data).toEqual([]);
    expect(await offer()).toBe(1);
    expect((await queueOf(t.db.db, ROOM, checkIn)).map((e) => [e.user_id, e.status])).toEqual([
      [a.id, 'declined'],
      [b.id, 'offered'],
    ]);
    expect((await offers(b, 'en')).data.data).toHaveLength(1);
    // Declining twice is a 404, never a 500.
    expect(
      (await t.call('POST', '/api/clients/v1/waitlist/decline', { token: a.token, json: { id: entryA!.id } })).status,
    ).toBe(404);
  });
});
