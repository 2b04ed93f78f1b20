import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueClientToken } from '../auth/tokens.service.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { TEST_NOW, bookingTestApp } from '../db/test-booking.ts';
import { stayPassSecret } from '../platform/env.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { readStayPass, signStayPass } from './stay-pass.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { MyStay } from '../../core/contracts/account.ts';

// The stay pass: the token My stay puts in the QR code is accepted by the host's verification call;
// a changed, foreign, mismatched, unpaid or ended one is refused, and only a host client may ask.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
let host: { token: string; apiKey: string };

beforeAll(async () => {
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
  // The host app is the confidential client (API_CLIENT_ID + secret, with its own x-api-key).
  host = { token: (await issueClientToken(t.deps, t.deps.env.API_CLIENT_ID)).access_token, apiKey: t.deps.env.API_KEY };
});
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await t.useNewGuest();
});

async function paidStay(checkIn = '2026-03-12', checkOut = '2026-03-14') {
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
  expect(res.status).toBe(201);
  await db
    .update(reservations)
    .set({ paymentStatusId: PaymentStatus.paid })
    .where(eq(reservations.id, res.data.data.id));
  const list = (await t.call('GET', '/api/clients/v1/stays', { token: t.userToken })).data.data as MyStay[];
  const stay = list.find((s) => s.reservationId === res.data.data.id)!;
  return { id: stay.reservationId, orderId: stay.orderId, token: stay.pass.token, guest: stay.guests.primary.name };
}

const verify = (body: Record<string, unknown>, o: { lang?: 'id' | 'en'; token?: string; apiKey?: string } = {}) =>
  t.call('POST', '/api/host/v1/stay-pass/verify', {
    json: body,
    token: o.token ?? host.token,
    apiKey: o.apiKey ?? host.apiKey,
    lang: o.lang,
  });

describe('POST /host/v1/stay-pass/verify', () => {
  it('accepts the pass My stay shows: the guest, the hotel and the dates of that reservation', async () => {
    const stay = await paidStay();
    const res = await verify({ token: stay.token, hotelId: 8 });
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({
      valid: true,
      reservationId: stay.id,
      orderId: stay.orderId,
      guestName: stay.guest,
      hotel: { id: 8, timeZoneLabel: 'WIB' },
      checkInDate: '2026-03-12',
      checkInTime: '14:00',
      checkOutDate: '2026-03-14',
      checkOutTime: '12:00',
      pods: 1,
      stayStatus: 'upcoming',
    });
  });

  it('refuses a changed token (any part, or its signature) with 400 in both languages', async () => {
    const stay = await paidStay();
    const [prefix, id, order, exp, mac] = stay.token.split('.');
    const flip = (s: string) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const changed = [
      [prefix, String(Number(id) + 1), order, exp, mac],
      [prefix, id, order, String(Number(exp) + 86_400), mac],
      [prefix, id, order, exp, flip(mac!)],
      [prefix, id, order, exp],
    ].map((parts) => parts.join('.'));
    for (const token of [...changed, 'BBX-BOOKING:' + stay.orderId, stay.token.toLowerCase()]) {
      const res = await verify({ token });
      expect(res.status, token).toBe(400);
      expect(res.data.code).toBe('stay_pass_invalid');
    }
    const id400 = await verify({ token: changed[0] }, { lang: 'id' });
    expect(id400.data.message).toBe('Tiket menginap ini tidak sah: isinya diubah atau bukan terbitan Bobobox.');
    expect((await verify({ token: changed[0] })).data.message).toBe(
      'This stay pass is not valid: it was changed or was not issued by Bobobox.',
    );
  });

  it('refuses a token signed with another key (a foreign pass), even for a real reservation', async () => {
    const stay = await paidStay();
    const claims = readStayPass(stayPassSecret(t.deps.env), stay.token)!;
    const forged = signStayPass('someone-elses-key-that-is-long-enough-000', claims);
    expect((await verify({ token: forged })).status).toBe(400);
  });

  it("refuses a well-signed token naming another reservation's order (404), or another hotel's stay (404)", async () => {
    const stay = await paidStay();
    const claims = readStayPass(stayPassSecret(t.deps.env), stay.token)!;
    const mismatched = signStayPass(stayPassSecret(t.deps.env), { ...claims, orderId: 'BBX-20260302-OTHER000' });
    const res = await verify({ token: mismatched });
    expect(res.status).toBe(404);
    expect(res.data.code).toBe('stay_pass_unknown');
    const missing = signStayPass(stayPassSecret(t.deps.env), { ...claims, reservationId: 99_999_999 });
    expect((await verify({ token: missing })).status).toBe(404);
    const elsewhere = await verify({ token: stay.token, hotelId: 7 });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.data).toEqual({ code: 'stay_pass_other_hotel', message: 'This stay pass is for another hotel.' });
  });

  it('refuses the pass of a stay that has ended (409), and of a booking no longer paid (409)', async () => {
    const stay = await paidStay();
    t.setNow(new Date('2026-03-12T07:00:00.000Z'));
    expect((await verify({ token: stay.token })).data.data.stayStatus).toBe('staying');
    t.setNow(new Date('2026-03-14T05:00:00.000Z'));
    const ended = await verify({ token: stay.token }, { lang: 'id' });
    expect(ended.status).toBe(409);
    expect(ended.data).toEqual({ code: 'stay_pass_ended', message: 'Masa menginap ini sudah berakhir.' });
    t.setNow(TEST_NOW);
    await db.update(reservations).set({ paymentStatusId: PaymentStatus.refunded }).where(eq(reservations.id, stay.id));
    const refunded = await verify({ token: stay.token });
    expect(refunded.status).toBe(409);
    expect(refunded.data.code).toBe('stay_pass_not_paid');
  });

  it('answers only a host (confidential) client: the public web client and guests get 403, no token 401', async () => {
    const stay = await paidStay();
    const web = await verify({ token: stay.token }, { token: t.tokens.clientToken, apiKey: t.tokens.apiKey });
    expect(web.status).toBe(403);
    expect(web.data.code).toBe('host_only');
    const guest = await verify({ token: stay.token }, { token: t.userToken, apiKey: t.tokens.apiKey });
    expect(guest.status).toBe(403);
    expect((await verify({ token: stay.token }, { token: '' })).status).toBe(401);
    expect((await verify({ token: stay.token }, { apiKey: t.tokens.apiKey })).status).toBe(401);
    expect((await verify({})).status).toBe(422);
  });
});
