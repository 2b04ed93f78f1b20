import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stayCheckins } from './account.schema.ts';
import { users } from '../auth/auth.schema.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { paymentCharges } from '../payments/charge.schema.ts';
import { stayWindow } from './account-lists.ts';
import { countReservations } from '../reservations/reservation-count.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { MyStay, StayHistoryItem } from '../../core/contracts/account.ts';

// The account area's lists over REST: the order badge's one count, cancel from the orders page,
// My stay (HotelStayList) and the history (HotelStayHistoryList), on the seeded PGlite.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  for (const hotelId of [3, 8, 14])
    await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, hotelId));
});
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await t.useNewGuest();
});
afterEach(() => vi.restoreAllMocks());

async function hold(
  roomTypeId = 81,
  checkIn = '2026-03-12',
  checkOut = '2026-03-14',
): Promise<{ id: number; order_id: string }> {
  const res = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    form: {
      hotel_id: String(Math.floor(roomTypeId / 10)),
      room_type_id: String(roomTypeId),
      check_in_date_time: checkIn,
      check_out_date_time: checkOut,
      total_room: '1',
    },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.data;
}

/** Settle a hold as the gateway would: status 2 and a settled charge of `amount`. */
async function pay(id: number, amount = 250_000) {
  const [r] = await db
    .update(reservations)
    .set({ paymentStatusId: PaymentStatus.paid })
    .where(eq(reservations.id, id))
    .returning();
  await db.insert(paymentCharges).values({
    orderId: `${r.orderId}-P1`,
    reservationId: id,
    userId: r.userId,
    attempt: 1,
    channelCode: 'bca_va',
    paymentType: 'bank_transfer',
    grossAmount: amount,
    lang: 'en',
    gateway: 'sandbox',
    status: 'settlement',
    expiresAt: r.expiredAt,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
  });
}

const count = async (status?: number) =>
  t.call('GET', `/api/clients/v1/reservations/count${status ? `?paymentStatus=${status}` : ''}`, {
    token: t.userToken,
  });
const stays = async (lang: 'id' | 'en' = 'en') =>
  (await t.call('GET', '/api/clients/v1/stays', { token: t.userToken, lang })).data.data as MyStay[];
const history = async (lang: 'id' | 'en' = 'en') =>
  (await t.call('GET', '/api/clients/v1/stays/history', { token: t.userToken, lang })).data.data as StayHistoryItem[];

describe('the order badge: GET /clients/v1/reservations/count', () => {
  it('counts unpaid holds still inside their payment window, not expired, paid or cancelled ones', async () => {
    expect((await count(1)).data).toEqual({ data: { count: 0 } });
    const first = await hold();
    t.advance(20 * MINUTE);
    await hold(81, '2026-03-20', '2026-03-21');
    const paid = await hold(81, '2026-03-25', '2026-03-26');
    await pay(paid.id);
    expect((await count(1)).data.data.count).toBe(2);
    // 35 minutes after the first hold: its 30-minute window is over, though no sweep has run yet.
    t.advance(15 * MINUTE);
    const stored = await db.select().from(reservations).where(eq(reservations.id, first.id));
    expect(stored[0].paymentStatusId).toBe(PaymentStatus.waiting);
    expect((await count(1)).data.data.count).toBe(1);
    expect((await count(3)).data.data.count).toBe(1);
    expect((await count(2)).data.data.count).toBe(1);
    expect((await count()).data.data.count).toBe(3);
  });

  it('is one `select count(*)` statement, whatever the number of reservations', async () => {
    await hold();
    await hold(81, '2026-03-20', '2026-03-21');
    const client = (db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const answer = await countReservations(db, { userId: t.userId, now: TEST_NOW, status: PaymentStatus.waiting });
    expect(answer).toEqual({ count: 2 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0]![0])).toMatch(/^select count\(\*\)::int as n from reservations where/);
  });

  it('refuses a status outside 1-5 and an anonymous caller', async () => {
    expect((await count(9)).status).toBe(422);
    expect((await t.call('GET', '/api/clients/v1/reservations/count?paymentStatus=1')).status).toBe(401);
  });
});

describe('cancel from the orders page', () => {
  it("cancels the guest's own waiting order, gives the nights back, and the badge and history follow", async () => {
    const sold = async () =>
      (
        await db
          .select()
          .from(roomInventory)
          .where(and(eq(roomInventory.roomTypeId, 81), eq(roomInventory.date, '2026-03-12')))
      )[0].sold;
    const before = await sold();
    const r = await hold();
    expect(await sold()).toBe(before + 1);
    const res = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(r.id) },
    });
    expect(res.status).toBe(200);
    expect(res.data.data).toEqual({ reservationId: r.id, paymentStatus: PaymentStatus.cancelled });
    expect(await sold()).toBe(before);
    expect((await count(1)).data.data.count).toBe(0);
    expect((await history('id')).map((h) => [h.orderId, h.status, h.statusLabel])).toEqual([
      [r.order_id, 'cancelled', 'Pembayaran dibatalkan'],
    ]);
  });

  it("refuses another guest's order (404, untouched) and a paid one (409, the spec's copy)", async () => {
    const mine = await hold();
    const mineToken = t.userToken;
    await t.useNewGuest();
    const other = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(mine.id) },
    });
    expect(other.status).toBe(404);
    expect((await db.select().from(reservations).where(eq(reservations.id, mine.id)))[0].paymentStatusId).toBe(
      PaymentStatus.waiting,
    );
    await pay(mine.id);
    for (const lang of ['en', 'id'] as const) {
      const paid = await t.call('POST', '/api/clients/v1/reservations/cancel', {
        token: mineToken,
        form: { reservationId: String(mine.id) },
        lang,
      });
      expect(paid.status).toBe(409);
      expect(paid.data).toEqual({
        code: 'cancel_failed',
        message: lang === 'en' ? 'Failed to cancel the booking' : 'Gagal membatalkan pesanan',
      });
    }
    expect((await db.select().from(reservations).where(eq(reservations.id, mine.id)))[0].paymentStatusId).toBe(
      PaymentStatus.paid,
    );
  });
});

describe('My stay: GET /clients/v1/stays', () => {
  it('lists paid stays not yet checked out, with the hotel, its zone, the pass, the calendar and the check-in rules', async () => {
    const waiting = await hold(81, '2026-03-05', '2026-03-06');
    const r = await hold();
    await pay(r.id);
    await db.update(reservations).set({ isUseAddon: true }).where(eq(reservations.id, r.id));
    const [s, ...rest] = await stays();
    expect(rest).toEqual([]);
    expect(s).toMatchObject({
      reservationId: r.id,
      orderId: r.order_id,
      stayStatus: 'upcoming',
      stayStatusLabel: 'Upcoming',
      checkInDate: '2026-03-12',
      checkOutDate: '2026-03-14',
      // 14:00 and 12:00 in Jakarta (UTC+7).
      checkInAt: '2026-03-12T07:00:00.000Z',
      checkOutAt: '2026-03-14T05:00:00.000Z',
      nights: 2,
      hotel: { id: 8, timeZoneLabel: 'WIB', checkInTime: '14:00', checkOutTime: '12:00' },
      pods: { roomTypeId: 81, count: 1 },
      guests: { secondary: [] },
      // Not yet asked of the insurer (the insurance.sync job does): being issued, no number.
      insurancePolicy: { status: 'requested', policyNumber: null, coverAmount: 10_000_000 },
      selfCheckIn: {
        opensAt: '2026-03-12T06:00:00.000Z',
        opensAtTime: '13:00',
        closesAt: '2026-03-14T05:00:00.000Z',
        isBooker: true,
        identityStatus: 'not_submitted',
        livenessCountRetry: 0,
        maxLivenessRetries: 3,
        checkedInAt: null,
      },
    });
    expect(s.hotel.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d/);
    expect(s.guests.primary.email).toMatch(/@example\.com$/);
    expect(s.pass.token).toMatch(new RegExp(`^BBXSP1\\.${r.id}\\.${r.order_id}\\.\\d+\\.[\\w-]{43}$`));
    expect(s.calendar).toContain('BEGIN:VCALENDAR');
    expect(s.calendar).toContain(r.order_id);
    expect(s.calendar).toContain('DTSTART;TZID=Asia/Jakarta:20260312T140000');
    expect(waiting.id).not.toBe(s.reservationId);
  });

  it('follows the identity state and failed face checks; a WITA hotel opens check-in at 13:00 WITA', async () => {
    const r = await hold(141);
    await pay(r.id);
    await db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, t.userId));
    await db.insert(stayCheckins).values({ reservationId: r.id, userId: t.userId, livenessCountRetry: 3 });
    const [s] = await stays('id');
    expect(s.hotel.timeZoneLabel).toBe('WITA');
    expect(s.stayStatusLabel).toBe('Akan datang');
    expect(s.selfCheckIn).toMatchObject({
      opensAt: '2026-03-12T05:00:00.000Z',
      opensAtTime: '13:00',
      identityStatus: 'verified',
      livenessCountRetry: 3,
    });
  });

  it('shows a stay as staying from its check-in instant, and moves it to the history at its check-out instant', async () => {
    const r = await hold();
    await pay(r.id, 321_000);
    t.setNow(new Date('2026-03-12T07:00:00.000Z'));
    expect((await stays()).map((s) => s.stayStatus)).toEqual(['staying']);
    t.setNow(new Date('2026-03-14T04:59:00.000Z'));
    expect(await stays()).toHaveLength(1);
    expect(await history()).toEqual([]);
    t.setNow(new Date('2026-03-14T05:00:00.000Z'));
    expect(await stays()).toEqual([]);
    expect(await history()).toEqual([
      expect.objectContaining({
        reservationId: r.id,
        status: 'completed',
        statusLabel: 'Completed',
        paidAmount: 321_000,
      }),
    ]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/clients/v1/stays')).status).toBe(401);
    expect((await t.call('GET', '/api/clients/v1/stays', { token: '' })).status).toBe(401);
  });
});

describe('History: GET /clients/v1/stays/history', () => {
  it('holds completed stays and cancelled, expired (even before the sweep) and refunded orders with their labels', async () => {
    const open = await hold(81, '2026-03-20', '2026-03-21');
    const cancelled = await hold(81, '2026-03-22', '2026-03-23');
    await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(cancelled.id) },
    });
    const refunded = await hold(81, '2026-03-24', '2026-03-25');
    await pay(refunded.id, 150_000);
    await db
      .update(reservations)
      .set({ paymentStatusId: PaymentStatus.refunded })
      .where(eq(reservations.id, refunded.id));
    await db.update(paymentCharges).set({ status: 'refund' }).where(eq(paymentCharges.reservationId, refunded.id));
    expect((await history()).map((h) => h.status)).toEqual(['refunded', 'cancelled']);
    t.advance(31 * MINUTE); // `open` is past its payment window, not yet swept
    const list = await history('id');
    expect(list.map((h) => [h.reservationId, h.status, h.statusLabel, h.paymentStatus, h.paidAmount])).toEqual([
      [refunded.id, 'refunded', 'Dana dikembalikan', 5, 150_000],
      [cancelled.id, 'cancelled', 'Pembayaran dibatalkan', 4, null],
      [open.id, 'expired', 'Kedaluwarsa', 3, null],
    ]);
    expect(list[0]).toMatchObject({ hotel: { id: 8 }, nights: 1, totalPods: 1, checkInDate: '2026-03-24' });
    expect((await count(1)).data.data.count).toBe(0);
  });
});

describe('stayWindow', () => {
  it('is the hotel-local check-in and check-out instants, with self check-in one hour before check-in', () => {
    const w = stayWindow(
      { checkinDate: '2026-03-12', checkoutDate: '2026-03-13' },
      { checkInTime: '14:00', checkOutTime: '12:00', timeZone: 'Asia/Jayapura' },
    );
    expect(w.checkInAt.toISOString()).toBe('2026-03-12T05:00:00.000Z');
    expect(w.opensAt.toISOString()).toBe('2026-03-12T04:00:00.000Z');
    expect(w.checkOutAt.getTime() - w.checkInAt.getTime()).toBe(DAY - 2 * 60 * MINUTE);
  });
});

describe('a day-use stay', () => {
  it('is in My stay over its block of hours and in the history from the block end (not the hotel check-out time)', async () => {
    await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 3));
    const res = await t.call('POST', '/api/clients/v1/reservations/create', {
      token: t.userToken,
      form: {
        hotel_id: '3',
        room_type_id: '31',
        total_room: '1',
        check_in_date_time: '2026-03-10',
        check_out_date_time: '2026-03-10',
        start_hour: '10',
        block_hours: '3',
      },
    });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const id = res.data.data.id as number;
    await pay(id, 58_000);
    // 12:30 WIB on the day: past the hotel's 12:00 check-out time, inside the 10:00-13:00 block.
    t.setNow(new Date('2026-03-10T05:30:00.000Z'));
    const [s] = await stays();
    expect(s).toMatchObject({
      reservationId: id,
      stayStatus: 'staying',
      checkInAt: '2026-03-10T03:00:00.000Z',
      checkOutAt: '2026-03-10T06:00:00.000Z',
      selfCheckIn: { opensAtTime: '09:00' },
    });
    expect(await history()).toEqual([]);
    t.setNow(new Date('2026-03-10T06:00:00.000Z'));
    expect(await stays()).toEqual([]);
    expect((await history()).map((h) => [h.reservationId, h.status])).toEqual([[id, 'completed']]);
  });
});

describe('GraphQL HotelStayList and HotelStayHistoryList', () => {
  const STAY_FIELDS =
    'id reservation_id stay_status stay_status_label check_in_datetime check_out_datetime check_in_status qr_code guest_name guest_price identity_status share_stay_status primary_guest { name } secondary_guest { name email } room { room_type_id room_type bed_size capacity } hotel { id time_zone_label } insurance_policy { status }';
  const gqlStays = async (list: 'HotelStayList' | 'HotelStayHistoryList', lang: 'id' | 'en' = 'en') => {
    const res = await t.gql('secure', `{ ${list} { ${STAY_FIELDS} } }`, {}, { token: t.userToken, lang });
    expect(res.data.errors, JSON.stringify(res.data.errors)).toBeUndefined();
    return res.data.data[list] as Record<string, any>[];
  };

  it("are My stay's and the history's stays by the same check-out rule, one entry per pod, with the signed pass as QR", async () => {
    const res = await t.call('POST', '/api/clients/v1/reservations/create', {
      token: t.userToken,
      form: {
        hotel_id: '8',
        room_type_id: '81',
        check_in_date_time: '2026-03-12',
        check_out_date_time: '2026-03-14',
        total_room: '2',
      },
    });
    expect(res.status).toBe(201);
    const r = res.data.data as { id: number };
    await pay(r.id, 500_000);
    const [rest] = await stays();
    const list = await gqlStays('HotelStayList', 'id');
    expect(list.map((s) => s.id)).toEqual([`${r.id}-1`, `${r.id}-2`]);
    expect(list[0]).toMatchObject({
      reservation_id: r.id,
      stay_status: 1,
      stay_status_label: 'Akan datang',
      check_in_datetime: '2026-03-12 14:00:00',
      check_out_datetime: '2026-03-14 12:00:00',
      check_in_status: 0,
      qr_code: rest!.pass.token,
      guest_price: 250_000,
      identity_status: 0,
      share_stay_status: 0,
      secondary_guest: null,
      room: { room_type_id: 81, capacity: rest!.pods.capacity },
      hotel: { id: 8, time_zone_label: 'WIB' },
    });
    expect(list[0]!.qr_code).toMatch(/^BBXSP1\./);
    expect(await gqlStays('HotelStayHistoryList')).toEqual([]);

    // One minute before the check-out instant both gateways still call it current; at the instant,
    // both move it to the history (the old GraphQL rule waited for the next calendar day).
    t.setNow(new Date('2026-03-14T04:59:00.000Z'));
    expect((await gqlStays('HotelStayList')).map((s) => s.stay_status)).toEqual([2, 2]);
    expect(await stays()).toHaveLength(1);
    t.setNow(new Date('2026-03-14T05:00:00.000Z'));
    expect(await stays()).toEqual([]);
    expect(await gqlStays('HotelStayList')).toEqual([]);
    const past = await gqlStays('HotelStayHistoryList');
    expect(past.map((s) => [s.id, s.stay_status, s.stay_status_label])).toEqual([
      [`${r.id}-1`, 3, 'Completed'],
      [`${r.id}-2`, 3, 'Completed'],
    ]);
    expect((await history()).map((h) => [h.reservationId, h.status])).toEqual([[r.id, 'completed']]);
  });

  it('leave closed orders to the REST history and filter by stay_status', async () => {
    const cancelled = await hold(81, '2026-03-22', '2026-03-23');
    await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(cancelled.id) },
    });
    const paid = await hold();
    await pay(paid.id);
    expect((await history()).map((h) => h.status)).toEqual(['cancelled']);
    expect(await gqlStays('HotelStayHistoryList')).toEqual([]);
    const upcoming = await t.gql(
      'secure',
      'query Q($input: HotelStayListInput) { HotelStayList(input: $input) { reservation_id } }',
      { input: { stay_status: 2 } },
      { token: t.userToken },
    );
    expect(upcoming.data.data.HotelStayList).toEqual([]);
  });
});
