import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '../../core/payment-status.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { registerJobs } from '../jobs.ts';
import { startJobQueue } from '../jobs/queue.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { reservations } from './reservations.schema.ts';

// Issue 18: hold expiry is a job on the queue, never part of a guest's request. A lapsed hold reads
// as expired at once everywhere a guest looks; its rooms come back when the job runs, within seconds.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
let queue: JobQueue | null = null;
const MINUTE = 60_000;
const ROOM_TYPE = 81;
const NIGHT = '2026-03-16';

beforeAll(async () => {
  // Long-lived tokens: the clock moves past the payment window.
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});

afterAll(async () => {
  await queue?.stop();
  await t.db.close();
});

const CREATE = 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }';
async function hold(token: string, rooms: number, checkIn = NIGHT, checkOut = '2026-03-18') {
  const res = await t.gql(
    'secure',
    CREATE,
    {
      input: {
        hotel_id: 8,
        room_type_id: ROOM_TYPE,
        check_in_date_time: checkIn,
        check_out_date_time: checkOut,
        total_room: rooms,
      },
    },
    { token },
  );
  expect(res.data.errors, JSON.stringify(res.data.errors)).toBeUndefined();
  return res.data.data.HotelCreateReservation.id as number;
}
const sold = async () =>
  (
    await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, ROOM_TYPE), eq(roomInventory.date, NIGHT)))
  )[0].sold;
const stored = async (id: number) =>
  (await db.select().from(reservations).where(eq(reservations.id, id)))[0].paymentStatusId;

describe('hold expiry as a job', () => {
  it('a lapsed hold reads as expired at once, no guest request sweeps it, and the job frees its rooms within seconds', async () => {
    await t.useNewGuest();
    const a = t.tokens.userToken!;
    const lapsed = await hold(a, 2);
    expect(await sold()).toBe(2);
    t.advance(31 * MINUTE);

    // Other guests book, read the calendar and search: none of it touches the lapsed hold.
    await t.useNewGuest();
    const fresh = await hold(t.userToken, 1);
    const calendar = await t.call(
      'GET',
      `/api/clients/v1/availability?hotel_id=8&date_start=${NIGHT}&date_end=${NIGHT}`,
    );
    expect(calendar.status).toBe(200);
    const search = await t.call('POST', '/api/clients/v1/search', {
      form: { hotelId: '8', checkInDateTime: `${NIGHT} 14:00:00`, checkOutDateTime: '2026-03-17 12:00:00' },
    });
    expect(search.status).toBe(200);
    expect(await stored(lapsed)).toBe(PaymentStatus.waiting);
    expect(await sold()).toBe(3);

    // Its guest sees it expired everywhere, and cannot change or cancel it.
    const view = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${lapsed}`, { token: a });
    expect(view.data.data.info).toMatchObject({ paymentStatus: PaymentStatus.expired, paymentStatusLabel: 'Expired' });
    const ids = async (status: number) =>
      (
        await t.call('GET', `/api/clients/v1/reservations/list?paymentStatus=${status}`, { token: a })
      ).data.data.items.map((i: { reservationId: number }) => i.reservationId);
    expect(await ids(PaymentStatus.waiting)).not.toContain(lapsed);
    expect(await ids(PaymentStatus.expired)).toContain(lapsed);
    const all = await t.call('GET', '/api/clients/v1/reservations/list', { token: a, lang: 'id' });
    expect(all.data.data.items.find((i: { reservationId: number }) => i.reservationId === lapsed)).toMatchObject({
      paymentStatus: PaymentStatus.expired,
      paymentStatusLabel: 'Kedaluwarsa',
    });
    const update = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: a,
      json: { reservationId: lapsed },
    });
    expect(update.status).toBe(409);
    const cancel = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: a,
      form: { reservationId: String(lapsed) },
    });
    expect(cancel.status).toBe(409);
    expect(await stored(lapsed)).toBe(PaymentStatus.waiting);

    // The job (every second, as server/jobs.ts registers it) expires it and gives both rooms back.
    const started = Date.now();
    queue = await startJobQueue(t.db, { pollingSeconds: 1 });
    await registerJobs(queue, t.deps, { groups: ['booking'] });
    while ((await stored(lapsed)) === PaymentStatus.waiting && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 100));
    const took = Date.now() - started;
    expect(await stored(lapsed)).toBe(PaymentStatus.expired);
    expect(took).toBeLessThan(5_000);
    expect(await sold()).toBe(1);
    expect(await stored(fresh)).toBe(PaymentStatus.waiting);
  });

  it('a guest whose three holds lapsed books again before the job ran: the lapsed ones expire first', async () => {
    await queue?.stop();
    queue = null;
    await t.useNewGuest();
    const token = t.userToken;
    const three = [
      await hold(token, 1, '2026-03-20', '2026-03-21'),
      await hold(token, 1, '2026-03-21', '2026-03-22'),
      await hold(token, 1, '2026-03-22', '2026-03-23'),
    ];
    const fourth = await t.gql(
      'secure',
      CREATE,
      {
        input: {
          hotel_id: 8,
          room_type_id: ROOM_TYPE,
          check_in_date_time: '2026-03-24',
          check_out_date_time: '2026-03-25',
          total_room: 1,
        },
      },
      { token },
    );
    expect(fourth.data.errors?.[0]?.extensions?.code).toBe('too_many_unpaid');
    t.advance(31 * MINUTE);
    await hold(token, 1, '2026-03-24', '2026-03-25');
    for (const id of three) expect(await stored(id)).toBe(PaymentStatus.expired);
  });
});
