import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { hotelBlackouts, hotels } from '../hotels/hotels.schema.ts';
import { tokensForTest } from '../auth/test-tokens.ts';

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let db: Db;
beforeAll(async () => {
  t = await bookingTestApp();
  db = t.db.db;
});

const AVAIL =
  'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date hotel_id is_blackout web_sellable_rooms } }';
const MAXD =
  'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { hotel_id web_max_duration } }';
const SEARCH = `query S($input: ReservationSearchInput!) { ReservationSearch(input: $input) {
  messagePromo nights hotel { id name isCabin latitude longitude checkInTime checkOutTime timeZone timeZoneLabel facilities { code name } galleries { url } localities { name landmarks { name } } }
  roomTypes { id roomRemaining rawRoomRemaining stopSellLimitWeb stopSellLimitApp roomType label name description iconUrl mainPictureUrl roomPriceType
    grossRevenue grossRevenueLabel roomPriceFake guestPrice promotionPrice promotionPriceLabel insurancePrice insuranceProvider { providerName coverAmount termsUrl benefitUrl claimUrl }
    giftCertificate giftCertificateRemaining returnMessagePromo addOns { typeName addOnTypeId items { addOnItemId itemName price providerName providerId } } bedSize capacity facility { name } } } }`;

describe('hotels', () => {
  it('lists every hotel with hotelTypeId -1 and filters by type', async () => {
    const all = await t.call('GET', '/api/clients/v1/hotel?hotelTypeId=-1');
    expect(all.status).toBe(200);
    expect(all.data.data).toHaveLength(25);
    const pods = all.data.data.filter((h: { isCabin: number }) => h.isCabin === 0);
    expect(pods).toHaveLength(16);
    expect(new Set(pods.map((h: { city: string }) => h.city)).size).toBe(8);
    expect(all.data.data.filter((h: { isCabin: number }) => h.isCabin === 1)).toHaveLength(9);
    const h = all.data.data[0];
    expect(h).toMatchObject({
      checkInTime: '14:00',
      checkOutTime: '12:00',
      timeZone: 'Asia/Jakarta',
      timeZoneLabel: 'WIB',
    });
    expect(typeof h.latitude).toBe('number');
    expect(new Set(all.data.data.map((x: { timeZoneLabel: string }) => x.timeZoneLabel))).toEqual(
      new Set(['WIB', 'WITA', 'WIT']),
    );
    const hourly = await t.call('GET', '/api/clients/v1/hotel?hotelTypeId=2');
    expect(hourly.data.data.length).toBeGreaterThan(0);
    expect(hourly.data.data.every((x: { type: { id: number } }) => x.type.id === 2)).toBe(true);
  });
  it('answers in the request language and refuses calls without the API key', async () => {
    const id = await t.call('GET', '/api/clients/v1/hotel', { lang: 'id' });
    expect(id.data.data[0].type.name).toBe('Harian');
    const noKey = await t.call('GET', '/api/clients/v1/hotel', { apiKey: '' });
    expect(noKey.status).toBe(401);
    const noToken = await t.call('GET', '/api/clients/v1/hotel', { token: '', lang: 'id' });
    expect(noToken.status).toBe(401);
    expect(noToken.data.message).toBe('Silakan masuk dulu untuk melanjutkan.');
  });
});

describe('availability', () => {
  it('gives 90 days from today (Jakarta) with blackouts and web-sellable rooms', async () => {
    const r = await t.gql('open', AVAIL, { input: { hotel_id: 1, date_start: '2026-02-01', date_end: '2026-12-31' } });
    expect(r.status).toBe(200);
    const days = r.data.data.RoomAvailability;
    expect(days).toHaveLength(90);
    expect(days[0].date).toBe('2026-03-02');
    expect(days[89].date).toBe('2026-05-30');
    const blackouts = await db.select().from(hotelBlackouts).where(eq(hotelBlackouts.hotelId, 1));
    const inWindow = blackouts.filter((b) => b.date >= '2026-03-02' && b.date <= '2026-05-30');
    expect(inWindow.length).toBeGreaterThan(0);
    for (const b of inWindow)
      expect(days.find((d: { date: string }) => d.date === b.date)).toMatchObject({
        is_blackout: true,
        web_sellable_rooms: 0,
      });
  });
  it('counts stock minus sold minus the web stop-sell limit', async () => {
    await db
      .update(roomInventory)
      .set({ sold: 0 })
      .where(and(eq(roomInventory.hotelId, 2), eq(roomInventory.date, '2026-03-10')));
    const r = await t.call('GET', '/api/clients/v1/availability?hotel_id=2&date_start=2026-03-10&date_end=2026-03-10');
    // Pasar Baru: 24+24+12+12 pods (stop-sell 2 each) + 16 co-living (stop-sell 0).
    expect(r.data.data[0].web_sellable_rooms).toBe(22 + 22 + 10 + 10 + 16);
  });
  it('max duration defaults to 14 and stops at a blackout or at no stock', async () => {
    const free = await t.gql('open', MAXD, { input: { hotel_id: 2, date_start: '2026-03-03' } });
    const blackouts = (await db.select().from(hotelBlackouts).where(eq(hotelBlackouts.hotelId, 2)))
      .map((b) => b.date)
      .filter((d) => d >= '2026-03-03')
      .sort();
    const firstBlackout = blackouts[0];
    const nightsBefore = Math.round((Date.parse(firstBlackout) - Date.parse('2026-03-03')) / 86_400_000);
    expect(free.data.data.RoomAvailabilityMaxDuration.web_max_duration).toBe(Math.min(14, nightsBefore));
    const onBlackout = await t.gql('open', MAXD, { input: { hotel_id: 2, date_start: firstBlackout } });
    expect(onBlackout.data.data.RoomAvailabilityMaxDuration.web_max_duration).toBe(0);
    // Sell out every room type of hotel 3 on 2026-03-06: from 03-04 only 2 nights remain.
    await db
      .update(roomInventory)
      .set({ sold: roomInventory.sellable })
      .where(and(eq(roomInventory.hotelId, 3), eq(roomInventory.date, '2026-03-06')));
    const stock = await t.gql('open', MAXD, { input: { hotel_id: 3, date_start: '2026-03-04' } });
    expect(stock.data.data.RoomAvailabilityMaxDuration.web_max_duration).toBe(2);
    const past = await t.call('GET', '/api/clients/v1/availability/max-duration?hotel_id=3&date_start=2026-02-01');
    expect(past.data.data.web_max_duration).toBe(0);
  });
  it('unknown hotel is a bilingual 404; bad dates are 400', async () => {
    const r = await t.gql('open', MAXD, { input: { hotel_id: 999, date_start: '2026-03-03' } }, { lang: 'id' });
    expect(r.data.errors[0].message).toBe('Hotel tidak ditemukan.');
    const bad = await t.call(
      'GET',
      '/api/clients/v1/availability?hotel_id=1&date_start=2026-02-31&date_end=2026-03-01',
    );
    expect(bad.status).toBe(400);
  });
});

describe('availability edges', () => {
  it("cuts the 90-day window in each hotel's own zone around midnight", async () => {
    const hotels = (await t.call('GET', '/api/clients/v1/hotel?hotelTypeId=-1')).data.data as {
      id: number;
      timeZone: string;
    }[];
    const wit = hotels.find((h) => h.timeZone === 'Asia/Jayapura')!;
    // 22:30 in Jakarta on 2 March is already 00:30 on 3 March in Jayapura.
    t.setNow(new Date('2026-03-02T15:30:00.000Z'));
    try {
      const range = { date_start: '2026-02-20', date_end: '2026-12-31' };
      const { clientToken: token } = await tokensForTest(t.deps, { withUser: false });
      const jayapura = (await t.gql('open', AVAIL, { input: { hotel_id: wit.id, ...range } }, { token })).data.data
        .RoomAvailability;
      expect(jayapura).toHaveLength(90);
      expect([jayapura[0].date, jayapura[89].date]).toEqual(['2026-03-03', '2026-05-31']);
      expect(jayapura.every((d: { hotel_id: number }) => d.hotel_id === wit.id)).toBe(true);
      const jakarta = (await t.gql('open', AVAIL, { input: { hotel_id: 1, ...range } }, { token })).data.data
        .RoomAvailability;
      expect([jakarta[0].date, jakarta[89].date]).toEqual(['2026-03-02', '2026-05-30']);
      const part = await t.call(
        'GET',
        `/api/clients/v1/availability?hotel_id=${wit.id}&date_start=2026-05-30&date_end=2026-06-05`,
        { token },
      );
      expect(part.data.data.map((d: { date: string }) => d.date)).toEqual(['2026-05-30', '2026-05-31']);
      // Check-in on Jayapura's "yesterday" (Stay Now) is still offered; the day before is not.
      const beforeYesterday = await t.gql(
        'open',
        MAXD,
        { input: { hotel_id: wit.id, date_start: '2026-03-01' } },
        { token },
      );
      expect(beforeYesterday.data.data.RoomAvailabilityMaxDuration.web_max_duration).toBe(0);
    } finally {
      t.setNow(TEST_NOW);
    }
  });
  it('answers far-off, reversed and empty ranges without a server error', async () => {
    const days = (s: string, e: string, hotel = 1) =>
      t.call('GET', `/api/clients/v1/availability?hotel_id=${hotel}&date_start=${s}&date_end=${e}`);
    expect(await days('0001-01-01', '0001-01-02')).toEqual({ status: 200, data: { data: [] } });
    expect(await days('9999-12-30', '9999-12-31')).toEqual({ status: 200, data: { data: [] } });
    expect((await days('2026-03-05', '0001-01-01')).status).toBe(422);
    expect((await days('2026-03-05', '2026-03-04')).status).toBe(422);
    expect((await days('2026-03-05', '2026-03-04', 999)).status).toBe(404);
    expect((await days('2026-02-31', '2026-03-04', 999)).status).toBe(404);
    const one = await days('2026-03-05', '2026-03-05');
    expect(one.data.data).toHaveLength(1);
    expect(one.data.data[0]).toMatchObject({ date: '2026-03-05', hotel_id: 1 });
    for (const date of ['0001-01-01', '9999-12-31', '2026-05-31']) {
      const r = await t.call('GET', `/api/clients/v1/availability/max-duration?hotel_id=2&date_start=${date}`);
      expect(r).toEqual({ status: 200, data: { data: { hotel_id: 2, date_start: date, web_max_duration: 0 } } });
    }
    expect(
      (await t.call('GET', '/api/clients/v1/availability/max-duration?hotel_id=999&date_start=9999-12-31')).status,
    ).toBe(404);
  });
});

describe('search', () => {
  it('returns hotel, messagePromo and room types with every field (GraphQL and REST agree)', async () => {
    const input = {
      hotel_id: 4,
      check_in_date_time: '2026-03-09 14:00:00',
      check_out_date_time: '2026-03-11 12:00:00',
    };
    const g = await t.gql('open', SEARCH, { input });
    expect(g.status).toBe(200);
    const res = g.data.data.ReservationSearch;
    expect(res.nights).toBe(2);
    expect(res.messagePromo).toBe('Use code BOBOHEMAT to save 20%!');
    expect(res.roomTypes.map((r: { roomType: string }) => r.roomType)).toEqual([
      'single_sky',
      'single_earth',
      'double_sky',
      'double_earth',
    ]);
    const rt = res.roomTypes[0];
    const nights = await db
      .select()
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, rt.id)));
    const stay = nights.filter((n) => n.date === '2026-03-09' || n.date === '2026-03-10');
    expect(rt.grossRevenue).toBe(stay.reduce((s, n) => s + n.price, 0));
    expect(rt.roomPriceFake).toBe(stay.reduce((s, n) => s + n.fakePrice, 0));
    expect(rt.rawRoomRemaining).toBe(Math.min(...stay.map((n) => n.sellable - n.sold)));
    expect(rt.roomRemaining).toBe(rt.rawRoomRemaining - 2);
    expect(rt.guestPrice).toBe(rt.grossRevenue);
    expect(rt.insurancePrice).toBe(10_000);
    expect(rt.insuranceProvider.coverAmount).toBe(10_000_000);
    expect(rt.addOns[0].items[0]).toMatchObject({ price: 5_000, providerId: 301 });
    expect(rt.capacity).toBe(1);
    expect(res.roomTypes[2].capacity).toBe(2);
    const rest = await t.call('POST', '/api/clients/v1/search', {
      form: { hotelId: '4', checkInDateTime: '2026-03-09 14:00:00', checkOutDateTime: '2026-03-11 12:00:00' },
    });
    expect(rest.status).toBe(200);
    expect(rest.data.data.roomTypes[0].grossRevenue).toBe(rt.grossRevenue);
  });
  it('applies a promo code (promotion price, labels) and explains a refused one', async () => {
    const ok = await t.call('POST', '/api/clients/v1/search', {
      json: { hotelId: 4, checkInDateTime: '2026-03-09', checkOutDateTime: '2026-03-11', promoCode: 'BOBOHEMAT' },
      lang: 'id',
    });
    const rt = ok.data.data.roomTypes[0];
    expect(rt.promotionPrice).toBe(rt.grossRevenue - Math.min(100_000, Math.round(rt.grossRevenue * 0.2)));
    expect(rt.promotionPriceLabel).toMatch(/^Rp \d{1,3}(\.\d{3})*$/);
    expect(rt.returnMessagePromo).toContain('BOBOHEMAT');
    expect(ok.data.data.messagePromo).toBe('');
    const cabinOnly = await t.call('POST', '/api/clients/v1/search', {
      json: { hotelId: 4, checkInDateTime: '2026-03-09', checkOutDateTime: '2026-03-11', promoCode: 'JALANJALAN50' },
      lang: 'id',
    });
    expect(cabinOnly.data.data.roomTypes[0].returnMessagePromo).toBe(
      'Kode promo tidak berlaku untuk lokasi atau tanggal ini.',
    );
    expect(cabinOnly.data.data.roomTypes[0].promotionPrice).toBe(cabinOnly.data.data.roomTypes[0].grossRevenue);
  });
  it('counts nights in the hotel time zone for instants with an offset', async () => {
    // 2026-03-09T17:30Z is 2026-03-10 01:30 in Makassar (WITA): check-in is the 10th.
    const r = await t.call('POST', '/api/clients/v1/search', {
      json: { hotelId: 14, checkInDateTime: '2026-03-09T17:30:00Z', checkOutDateTime: '2026-03-12T04:00:00Z' },
    });
    expect(r.data.data.checkInDate).toBe('2026-03-10');
    expect(r.data.data.nights).toBe(2);
    expect(r.data.data.hotel.timeZoneLabel).toBe('WITA');
  });
  it('refuses stays that are too long, reversed or in the past, and bad fields (422)', async () => {
    const long = await t.call('POST', '/api/clients/v1/search', {
      form: { hotelId: '4', checkInDateTime: '2026-03-09', checkOutDateTime: '2026-03-24' },
      lang: 'id',
    });
    expect(long.status).toBe(422);
    expect(long.data.message).toBe('Lama menginap maksimal 14 malam.');
    expect(
      (
        await t.call('POST', '/api/clients/v1/search', {
          form: { hotelId: '4', checkInDateTime: '2026-03-09', checkOutDateTime: '2026-03-09' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call('POST', '/api/clients/v1/search', {
          form: { hotelId: '4', checkInDateTime: '2026-02-09', checkOutDateTime: '2026-02-10' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call('POST', '/api/clients/v1/search', {
          form: { hotelId: 'abc', checkInDateTime: '2026-03-09', checkOutDateTime: '2026-03-10' },
        })
      ).status,
    ).toBe(422);
  });
  it('prices every night of a stay longer than the nights read together with the hotel', async () => {
    // Search reads up to 31 nights in its one round trip; a hotel selling longer stays reads the rest.
    await db.update(hotels).set({ webMaxDuration: 40 }).where(eq(hotels.id, 5));
    try {
      const r = await t.call('POST', '/api/clients/v1/search', {
        json: { hotelId: 5, checkInDateTime: '2026-03-09', checkOutDateTime: '2026-04-13' },
      });
      expect(r.status).toBe(200);
      expect(r.data.data.nights).toBe(35);
      const rt = r.data.data.roomTypes[0];
      const nights = (await db.select().from(roomInventory).where(eq(roomInventory.roomTypeId, rt.id))).filter(
        (n) => n.date >= '2026-03-09' && n.date < '2026-04-13',
      );
      expect(nights).toHaveLength(35);
      expect(rt.nightlyPrices).toHaveLength(35);
      expect(rt.grossRevenue).toBe(nights.reduce((s, n) => s + n.price, 0));
    } finally {
      await db.update(hotels).set({ webMaxDuration: 14 }).where(eq(hotels.id, 5));
    }
  });
  it('shows a sold-out room type with 0 remaining', async () => {
    await db
      .update(roomInventory)
      .set({ sold: 24 })
      .where(and(eq(roomInventory.roomTypeId, 61), eq(roomInventory.date, '2026-03-15')));
    const r = await t.call('POST', '/api/clients/v1/search', {
      json: { hotelId: 6, checkInDateTime: '2026-03-14', checkOutDateTime: '2026-03-16' },
    });
    const single = r.data.data.roomTypes.find((x: { id: number }) => x.id === 61);
    expect(single.roomRemaining).toBe(0);
    expect(single.rawRoomRemaining).toBe(0);
  });
});
