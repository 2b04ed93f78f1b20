import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
});

describe('public promos and announcements', () => {
  it('lists active public promos only (expired, inactive and private ones dropped), size -1 = all', async () => {
    const r = await t.call('GET', '/api/clients/v1/list-promo?size=-1');
    expect(r.status).toBe(200);
    const codes = r.data.data.map((p: { promo_code: string }) => p.promo_code);
    expect(codes).toEqual(['BOBOHEMAT', 'JALANJALAN50', 'DOMPETDIGITAL']);
    expect(r.data.data[2].payment_methods).toEqual(['ovo', 'dana', 'shopeepay', 'gopay']);
    const one = await t.call('GET', '/api/clients/v1/list-promo?size=1');
    expect(one.data.data).toHaveLength(1);
    const cabin = await t.call('GET', '/api/clients/v1/list-promo?hotelId=101&checkInDate=2026-03-10');
    expect(cabin.data.data.map((p: { promo_code: string }) => p.promo_code)).toEqual(['JALANJALAN50', 'DOMPETDIGITAL']);
  });
  it('views one promo, in the request language, and 404s unknown codes', async () => {
    const r = await t.call('GET', '/api/clients/v1/list-promo/view?promoCode=bobohemat', { lang: 'id' });
    expect(r.data.data).toMatchObject({
      promo_code: 'BOBOHEMAT',
      promo_name: 'Hemat 20% semua pod',
      isExpired: false,
      is_active: true,
    });
    const missing = await t.call('GET', '/api/clients/v1/list-promo/view?promoCode=NOPE', { lang: 'id' });
    expect(missing.status).toBe(404);
    expect(missing.data.message).toBe('Kode promo tidak ditemukan.');
  });
  it('Promotions (GraphQL) matches list-promo', async () => {
    const g = await t.gql('open', '{ Promotions { promo_code is_active isExpired period { start end } terms } }');
    expect(g.data.data.Promotions.map((p: { promo_code: string }) => p.promo_code)).toEqual([
      'BOBOHEMAT',
      'JALANJALAN50',
      'DOMPETDIGITAL',
    ]);
  });
  it('announcements: only the active web ones', async () => {
    const r = await t.call('GET', '/api/announcement/web', { lang: 'id' });
    expect(r.data.data).toHaveLength(1);
    expect(r.data.data[0].title).toBe('Check-in makin cepat lewat aplikasi');
  });
});

describe('subscribe', () => {
  it('stores an e-mail once; a duplicate is the 400 of the spec', async () => {
    const ok = await t.call('POST', '/api/clients/v1/subscribe', {
      form: { firstName: 'Bobo Friend', lastName: '', email: 'sari@example.com', listID: 'web' },
      lang: 'id',
    });
    expect(ok.status).toBe(200);
    expect(ok.data.message).toBe('Terima kasih sudah berlangganan, email kamu sudah kita simpan ya!');
    const dup = await t.call('POST', '/api/clients/v1/subscribe', { form: { email: 'SARI@example.com' }, lang: 'id' });
    expect(dup.status).toBe(400);
    expect(dup.data.message).toBe('Email kamu sudah terdaftar sebelumnya.');
    const signedIn = await t.call('POST', '/api/clients/v1/subscribe', {
      token: t.userToken,
      json: { email: 'budi@example.com' },
    });
    expect(signedIn.status).toBe(200);
  });
  it('refuses invalid e-mails and e-mails with a plus sign', async () => {
    // 422 like every invalid field (400 on this route means "already subscribed", spec section 10).
    expect((await t.call('POST', '/api/clients/v1/subscribe', { form: { email: 'not-an-email' } })).status).toBe(422);
    // The plus sign is named (spec section 5), in the guest's language, never "The request is not valid.".
    for (const [lang, text] of [
      ['en', "E-mail addresses with a plus sign (+) can't be used."],
      ['id', 'Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.'],
    ] as const) {
      const plus = await t.call('POST', '/api/clients/v1/subscribe', { form: { email: 'a+b@example.com' }, lang });
      expect(plus.status).toBe(422);
      expect(plus.data.message).toBe(`email: ${text}`);
      expect(plus.data.details.fields).toEqual([{ field: 'email', code: 'email_plus' }]);
    }
  });
});

describe('payment channels, ancillary packages, profile', () => {
  it('lists active channels grouped by category, never id 12 nor inactive ones', async () => {
    const r = await t.call('GET', '/api/clients/v1/payment');
    const ids = r.data.data.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(12);
    expect(ids).not.toContain(15);
    expect(ids).not.toContain(16);
    expect(new Set(r.data.data.map((c: { category: string }) => c.category))).toEqual(
      new Set(['virtual_account', 'ewallet', 'qris', 'card']),
    );
    expect(r.data.data.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining([
        'bca_va',
        'mandiri_bill',
        'bni_va',
        'permata_va',
        'ovo',
        'linkaja',
        'dana',
        'jenius',
        'shopeepay',
        'shopee_qr',
        'gopay',
        'qris',
        'credit_card',
      ]),
    );
    const g = await t.gql('secure', '{ PaymentChannels { id code category is_active } }');
    expect(g.data.data.PaymentChannels.map((c: { id: number }) => c.id)).toEqual(ids);
  });
  it('ActiveAncillaryPackageList returns the partner carbon offset', async () => {
    const q =
      'query A($input: ActiveAncillaryPackageListInput) { ActiveAncillaryPackageList(input: $input) { uuid provider_name provider_short_description ancillary_type_code name sale_price custom_data } }';
    const g = await t.gql(
      'secure',
      q,
      { input: { ancillary_type_code: 'CARBON_OFFSET', hotel_ids: [1], room_type_ids: [11] } },
      { lang: 'id' },
    );
    expect(g.data.data.ActiveAncillaryPackageList).toHaveLength(1);
    expect(g.data.data.ActiveAncillaryPackageList[0]).toMatchObject({
      provider_name: 'Jejak Hijau Nusantara',
      sale_price: 2_500,
      name: 'Offset karbon menginap',
    });
    const none = await t.gql('secure', q, { input: { ancillary_type_code: 'SPA' } });
    expect(none.data.data.ActiveAncillaryPackageList).toHaveLength(0);
    const rest = await t.call(
      'GET',
      '/api/clients/v1/ancillary-packages?ancillary_type_code=CARBON_OFFSET&hotel_ids=1,2',
    );
    expect(rest.data.data).toHaveLength(1);
  });
  it('UserProfile reads the users table and the Bobopoint balance', async () => {
    const g = await t.gql(
      'secure',
      '{ UserProfile { id name email is_email_verified night_count stay_count identity { identity_status } total_gift_certificate } }',
    );
    expect(g.data.data.UserProfile).toMatchObject({ id: t.userId, is_email_verified: true, total_gift_certificate: 0 });
    const anon = await t.gql('open', '{ UserProfile { id } }', {}, { lang: 'id' });
    expect(anon.status).toBe(401);
    expect(anon.data.errors[0].message).toBe('Silakan masuk dulu untuk melanjutkan.');
  });
});
