import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { recordStatements } from '../db/plan-check.test-helpers.ts';
import type { Recorded } from '../db/plan-check.test-helpers.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { reservations } from './reservations.schema.ts';

// Issue 18: a create is one round trip for its check-and-hold. Every statement the API sends to the
// database while it serves a create is recorded (the PGlite client's query, in and out of
// transactions): a nightly stay given as dates costs the session lookup of the sign-in middleware and
// ONE call of reservation_hold (api/reservations/sql/reservation-hold.sql), refused or not; before, a create sent a
// dozen (hotel, room type, guest, unpaid count, then a transaction locking nights, reading
// blackouts and blocks, updating stock and inserting the reservation and its nights).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
let recorder: ReturnType<typeof recordStatements> | null = null;
beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 7));
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 3));
  await db.execute(sql`delete from hotel_blackouts where hotel_id in (3, 7)`);
});
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await t.useNewGuest();
});
afterEach(() => {
  recorder?.stop();
  recorder = null;
});

const CREATE =
  'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id order_id checkin_date checkout_date total_room booker { id } daily_details { date gross_revenue promotion_code } } }';

/** The statements sent while `fn` runs, and what it returned. */
async function recorded<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Recorded[] }> {
  recorder = recordStatements(t.db);
  try {
    const result = await fn();
    return { result, statements: recorder.stop() };
  } finally {
    recorder = null;
  }
}
const texts = (statements: Recorded[]) => statements.map((s) => s.text.replace(/\s+/g, ' ').trim().slice(0, 60));
const holds = (statements: Recorded[]) => statements.filter((s) => /reservation_hold\(/.test(s.text)).length;

const nights = (input: Record<string, unknown> = {}) =>
  t.gql('secure', CREATE, {
    input: {
      hotel_id: 7,
      room_type_id: 71,
      check_in_date_time: '2026-03-12',
      check_out_date_time: '2026-03-14',
      total_room: 1,
      ...input,
    },
  });

describe('the statements of a create', () => {
  it('a nightly stay: the session lookup and one call of reservation_hold, no transaction', async () => {
    const { result, statements } = await recorded(() => nights());
    const created = result.data.data.HotelCreateReservation;
    expect(created).toMatchObject({ checkin_date: '2026-03-12', checkout_date: '2026-03-14', total_room: 1 });
    expect(created.daily_details.map((d: { date: string }) => d.date)).toEqual(['2026-03-12', '2026-03-13']);
    expect(texts(statements)).toHaveLength(2);
    expect(statements[0]!.text).toMatch(/from auth_sessions/);
    expect(holds(statements)).toBe(1);
    expect(statements.some((s) => /^\s*(begin|commit)\b/i.test(s.text))).toBe(false);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, created.id));
    expect(row).toMatchObject({ userId: t.userId, roomTypeId: 71, paymentStatusId: 1, checkinDate: '2026-03-12' });
  });

  it('refusals cost the same one call: sold out, a room type of another hotel, a stay too long', async () => {
    await db.execute(sql`update room_inventory set sold = sellable where room_type_id = 73 and date = '2026-03-13'`);
    const soldOut = await recorded(() => nights({ room_type_id: 73 }));
    expect(soldOut.result.data.errors[0].extensions.code).toBe('sold_out');
    expect(texts(soldOut.statements)).toHaveLength(2);
    const otherHotel = await recorded(() => nights({ room_type_id: 31 }));
    expect(otherHotel.result.data.errors[0].extensions.status).toBe(404);
    expect(texts(otherHotel.statements)).toHaveLength(2);
    // The database finds the stay outside the hotel's rules; the API names the rule without asking again.
    const tooLong = await recorded(() => nights({ check_out_date_time: '2026-04-12' }));
    expect(tooLong.result.data.errors[0].extensions.code).toBe('stay_too_long');
    expect(texts(tooLong.statements)).toHaveLength(2);
  });

  it('a guest with a lapsed hold: it is released first, then the hold is taken (four statements)', async () => {
    const first = (await nights()).data.data.HotelCreateReservation.id;
    t.setNow(new Date(TEST_NOW.getTime() + 31 * 60_000));
    const { result, statements } = await recorded(() =>
      nights({ check_in_date_time: '2026-03-20', check_out_date_time: '2026-03-21' }),
    );
    expect(result.data.data.HotelCreateReservation.id).toBeGreaterThan(first);
    expect(holds(statements)).toBe(2);
    expect(statements.filter((s) => s.text.includes('released_reservations'))).toHaveLength(1);
    expect(statements).toHaveLength(4);
    const [old] = await db.select().from(reservations).where(eq(reservations.id, first));
    expect(old!.paymentStatusId).toBe(3);
  });

  it('a promo code or a day-use block reads the hotel first: still one call of reservation_hold', async () => {
    const promo = await recorded(() => nights({ promo_code: 'BOBOHEMAT' }));
    expect(promo.result.data.data.HotelCreateReservation.daily_details[0].promotion_code).toBe('BOBOHEMAT');
    expect(holds(promo.statements)).toBe(1);
    expect(promo.statements.length).toBeLessThanOrEqual(6);
    const block = await recorded(() =>
      t.call('POST', '/api/clients/v1/reservations/create', {
        token: t.userToken,
        form: {
          hotel_id: '3',
          room_type_id: '31',
          total_room: '1',
          check_in_date_time: '2026-03-05',
          check_out_date_time: '2026-03-05',
          start_hour: '14',
          block_hours: '3',
        },
      }),
    );
    expect(block.result.status).toBe(201);
    expect(block.result.data.data.day_use).toMatchObject({ hours: 3, startTime: '14:00', endTime: '17:00' });
    expect(holds(block.statements)).toBe(1);
    // Session, hotel, room type, block, hold.
    expect(block.statements).toHaveLength(5);
  });
});
