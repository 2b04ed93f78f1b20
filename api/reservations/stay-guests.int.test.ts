import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../auth/auth.schema.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { purgeDeletedAccounts } from '../account/deletion.service.ts';
import { reservations } from './reservations.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { MyStay } from '../../core/contracts/account.ts';

// A stay's secondary guests: the booker names them in the reservation update call by the e-mail of
// their own accounts; My stay (REST and GraphQL) shows them from those accounts; the purge of either
// account drops the link. On the seeded PGlite (hotel 8, double sky pods: room type 83, 2 guests a pod).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});
beforeEach(() => t.setNow(TEST_NOW));

/** A guest with an account of their own: signs in as them, returns their id and e-mail. */
async function anotherGuest() {
  await t.useNewGuest();
  const [u] = await db.select().from(users).where(eq(users.id, t.userId));
  return { id: u!.id, email: u!.email, name: u!.name };
}

async function hold(pods: number) {
  const res = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    form: {
      hotel_id: '8',
      room_type_id: '83',
      check_in_date_time: '2026-03-12',
      check_out_date_time: '2026-03-14',
      total_room: String(pods),
    },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.data.id as number;
}

const update = (reservationId: number, secondaryGuests: string[] | string, lang: 'id' | 'en' = 'en') =>
  t.call('PUT', '/api/clients/v1/reservations/update', {
    token: t.userToken,
    lang,
    json: { reservationId, secondaryGuests },
  });

const guestsOf = async (reservationId: number) =>
  rows<{ user_id: number; position: number }>(
    db,
    sql`select user_id, position from reservation_guests where reservation_id = ${reservationId} order by position`,
  );

describe('secondary guests', () => {
  it('are named by their accounts in the update call, shown on My stay (REST and GraphQL), and replaced as a list', async () => {
    const b = await anotherGuest();
    const c = await anotherGuest();
    await anotherGuest(); // the booker
    const id = await hold(2);

    // Form-encoded like the review page sends it, in another case and with spaces.
    const named = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      form: { reservationId: String(id), secondaryGuests: ` ${b.email.toUpperCase()}, ${c.email}` },
    });
    expect(named.status, JSON.stringify(named.data)).toBe(200);
    expect(await guestsOf(id)).toEqual([
      { user_id: b.id, position: 1 },
      { user_id: c.id, position: 2 },
    ]);
    // Another update without the field leaves them as they are.
    expect(
      (await t.call('PUT', '/api/clients/v1/reservations/update', { token: t.userToken, json: { reservationId: id } }))
        .status,
    ).toBe(200);
    expect(await guestsOf(id)).toHaveLength(2);

    await db.update(reservations).set({ paymentStatusId: PaymentStatus.paid }).where(eq(reservations.id, id));
    const res = await t.call('GET', '/api/clients/v1/stays', { token: t.userToken });
    const [stay] = res.data.data as MyStay[];
    expect(stay!.guests.secondary).toEqual([
      { name: b.name, email: b.email, phone: expect.any(String) },
      { name: c.name, email: c.email, phone: expect.any(String) },
    ]);
    const gql = await t.gql(
      'secure',
      '{ HotelStayList { id share_stay_status secondary_guest { email } } }',
      {},
      { token: t.userToken },
    );
    expect(gql.data.data.HotelStayList).toEqual([
      { id: `${id}-1`, share_stay_status: 1, secondary_guest: { email: b.email } },
      { id: `${id}-2`, share_stay_status: 1, secondary_guest: { email: c.email } },
    ]);
    // A paid booking's guests are kept (the update call is for bookings waiting for payment).
    expect((await update(id, [b.email])).status).toBe(409);
    expect(await guestsOf(id)).toHaveLength(2);

    // On another booking, the list is replaced, and emptied.
    const next = await hold(1);
    expect((await update(next, [])).status).toBe(200);
    expect(await guestsOf(next)).toEqual([]);
  });

  it('refuse, in the guest language and saving nothing: an e-mail without an account, the booker, too many', async () => {
    const b = await anotherGuest();
    const booker = await anotherGuest();
    // One double pod: room for the booker and one more guest.
    const id = await hold(1);

    const unknown = await update(id, ['nobody-here@example.com'], 'id');
    expect(unknown.status).toBe(422);
    expect(unknown.data).toEqual({
      code: 'stay_guest_no_account',
      message:
        'nobody-here@example.com belum punya akun Bobobox: setiap tamu yang menginap bersamamu perlu punya akun sendiri.',
    });
    const self = await update(id, [booker.email]);
    expect(self.status).toBe(422);
    expect(self.data.code).toBe('stay_guest_is_booker');
    const tooMany = await update(id, [b.email, 'guest-2@example.com']);
    expect(tooMany.status).toBe(422);
    expect(tooMany.data).toEqual({ code: 'stay_guests_too_many', message: 'This booking has room for 1 more guest.' });
    expect(await guestsOf(id)).toEqual([]);
    // A deleted account cannot be named either.
    await db.update(users).set({ deactivatedAt: TEST_NOW }).where(eq(users.id, b.id));
    expect((await update(id, [b.email])).data.code).toBe('stay_guest_no_account');
  });

  it("are dropped by the purge of the guest's account, and of the booker's", async () => {
    const b = await anotherGuest();
    const c = await anotherGuest();
    const booker = await anotherGuest();
    const first = await hold(2);
    expect((await update(first, [b.email, c.email])).status).toBe(200);
    const second = await hold(2);
    expect((await update(second, [c.email])).status).toBe(200);

    // B deletes the account; 31 days later the purge (run for B alone) drops B from the stay.
    await db.update(users).set({ deactivatedAt: TEST_NOW }).where(eq(users.id, b.id));
    await db.update(users).set({ deactivatedAt: TEST_NOW }).where(eq(users.id, booker.id));
    const later = new Date(TEST_NOW.getTime() + 31 * DAY);
    expect(await purgeDeletedAccounts(t.deps, later, { userId: b.id })).toBe(1);
    expect(await guestsOf(first)).toEqual([{ user_id: c.id, position: 2 }]);
    // The booker's account was not in that run; its own purge drops every guest of its bookings.
    expect(await guestsOf(second)).toEqual([{ user_id: c.id, position: 1 }]);
    expect(await purgeDeletedAccounts(t.deps, later, { userId: booker.id })).toBe(1);
    expect(await guestsOf(first)).toEqual([]);
    expect(await guestsOf(second)).toEqual([]);
    const [c2] = await db.select().from(users).where(eq(users.id, c.id));
    expect(c2!.erasedAt).toBeNull();
  });
});
