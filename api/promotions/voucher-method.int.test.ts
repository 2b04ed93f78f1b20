import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';
import { voucherMethodConflict } from './promotions.service.ts';

// A voucher and a payment method that do not go together (DOMPETDIGITAL is for e-wallets only):
// choosing the voucher while an unsupported method stays chosen is refused with the spec's message
// (section 8) in the guest's language; choosing another method drops the voucher with a notice
// (section 4).

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
});

async function reservation(): Promise<number> {
  const r = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    form: {
      hotel_id: '7',
      room_type_id: '71',
      check_in_date_time: '2026-03-12',
      check_out_date_time: '2026-03-14',
      total_room: '1',
    },
  });
  expect(r.status, JSON.stringify(r.data)).toBe(201);
  return r.data.data.id as number;
}

const update = (reservationId: number, json: Record<string, unknown>, lang: 'id' | 'en' = 'en') =>
  t.call('PUT', '/api/clients/v1/reservations/update', {
    token: t.userToken,
    lang,
    json: { reservationId, isUsePromo: false, ...json },
  });

describe('a voucher the chosen payment method does not support', () => {
  it('is refused when the guest chooses it and keeps the method, in both languages', async () => {
    const id = await reservation();
    const method = await update(id, { paymentChannelCode: 'bca_va' });
    expect(method.status).toBe(200);
    const before = method.data.data.priceDetail.guestPrice;

    const en = await update(id, { isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'bca_va' });
    expect(en.status).toBe(422);
    expect(en.data).toMatchObject({
      code: 'promo_payment_method',
      message: "Promo can't be applied for the selected payment method",
    });
    const id_ = await update(id, { isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'bca_va' }, 'id');
    expect(id_.status).toBe(422);
    expect(id_.data.message).toBe('Voucher tidak bisa dipakai jika menggunakan metode pembayaran ini');

    // Nothing changed: the method stays, no voucher, the same total.
    const view = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${id}`, { token: t.userToken });
    expect(view.data.data.priceBreakdown).toMatchObject({ promo_code: null, payment_channel_code: 'bca_va' });
    expect(view.data.data.priceDetail.guestPrice).toBe(before);
  });

  it('is applied with a method it supports, and dropped (200 with a notice) when the guest changes method', async () => {
    const id = await reservation();
    const applied = await update(id, { isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'gopay' });
    expect(applied.status).toBe(200);
    expect(applied.data.data.priceBreakdown.promo_code).toBe('DOMPETDIGITAL');
    const dropped = await update(
      id,
      { isUsePromo: true, promoCode: 'DOMPETDIGITAL', paymentChannelCode: 'bca_va' },
      'id',
    );
    expect(dropped.status).toBe(200);
    expect(dropped.data.data.priceBreakdown.promo_code).toBeNull();
    expect(dropped.data.data.notice.message).toBe('Voucher tidak bisa dipakai jika menggunakan metode pembayaran ini');
  });
});

describe('voucherMethodConflict', () => {
  it('refuses a new voucher under an unchanged method, drops the voucher when the method changes', () => {
    const base = {
      promoCode: 'DOMPETDIGITAL',
      storedPromoCode: null,
      channelCode: 'bca_va',
      storedChannelCode: 'bca_va',
    };
    expect(voucherMethodConflict(base)).toBe('refuse_voucher');
    expect(voucherMethodConflict({ ...base, storedChannelCode: null })).toBe('drop_voucher');
    expect(voucherMethodConflict({ ...base, storedChannelCode: 'gopay' })).toBe('drop_voucher');
    // The same voucher kept while the method changes back and forth is the method's doing.
    expect(voucherMethodConflict({ ...base, storedPromoCode: 'dompetdigital', storedChannelCode: 'gopay' })).toBe(
      'drop_voucher',
    );
  });
});
