import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentStatus } from '../../core/payment-status.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { releaseHold } from './release-hold.ts';
import { reservations } from './reservations.schema.ts';

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});

const CREATE = 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }';
const sold = async (roomTypeId: number, date: string) =>
  (
    await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, roomTypeId), eq(roomInventory.date, date)))
  )[0].sold;
const status = async (id: number) =>
  (await db.select().from(reservations).where(eq(reservations.id, id)))[0].paymentStatusId;

async function hold(rooms: number, checkIn: string, checkOut: string): Promise<number> {
  const res = await t.gql('secure', CREATE, {
    input: {
      hotel_id: 8,
      room_type_id: 81,
      check_in_date_time: checkIn,
      check_out_date_time: checkOut,
      total_room: rooms,
    },
  });
  return res.data.data.HotelCreateReservation.id as number;
}

describe('releaseHold, the one way a reservation gives its nights back', () => {
  it('flips the status and releases every night exactly once, however often it is called', async () => {
    const id = await hold(2, '2026-03-16', '2026-03-18');
    expect([await sold(81, '2026-03-16'), await sold(81, '2026-03-17')]).toEqual([2, 2]);
    const target = { id, from: [PaymentStatus.waiting], to: PaymentStatus.cancelled, now: TEST_NOW } as const;
    expect(await releaseHold(db, target)).toBe(1);
    expect(await releaseHold(db, target)).toBe(0);
    expect(await Promise.all([releaseHold(db, target), releaseHold(db, target)])).toEqual([0, 0]);
    expect([await sold(81, '2026-03-16'), await sold(81, '2026-03-17'), await sold(81, '2026-03-18')]).toEqual([
      0, 0, 0,
    ]);
    expect(await status(id)).toBe(PaymentStatus.cancelled);
  });

  it('expiry takes only holds whose payment window is over, and leaves paid stays alone', async () => {
    const open = await hold(1, '2026-03-24', '2026-03-25');
    const paid = await hold(1, '2026-03-24', '2026-03-25');
    await db.update(reservations).set({ paymentStatusId: PaymentStatus.paid }).where(eq(reservations.id, paid));
    const expire = (now: Date) =>
      releaseHold(db, { from: [PaymentStatus.waiting], to: PaymentStatus.expired, windowOver: true, now });
    expect(await expire(TEST_NOW)).toBe(0);
    expect(await sold(81, '2026-03-24')).toBe(2);
    expect(await expire(new Date(TEST_NOW.getTime() + 31 * 60_000))).toBe(1);
    expect(await sold(81, '2026-03-24')).toBe(1);
    expect([await status(open), await status(paid)]).toEqual([PaymentStatus.expired, PaymentStatus.paid]);
  });
});
