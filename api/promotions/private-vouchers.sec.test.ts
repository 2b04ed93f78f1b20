import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';

// Security tier (leaks): private vouchers (codes given to particular guests) are never listed to
// guests, neither in the public promo list nor in a reservation's voucher list; whoever holds one
// can still type it.

const PRIVATE = ['STAYLAGI25', 'MALAMGRATIS'];
let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
});
afterAll(async () => t.deps.database.close());

describe('private vouchers', () => {
  it('are in no list a guest can read, and still work when typed', async () => {
    const promos = await t.call('GET', '/api/clients/v1/list-promo?size=-1');
    expect(promos.status).toBe(200);
    const listed = (promos.data.data as { promo_code: string }[]).map((p) => p.promo_code);
    expect(listed.length).toBeGreaterThan(0);
    for (const code of PRIVATE) expect(listed).not.toContain(code);

    const created = await t.gql(
      'secure',
      'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
      {
        input: {
          hotel_id: 7,
          room_type_id: 71,
          check_in_date_time: '2026-03-12',
          check_out_date_time: '2026-03-14',
          total_room: 1,
        },
      },
    );
    const reservationId = created.data.data.HotelCreateReservation.id as number;
    const vouchers = await t.gql(
      'secure',
      'query V($input: ReservationRoomVoucherListInput!) { ReservationRoomVoucherList(input: $input) { promo_code } }',
      { input: { reservation_id: reservationId } },
    );
    const offered = (vouchers.data.data.ReservationRoomVoucherList as { promo_code: string }[]).map(
      (v) => v.promo_code,
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const code of PRIVATE) expect(offered).not.toContain(code);

    const typed = await t.gql(
      'secure',
      'query S($input: ReservationRoomVoucherSearchInput!) { ReservationRoomVoucherSearch(input: $input) { promo_code } }',
      { input: { reservation_id: reservationId, promo_code: 'staylagi25' } },
    );
    expect(typed.data.data.ReservationRoomVoucherSearch.promo_code).toBe('STAYLAGI25');
  });
});
