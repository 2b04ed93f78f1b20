import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { bobopointAccounts } from '../points/points.schema.ts';
import { expireDueHolds } from './expiry.ts';
import { rows } from '../db/query.ts';
import { reservations } from './reservations.schema.ts';
import { users } from '../auth/auth.schema.ts';
import { apiId } from '../../core/i18n/api-id.ts';

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
beforeAll(async () => {
  // Long-lived test tokens: these tests move the clock past the payment window and into next week.
  t = await bookingTestApp({ AUTH_ACCESS_TTL_SECONDS: '1209600' });
  db = t.db.db;
  // Plenty of stock in hotels 7 and 8 so these tests never depend on the seeded pre-sold counts.
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 7));
  await db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 8));
});

// Tests own their data: each books as a guest of its own (an account holds at most three unpaid
// reservations).
beforeEach(async () => t.useNewGuest());

const CREATE =
  'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id order_id source_id checkin_date checkout_date created_datetime expired_datetime payment_status_id total_room hotel { id name } booker { id name email phone } daily_details { date guest_price gross_revenue gift_certificate rate_plan_ota_price promotion_ota_price ota_commision promotion_percent promotion_price add_on_price fake_price promotion_code } } }';
const DETAIL =
  'query D($input: ReservationDetailInput!) { ReservationDetail(input: $input) { info { reservationId orderId expiredDateTime paymentStatus paymentStatusLabel duration totalPods hotel { name timeZoneLabel } pods { roomType count } } priceDetail { grossRevenue promotion tax serviceFee insurance carbonOffset bankFee guestPrice giftCertificateDiscount } guest { name email phoneNumber } roomRevenue { date grossRevenue } insurancePolicies { coverAmount premium } priceBreakdown { total bobopoint_value promo_code promo_value tax_total fee_total payment_channel_code room_types { room_type_id items { date price quantity } } } allowEsgPurchase esg { total items { uuid quantity total } } } }';
const CARBON = '6f1c2b0e-4d1a-4c55-9a3e-0b8f5c1d2e01';

const sold = async (roomTypeId: number, date: string) =>
  (
    await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, roomTypeId), eq(roomInventory.date, date)))
  )[0].sold;

async function create(input: Record<string, unknown>, lang: 'id' | 'en' = 'en') {
  const roomTypeId = Number(input.room_type_id ?? 71);
  return t.gql(
    'secure',
    CREATE,
    {
      input: {
        hotel_id: Math.floor(roomTypeId / 10),
        room_type_id: roomTypeId,
        check_in_date_time: '2026-03-12',
        check_out_date_time: '2026-03-14',
        total_room: 1,
        ...input,
      },
    },
    { lang },
  );
}

describe('HotelCreateReservation', () => {
  it('holds every night, sets the payment window and returns the created shape', async () => {
    const before = [await sold(72, '2026-03-12'), await sold(72, '2026-03-13'), await sold(72, '2026-03-14')];
    const r = await create({ room_type_id: 72, total_room: 2 });
    expect(r.status).toBe(200);
    const c = r.data.data.HotelCreateReservation;
    expect(c).toMatchObject({
      source_id: 1,
      checkin_date: '2026-03-12',
      checkout_date: '2026-03-14',
      created_datetime: '2026-03-02 10:00:00',
      expired_datetime: '2026-03-02 10:30:00',
      payment_status_id: 1,
      total_room: 2,
      hotel: { id: 7 },
    });
    expect(c.booker.id).toBe(t.userId);
    expect(c.daily_details).toHaveLength(2);
    expect(c.order_id).toMatch(/^BBX-20260302-/);
    expect([await sold(72, '2026-03-12'), await sold(72, '2026-03-13'), await sold(72, '2026-03-14')]).toEqual([
      before[0] + 2,
      before[1] + 2,
      before[2],
    ]);
  });
  it('refuses when the last rooms are gone (409, bilingual) and on blackout nights', async () => {
    await db
      .update(roomInventory)
      .set({ sellable: 10, sold: 8 })
      .where(and(eq(roomInventory.roomTypeId, 73), eq(roomInventory.date, '2026-03-13')));
    const r = await create({ room_type_id: 73, total_room: 1 }, 'id');
    expect(r.data.errors[0].message).toBe('Maaf, kamar ini sudah habis untuk tanggal yang kamu pilih.');
    expect(r.data.errors[0].extensions.code).toBe('sold_out');
    expect(await sold(73, '2026-03-12')).toBe(0); // nothing taken on the other night
  });
  it('needs a user token: the open gateway refuses with 401 and the secure gateway needs a user', async () => {
    const open = await t.gql('open', CREATE, {
      input: {
        hotel_id: 7,
        room_type_id: 71,
        check_in_date_time: '2026-03-12',
        check_out_date_time: '2026-03-13',
        total_room: 1,
      },
    });
    expect(open.status).toBe(401);
    const clientOnSecure = await t.gql('secure', CREATE, { input: {} }, { token: t.tokens.clientToken });
    expect(clientOnSecure.status).toBe(401);
  });
  it('validates input: total_room 0 or 11, wrong room type', async () => {
    expect((await create({ total_room: 0 })).data.errors[0].extensions.code).toBe('validation_failed');
    expect((await create({ total_room: 11 })).data.errors[0].extensions.code).toBe('validation_failed');
    expect(
      (
        await t.gql('secure', CREATE, {
          input: {
            hotel_id: 7,
            room_type_id: 11,
            check_in_date_time: '2026-03-12',
            check_out_date_time: '2026-03-13',
            total_room: 1,
          },
        })
      ).data.errors[0].extensions.code,
    ).toBe('not_found');
  });
});

describe('verification before the first booking', () => {
  it('an account with neither e-mail nor phone verified cannot hold rooms (403, bilingual); verified, it can', async () => {
    await db.update(users).set({ isEmailVerified: false, isTelephoneVerified: false }).where(eq(users.id, t.userId));
    const refused = await create({ room_type_id: 71 }, 'id');
    expect(refused.data.errors[0].extensions.code).toBe('verification_required');
    expect(refused.data.errors[0].message).toMatch(/^Verifikasi e-mail atau nomor HP kamu dulu/);
    await db.update(users).set({ isTelephoneVerified: true }).where(eq(users.id, t.userId));
    expect((await create({ room_type_id: 71 })).status).toBe(200);
  });
});

describe('voucher redemption limits', () => {
  it('a guest redeems a one-per-guest voucher once: a second booking gets a bilingual 409 until the first lets go', async () => {
    const first = (await create({ room_type_id: 71 })).data.data.HotelCreateReservation.id;
    const second = (await create({ room_type_id: 72 })).data.data.HotelCreateReservation.id;
    const apply = (reservationId: number, lang: 'id' | 'en' = 'en') =>
      t.call('PUT', '/api/clients/v1/reservations/update', {
        token: t.userToken,
        lang,
        json: { reservationId, isUsePromo: true, promoCode: 'STAYLAGI25', paymentChannelCode: 'bca_va' },
      });
    const judged = async (reservationId: number, lang: 'id' | 'en' = 'en') =>
      (
        await t.gql(
          'secure',
          'query S($input: ReservationRoomVoucherSearchInput!) { ReservationRoomVoucherSearch(input: $input) { is_applicable reason } }',
          { input: { reservation_id: reservationId, promo_code: 'STAYLAGI25' } },
          { lang },
        )
      ).data.data.ReservationRoomVoucherSearch;
    expect(await judged(second)).toEqual({ is_applicable: true, reason: '' });
    expect((await apply(first)).status).toBe(200);
    // The second booking's voucher search says so before the guest tries; the first still holds it.
    expect(await judged(second, 'id')).toEqual({
      is_applicable: false,
      reason: 'Kamu sudah memakai kode ini di pesanan lain.',
    });
    expect((await judged(first)).is_applicable).toBe(true);
    const refused = await apply(second, 'id');
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      code: 'promo_already_used',
      message: 'Kamu sudah memakai kode ini di pesanan lain.',
    });
    const cancelled = await t.call('PUT', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(first) },
    });
    expect(cancelled.status).toBe(200);
    expect((await judged(second)).is_applicable).toBe(true);
    expect((await apply(second)).status).toBe(200);
  });
});

describe('holds per account', () => {
  it('an account holds at most 3 unpaid reservations: the 4th is a bilingual 409 until one is cancelled', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await create({ room_type_id: 71 });
      expect(r.status).toBe(200);
      ids.push(r.data.data.HotelCreateReservation.id);
    }
    const fourth = await create({ room_type_id: 81 }, 'id');
    expect(fourth.data.errors[0].extensions.code).toBe('too_many_unpaid');
    expect(fourth.data.errors[0].message).toBe(
      'Kamu sudah punya 3 pesanan yang menunggu pembayaran. Bayar atau batalkan salah satunya dulu sebelum memesan lagi ya.',
    );
    const rest = await t.call('POST', '/api/clients/v1/reservations/create', {
      token: t.userToken,
      form: {
        hotel_id: '8',
        room_type_id: '81',
        check_in_date_time: '2026-03-12',
        check_out_date_time: '2026-03-13',
        total_room: '1',
      },
    });
    expect(rest.status).toBe(409);
    expect(rest.data.code).toBe('too_many_unpaid');
    const cancelled = await t.call('PUT', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(ids[0]) },
    });
    expect(cancelled.status).toBe(200);
    expect((await create({ room_type_id: 81 })).status).toBe(200);
  });

  it('the database itself refuses a 4th unpaid hold and more than 10 rooms, whatever the service checked', async () => {
    for (let i = 0; i < 3; i++) expect((await create({ room_type_id: 72 })).status).toBe(200);
    const [one] = await db.select().from(reservations).where(eq(reservations.userId, t.userId)).limit(1);
    const { id: _id, orderId: _o, invoiceNumber: _i, ...row } = one;
    const insert = (extra: Partial<typeof row>) =>
      db
        .insert(reservations)
        .values({ ...row, orderId: `BBX-T-${Math.random()}`, invoiceNumber: `INV-${Math.random()}`, ...extra });
    const refusal = (e: unknown) => {
      const err = e as { message?: string; cause?: { message?: string; constraint?: string } };
      return `${err.message} ${err.cause?.message} ${err.cause?.constraint}`;
    };
    await expect(insert({}).catch(refusal)).resolves.toMatch(/at most 3 unpaid reservations/);
    await expect(insert({ paymentStatusId: 2, totalRoom: 11 }).catch(refusal)).resolves.toMatch(
      /reservations_total_room_cap/,
    );
    await expect(insert({ paymentStatusId: 2 })).resolves.toBeDefined();
  });
});

describe('reservation detail, list, update, cancel, expiry', () => {
  it('detail has every block; list by status fills the badge', async () => {
    const c = (await create({ room_type_id: 74 })).data.data.HotelCreateReservation;
    const d = await t.gql('secure', DETAIL, { input: { reservation_id: c.id } }, { lang: 'id' });
    const det = d.data.data.ReservationDetail;
    expect(det.info).toMatchObject({
      reservationId: c.id,
      expiredDateTime: '2026-03-02 10:30:00',
      paymentStatus: 1,
      paymentStatusLabel: 'Menunggu pembayaran',
      duration: 2,
      totalPods: 1,
    });
    expect(det.info.expiredDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(det.priceDetail.tax).toBe(Math.round(det.priceDetail.grossRevenue * 0.1));
    expect(det.priceDetail.guestPrice).toBe(
      det.priceDetail.grossRevenue + det.priceDetail.tax + det.priceDetail.serviceFee,
    );
    expect(det.roomRevenue).toHaveLength(2);
    expect(det.allowEsgPurchase).toBe(true);
    const rest = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${c.id}`, { token: t.userToken });
    expect(rest.data.data.priceDetail.guestPrice).toBe(det.priceDetail.guestPrice);
    const list = await t.call('GET', '/api/clients/v1/reservations/list?paymentStatus=1', { token: t.userToken });
    expect(list.status).toBe(200);
    expect(list.data.data.items.some((i: { reservationId: number }) => i.reservationId === c.id)).toBe(true);
    expect(list.data.data.items.every((i: { paymentStatus: number }) => i.paymentStatus === 1)).toBe(true);
  });
  it('the detail carries the insurance offer at the price the search shows for that room', async () => {
    const c = (await create({ room_type_id: 71, check_in_date_time: '2026-03-16', check_out_date_time: '2026-03-19' }))
      .data.data.HotelCreateReservation;
    const view = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${c.id}`, { token: t.userToken });
    const search = await t.call('POST', '/api/clients/v1/search', {
      form: { hotelId: '7', checkInDateTime: '2026-03-16', checkOutDateTime: '2026-03-19' },
    });
    const room = search.data.data.roomTypes.find((r: { id: number }) => r.id === 71);
    expect(room.insuranceProvider).not.toBeNull();
    expect(view.data.data.insuranceOffer).toMatchObject({
      providerName: room.insuranceProvider.providerName,
      coverAmount: room.insuranceProvider.coverAmount,
      termsUrl: room.insuranceProvider.termsUrl,
      pricePerNight: room.insurancePrice / room.nights,
    });
    expect(view.data.data.insurancePolicies).toEqual([]);
    const g = await t.gql(
      'secure',
      DETAIL.replace('allowEsgPurchase', 'allowEsgPurchase insuranceOffer { pricePerNight }'),
      {
        input: { reservation_id: c.id },
      },
    );
    expect(g.data.data.ReservationDetail.insuranceOffer.pricePerNight).toBe(room.insurancePrice / room.nights);
  });
  it('another user cannot see or cancel it (404)', async () => {
    const c = (await create({ room_type_id: 74 })).data.data.HotelCreateReservation;
    const { tokensForTest } = await import('../auth/test-tokens.ts');
    const other = await tokensForTest(t.deps);
    expect(
      (await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${c.id}`, { token: other.userToken }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/clients/v1/reservations/cancel', {
          token: other.userToken,
          form: { reservationId: String(c.id) },
        })
      ).status,
    ).toBe(404);
  });
  it('update recomputes price with promo, insurance, carbon offset, channel fee and points', async () => {
    const c = (await create({ room_type_id: 71 })).data.data.HotelCreateReservation;
    await db
      .insert(bobopointAccounts)
      .values({ userId: t.userId, balance: 40_000 })
      .onConflictDoUpdate({ target: bobopointAccounts.userId, set: { balance: 40_000 } });
    const u = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      form: {
        reservationId: String(c.id),
        isUsePromo: 'true',
        promoCode: 'BOBOHEMAT',
        isUseGiftCertificate: 'true',
        giftCertificate: '10000',
        isUseAddon: 'true',
        paymentChannelCode: 'bca_va',
        ancillaryPackageUUIDs: CARBON,
      },
    });
    expect(u.status).toBe(200);
    const p = u.data.data.priceDetail;
    const gross = p.grossRevenue;
    const promo = Math.min(100_000, Math.round(gross * 0.2));
    expect(p.promotion).toBe(promo);
    expect(p.tax).toBe(Math.round((gross - promo) * 0.1));
    expect(p.serviceFee).toBe(Math.round((gross - promo) * 0.05));
    expect(p.insurance).toBe(10_000);
    expect(p.carbonOffset).toBe(5_000);
    expect(p.giftCertificateDiscount).toBe(10_000);
    expect(p.bankFee).toBe(4_000);
    expect(p.guestPrice).toBe(gross - promo + p.tax + p.serviceFee + 10_000 + 5_000 - 10_000 + 4_000);
    expect(u.data.data.priceBreakdown).toMatchObject({
      promo_code: 'BOBOHEMAT',
      bobopoint_value: 10_000,
      payment_channel_code: 'bca_va',
    });
    expect(u.data.data.esg.items[0]).toMatchObject({ uuid: CARBON, quantity: 2, total: 5_000 });
    expect(u.data.data.insurancePolicies[0].coverAmount).toBe(10_000_000);
  });
  it("create: a code that takes nothing off the stay is refused in the guest's words, not held (and spent)", async () => {
    // MALAMGRATIS: one free night, once per guest, on stays of two nights or more.
    const oneNight = await create(
      { room_type_id: 71, check_out_date_time: '2026-03-13', promo_code: 'MALAMGRATIS' },
      'id',
    );
    expect(oneNight.data.errors[0].extensions.code).toBe('promo_min_nights');
    expect(oneNight.data.errors[0].message).toBe(apiId['promotions.minNights']);
    const held = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.userId, t.userId), eq(reservations.promoCode, 'MALAMGRATIS')));
    expect(held).toEqual([]);
    // Two nights: the free night applies, and the code is held.
    const twoNights = (await create({ room_type_id: 71, promo_code: 'MALAMGRATIS' })).data.data.HotelCreateReservation;
    expect(twoNights.daily_details.map((d: { promotion_code: string }) => d.promotion_code)).toEqual([
      'MALAMGRATIS',
      'MALAMGRATIS',
    ]);
  });
  it('update: a voucher the channel does not support is removed with the spec message; bad points are 422', async () => {
    const c = (await create({ room_type_id: 71 })).data.data.HotelCreateReservation;
    const u = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      lang: 'id',
      json: { reservationId: c.id, isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'bca_va' },
    });
    expect(u.status).toBe(200);
    expect(u.data.data.notice.message).toBe('Voucher tidak bisa dipakai jika menggunakan metode pembayaran ini');
    expect(u.data.data.priceBreakdown.promo_code).toBeNull();
    const kept = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: c.id, isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'gopay' },
    });
    expect(kept.data.data.priceBreakdown.promo_code).toBe('DOMPETDIGITAL');
    const tooMany = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      lang: 'id',
      json: { reservationId: c.id, isUseGiftCertificate: true, giftCertificate: 50_000 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.data.message).toBe('Gagal menggunakan Bobopoint: Kamu tidak memiliki total Bobopoint yang cukup');
    const step = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: c.id, isUseGiftCertificate: true, giftCertificate: 7_000 },
    });
    expect(step.data.code).toBe('points_step');
    const hidden = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: c.id, paymentChannelCode: 'internal_settlement' },
    });
    expect(hidden.status).toBe(422);
  });
  it('update-rate refreshes the locked nightly prices', async () => {
    const c = (await create({ room_type_id: 71, check_in_date_time: '2026-03-16', check_out_date_time: '2026-03-17' }))
      .data.data.HotelCreateReservation;
    await db
      .update(roomInventory)
      .set({ price: 123_000 })
      .where(and(eq(roomInventory.roomTypeId, 71), eq(roomInventory.date, '2026-03-16')));
    const r = await t.call('POST', '/api/clients/v1/update-rate', {
      token: t.userToken,
      form: { reservationId: String(c.id) },
    });
    expect(r.status).toBe(200);
    expect(r.data.data.priceDetail.grossRevenue).toBe(123_000);
  });
  it('cancel only while waiting: gives nights back; a second cancel fails with the spec message', async () => {
    const before = await sold(81, '2026-03-12');
    const c = (await create({ room_type_id: 81 })).data.data.HotelCreateReservation;
    expect(await sold(81, '2026-03-12')).toBe(before + 1);
    const ok = await t.call('PUT', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(c.id) },
    });
    expect(ok.data.data.paymentStatus).toBe(4);
    expect(await sold(81, '2026-03-12')).toBe(before);
    const again = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      form: { reservationId: String(c.id) },
      lang: 'id',
    });
    expect(again.status).toBe(409);
    expect(again.data.message).toBe('Gagal membatalkan pesanan');
    const en = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: t.userToken,
      json: { reservationId: c.id },
    });
    expect(en.data.message).toBe('Failed to cancel the booking');
    const upd = await t.call('PUT', '/api/clients/v1/reservations/update', {
      token: t.userToken,
      json: { reservationId: c.id },
    });
    expect(upd.status).toBe(409);
  });
  it('an unpaid hold expires after the window and releases its nights', async () => {
    const c = (await create({ room_type_id: 71, check_in_date_time: '2026-03-20', check_out_date_time: '2026-03-22' }))
      .data.data.HotelCreateReservation;
    const held = await sold(71, '2026-03-21');
    t.advance(29 * 60_000);
    expect(
      (await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${c.id}`, { token: t.userToken })).data.data
        .info.paymentStatus,
    ).toBe(1);
    t.advance(2 * 60_000);
    const { tokensForTest } = await import('../auth/test-tokens.ts');
    const fresh = await tokensForTest(t.deps, { userId: t.userId });
    const v = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${c.id}`, {
      token: fresh.userToken,
    });
    expect(v.data.data.info.paymentStatus).toBe(3);
    // The read counts it expired by its time; the rooms come back when the expiry job runs.
    expect(await sold(71, '2026-03-21')).toBe(held);
    expect(await expireDueHolds(db, t.deps.now!())).toBeGreaterThanOrEqual(1);
    expect(await sold(71, '2026-03-21')).toBe(held - 1);
    const expiredList = await t.call('GET', '/api/clients/v1/reservations/list?paymentStatus=3', {
      token: fresh.userToken,
    });
    expect(expiredList.data.data.items.some((i: { reservationId: number }) => i.reservationId === c.id)).toBe(true);
    const cancel = await t.call('POST', '/api/clients/v1/reservations/cancel', {
      token: fresh.userToken,
      form: { reservationId: String(c.id) },
    });
    expect(cancel.status).toBe(409);
    t.setNow(new Date('2026-03-02T03:00:00.000Z'));
  });
});

describe('stays and vouchers', () => {
  it('paid reservations appear in HotelStayList (upcoming) and HotelStayHistoryList (past)', async () => {
    const c = (
      await create({
        room_type_id: 71,
        check_in_date_time: '2026-03-05',
        check_out_date_time: '2026-03-06',
        total_room: 2,
      })
    ).data.data.HotelCreateReservation;
    await db.update(reservations).set({ paymentStatusId: 2 }).where(eq(reservations.id, c.id));
    const stays = await t.gql(
      'secure',
      '{ HotelStayList { reservation_id stay_status stay_status_label check_in_datetime check_out_datetime qr_code guest_name room { room_type } hotel { name time_zone_label } } }',
      {},
      { lang: 'id' },
    );
    const mine = stays.data.data.HotelStayList.filter((s: { reservation_id: number }) => s.reservation_id === c.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      stay_status: 1,
      stay_status_label: 'Akan datang',
      check_in_datetime: '2026-03-05 14:00:00',
      check_out_datetime: '2026-03-06 12:00:00',
    });
    t.setNow(new Date('2026-03-08T03:00:00.000Z'));
    const { tokensForTest } = await import('../auth/test-tokens.ts');
    const fresh = await tokensForTest(t.deps, { userId: t.userId });
    const hist = await t.gql(
      'secure',
      '{ HotelStayHistoryList { reservation_id stay_status } }',
      {},
      { token: fresh.userToken },
    );
    expect(
      hist.data.data.HotelStayHistoryList.filter((s: { reservation_id: number }) => s.reservation_id === c.id),
    ).toHaveLength(2);
    t.setNow(new Date('2026-03-02T03:00:00.000Z'));
  });
  it("PromotionInfoDetail judges a code by the calendar of the reservation's hotel, else by Jakarta's", async () => {
    // 23:30 in Jakarta on 2 March is already 00:30 on 3 March in Bali (Asia/Makassar).
    const [bali] = await rows<{ id: number }>(
      db,
      sql`select h.id from hotels h join room_types rt on rt.hotel_id = h.id and rt.id = h.id * 10 + 1
          where h.time_zone = 'Asia/Makassar' and h.type_id = 1 order by h.id limit 1`,
    );
    await db.execute(sql`insert into promotions (id, promo_code, promo_name, promo_type_id, discount_type, discount_value,
        active_from, active_to, stay_from, stay_to, terms, image_url)
      values (9901, 'MALAMTERAKHIR', '{"id":"Malam terakhir","en":"Last night"}', 1, 'percent', 10,
        '2026-02-01', '2026-03-02', '2026-02-01', '2026-12-31', '{"id":"-","en":"-"}', '/media/promos/x.webp')
      on conflict (id) do nothing`);
    const c = (await create({ hotel_id: bali!.id, room_type_id: bali!.id * 10 + 1 })).data.data.HotelCreateReservation;
    expect(c.id).toBeGreaterThan(0);
    t.setNow(new Date('2026-03-02T16:30:00.000Z'));
    try {
      const ask = (input: Record<string, unknown>) =>
        t.gql(
          'secure',
          'query P($input: PromotionInfoDetailInput!) { PromotionInfoDetail(input: $input) { promo_code } }',
          { input },
        );
      // No reservation: Jakarta's calendar, still 2 March, the code's last day.
      expect((await ask({ promo_code: 'MALAMTERAKHIR' })).data.data.PromotionInfoDetail.promo_code).toBe(
        'MALAMTERAKHIR',
      );
      // For the Bali stay: 3 March there, the code has expired, as the voucher list already judges it.
      const forBali = await ask({ promo_code: 'MALAMTERAKHIR', reservation_id: c.id });
      expect(forBali.data.errors[0].message).toBe('This promo code has expired.');
    } finally {
      t.setNow(new Date('2026-03-02T03:00:00.000Z'));
    }
  });
  it('voucher list and search rate each code against the reservation; PromotionInfoDetail errors are bilingual', async () => {
    const c = (await create({ room_type_id: 71 })).data.data.HotelCreateReservation;
    const list = await t.gql(
      'secure',
      'query V($input: ReservationRoomVoucherListInput!) { ReservationRoomVoucherList(input: $input) { promo_code is_applicable estimated_discount reason } }',
      { input: { reservation_id: c.id } },
    );
    const codes = list.data.data.ReservationRoomVoucherList;
    expect(codes.find((x: { promo_code: string }) => x.promo_code === 'BOBOHEMAT').is_applicable).toBe(true);
    expect(codes.find((x: { promo_code: string }) => x.promo_code === 'JALANJALAN50').is_applicable).toBe(false);
    // Private vouchers are never listed: their holders type them.
    expect(codes.map((x: { promo_code: string }) => x.promo_code)).not.toContain('STAYLAGI25');
    expect(codes.map((x: { promo_code: string }) => x.promo_code)).not.toContain('MALAMGRATIS');
    expect(codes.some((x: { promo_code: string }) => x.promo_code === 'LEBARANLALU')).toBe(false);
    const search = await t.gql(
      'secure',
      'query S($input: ReservationRoomVoucherSearchInput!) { ReservationRoomVoucherSearch(input: $input) { promo_code estimated_discount is_applicable } }',
      { input: { reservation_id: c.id, promo_code: 'malamgratis' } },
    );
    expect(search.data.data.ReservationRoomVoucherSearch).toMatchObject({
      promo_code: 'MALAMGRATIS',
      is_applicable: true,
    });
    const info = await t.gql(
      'open',
      'query P($input: PromotionInfoDetailInput!) { PromotionInfoDetail(input: $input) { id promo_name promo_code promo_type_id promo_type_name discount_type discount_value is_foc payment_methods } }',
      { input: { promo_code: 'DOMPETDIGITAL' } },
    );
    expect(info.data.data.PromotionInfoDetail).toMatchObject({
      promo_code: 'DOMPETDIGITAL',
      discount_type: 'percent',
      discount_value: 15,
      payment_methods: ['ovo', 'dana', 'shopeepay', 'gopay'],
    });
    const missing = await t.gql(
      'open',
      'query P($input: PromotionInfoDetailInput!) { PromotionInfoDetail(input: $input) { id } }',
      { input: { promo_code: 'NOPE' } },
      { lang: 'id' },
    );
    expect(missing.data.errors[0].message).toBe('Kode promo tidak ditemukan.');
    const expired = await t.gql(
      'open',
      'query P($input: PromotionInfoDetailInput!) { PromotionInfoDetail(input: $input) { id } }',
      { input: { promo_code: 'LEBARANLALU' } },
      { lang: 'en' },
    );
    expect(expired.data.errors[0].message).toBe('This promo code has expired.');
  });
});
