import { sql } from 'drizzle-orm';
import { Temporal } from '../../core/temporal.ts';
import { addOnItems, ancillaryPackages } from '../ancillary/ancillary.schema.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { hotelBlackouts, hotels, hotelTypes, roomTypeBlocks, roomTypes } from '../hotels/hotels.schema.ts';
import { paymentChannels } from '../pricing/channels.schema.ts';
import { announcements, promotions } from '../promotions/promotions.schema.ts';
import type { Database, Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { analyzeChangedTables } from '../db/statistics.ts';
import { LANDMARKS } from './seed-landmarks.ts';
import { hotelMediaKeys, roomMediaKey } from './seed-media.ts';
import {
  CABIN_FACILITIES,
  CABIN_SITES,
  CARBON_OFFSET_PACKAGE,
  DAY_USE_BLOCKS,
  INSURANCE_ITEM,
  blockPrice,
  OFFERINGS,
  PAYMENT_CHANNELS,
  POD_BRANCHES,
  POD_FACILITIES,
} from './seed-data.ts';

/** Days of stock and rates written ahead of "today" (the 90-day window plus a 14-night stay). */
export const SEED_DAYS_AHEAD = 120;
const EPOCH = Temporal.PlainDate.from('1970-01-01');

const epochDay = (d: Temporal.PlainDate) => EPOCH.until(d).days;
const roundTo = (n: number, step: number) => Math.round(n / step) * step;

/**
 * Rates, blackouts and pre-sold stock are functions of the absolute date (not of "today"), so
 * running the seed again on a later day only extends the window and never contradicts itself.
 */
export function nightlyRate(base: number, roomTypeId: number, date: Temporal.PlainDate) {
  const weekend = date.dayOfWeek === 5 || date.dayOfWeek === 6;
  const wobble = ((epochDay(date) * 7 + roomTypeId) % 5) / 100;
  const price = roundTo(base * (weekend ? 1.2 : 1) * (1 + wobble), 1000);
  return { price, fakePrice: roundTo(price * 1.3, 1000) };
}

export function isSeedBlackout(hotelId: number, date: Temporal.PlainDate) {
  return (epochDay(date) + hotelId * 11) % 41 === 0;
}

function preSold(category: string, units: number, roomTypeId: number, date: Temporal.PlainDate) {
  const day = epochDay(date);
  if (category === 'cabin' || category === 'van')
    return (day + roomTypeId) % 13 === 0 ? units : (day + roomTypeId) % 3 === 0 ? 1 : 0;
  return (day * 3 + roomTypeId) % 10;
}

export const SEED_PROMO_CODES = {
  percent: 'BOBOHEMAT',
  amount: 'JALANJALAN50',
  ewalletOnly: 'DOMPETDIGITAL',
  voucher: 'STAYLAGI25',
  expired: 'LEBARANLALU',
  inactive: 'DIAMDULU',
} as const;

type SeededHotel = {
  id: number;
  slug: string;
  name: string;
  city: string;
  zone: string;
  lat: number;
  lng: number;
  address: string;
  isCabin: boolean;
  typeId: number;
  kinds: string[];
  /** Whose pictures and landmarks it shows (test fixtures borrow a seeded branch's). */
  lookLike?: string;
};

function seededHotels(): SeededHotel[] {
  const pods = POD_BRANCHES.map((b, i) => ({
    id: i + 1,
    slug: b.slug,
    name: b.name,
    city: b.city,
    zone: b.zone,
    lat: b.lat,
    lng: b.lng,
    address: b.address,
    isCabin: false,
    typeId: b.hourly ? 2 : 1,
    kinds: ['single_sky', 'single_earth', 'double_sky', 'double_earth', ...(b.coLiving ? ['co_living'] : [])],
  }));
  const cabins = CABIN_SITES.map((s, i) => ({
    id: 101 + i,
    slug: s.slug,
    name: s.name,
    city: s.city,
    zone: s.zone,
    lat: s.lat,
    lng: s.lng,
    address: s.address,
    isCabin: true,
    typeId: 1,
    kinds: s.kinds,
  }));
  return [...pods, ...cabins];
}

/**
 * Hotels, their room types and their nightly stock and rates from `start` for SEED_DAYS_AHEAD + 7 days.
 * `fresh` hotels (test fixtures) have no pre-sold rooms and no blackout nights.
 */
async function insertHotelsWithStock(db: Db, all: SeededHotel[], today: Temporal.PlainDate, fresh = false) {
  await db
    .insert(hotels)
    .values(
      all.map((h) => {
        const rooms = h.kinds.reduce((n, k) => n + OFFERINGS[k].units, 0);
        return {
          id: h.id,
          slug: h.slug,
          name: h.name,
          city: h.city,
          isCabin: h.isCabin ? 1 : 0,
          description: h.isCabin
            ? {
                id: `${h.name} adalah kabin pintar di tengah alam ${h.city}: tidur nyenyak, bangun langsung disambut pemandangan.`,
                en: `${h.name} is a smart cabin in the nature of ${h.city}: sleep well and wake up to the view.`,
              }
            : {
                id: `${h.name} adalah hotel kapsul pintar di pusat ${h.city}, semua diatur dari satu aplikasi.`,
                en: `${h.name} is a smart capsule hotel in central ${h.city}, run from one app.`,
              },
          totalRooms: rooms,
          typeId: h.typeId,
          address: h.address,
          pictureUrl: hotelMediaKeys(h.lookLike ?? h.slug).main,
          latitude: h.lat,
          longitude: h.lng,
          checkInTime: '14:00',
          checkOutTime: '12:00',
          timeZone: h.zone,
          email: `${h.slug}@bobobox.example`,
          telephone: `+62 21 5000 ${String(1000 + h.id).slice(-4)}`,
          facilities: h.isCabin ? CABIN_FACILITIES : POD_FACILITIES,
          galleries: hotelMediaKeys(h.lookLike ?? h.slug).gallery.map((url) => ({ url, type: 'image', status: 1 })),
          localities: [{ name: h.city, landmarks: LANDMARKS[h.lookLike ?? h.slug] ?? [] }],
          webMaxDuration: 14,
        };
      }),
    )
    // Pictures and landmarks follow the seed on an existing database too (they once pointed nowhere),
    // and so do the addresses and city labels (they were once incomplete: "Jl. Teuku Umar No. 88,
    // Denpasar Barat, Bali" without its city).
    .onConflictDoUpdate({
      target: hotels.id,
      set: {
        city: sql`excluded.city`,
        address: sql`excluded.address`,
        pictureUrl: sql`excluded.picture_url`,
        galleries: sql`excluded.galleries`,
        localities: sql`excluded.localities`,
      },
    });

  const typeRows = all.flatMap((h) =>
    h.kinds.map((kind, i) => {
      const o = OFFERINGS[kind];
      return {
        id: h.id * 10 + i + 1,
        hotelId: h.id,
        roomType: kind,
        label: o.label,
        name: o.name,
        description: o.description,
        iconUrl: '',
        mainPictureUrl: roomMediaKey(kind),
        roomPriceType: h.typeId === 2 ? 'hourly' : 'daily',
        bedSize: o.bedSize,
        capacity: o.capacity,
        capacityChildren: o.children,
        facility:
          o.category === 'pod' || o.category === 'coliving' ? POD_FACILITIES.slice(0, 3) : CABIN_FACILITIES.slice(0, 3),
        totalRooms: o.units,
        stopSellLimitWeb: o.category === 'pod' ? 2 : 0,
        stopSellLimitApp: o.category === 'pod' ? 1 : 0,
      };
    }),
  );
  await db
    .insert(roomTypes)
    .values(typeRows)
    .onConflictDoUpdate({
      target: roomTypes.id,
      set: { mainPictureUrl: sql`excluded.main_picture_url`, iconUrl: sql`excluded.icon_url` },
    });

  // Hourly hotels sell day-use blocks of every room type (spec section 1, hotel type 2).
  const blockRows = typeRows.flatMap((t) =>
    t.roomPriceType === 'hourly'
      ? DAY_USE_BLOCKS.map((b) => ({
          roomTypeId: t.id,
          hours: b.hours,
          ...blockPrice(OFFERINGS[t.roomType].base, b.shareBps),
        }))
      : [],
  );
  if (blockRows.length) await db.insert(roomTypeBlocks).values(blockRows).onConflictDoNothing();

  const start = today.subtract({ days: 7 });
  const invRows: (typeof roomInventory.$inferInsert)[] = [];
  const blackoutRows: (typeof hotelBlackouts.$inferInsert)[] = [];
  for (let d = 0; d <= SEED_DAYS_AHEAD + 7; d++) {
    const date = start.add({ days: d });
    for (const h of all) {
      if (!fresh && isSeedBlackout(h.id, date)) {
        blackoutRows.push({
          hotelId: h.id,
          date: date.toString(),
          reason: { id: 'Perawatan berkala', en: 'Scheduled maintenance' },
        });
      }
    }
    for (const t of typeRows) {
      const o = OFFERINGS[t.roomType];
      invRows.push({
        roomTypeId: t.id,
        hotelId: t.hotelId,
        date: date.toString(),
        sellable: o.units,
        sold: fresh ? 0 : preSold(o.category, o.units, t.id, date),
        ...nightlyRate(o.base, t.id, date),
      });
    }
  }
  for (let i = 0; i < invRows.length; i += 1000)
    await db
      .insert(roomInventory)
      .values(invRows.slice(i, i + 1000))
      .onConflictDoNothing();
  if (blackoutRows.length) await db.insert(hotelBlackouts).values(blackoutRows).onConflictDoNothing();
}

/** The seed's date window: reference rows run from a month before `today` to half a year after. */
function seedWindow(today: Temporal.PlainDate) {
  return { from: today.subtract({ days: 30 }).toString(), to: today.add({ days: 180 }).toString() };
}

/**
 * The API's own test promotions (dates relative to `today`, the tests' clock). The public ones are
 * stand-ins: the advertised promos belong to the content, and the server (start and every content
 * build) and `npm run db:seed` overwrite these rows by code from the promo documents and switch off
 * any public code the content does not have (server/promo-sync.ts). The vouchers (not public) stay.
 * Never in production (seedDatabase's `fixtures`).
 */
function promotionFixtures(today: Temporal.PlainDate) {
  const { from, to } = seedWindow(today);
  const terms = (id: string, en: string) => ({ id, en });
  // Bookable and stayable for the whole seed window.
  const wholeWindow = { activeFrom: from, activeTo: to, stayFrom: from, stayTo: to };
  return [
    {
      id: 1,
      promoCode: SEED_PROMO_CODES.percent,
      promoName: { id: 'Hemat 20% semua pod', en: '20% off every pod' },
      promoTypeId: 1,
      discountType: 'percent',
      discountValue: 20,
      maxDiscount: 100_000,
      minSpend: 100_000,
      isPublic: true,
      ...wholeWindow,
      terms: terms(
        'Diskon 20% maksimal Rp 100.000 untuk minimal transaksi Rp 100.000. Berlaku di semua cabang pod.',
        '20% off up to Rp 100.000 on a minimum spend of Rp 100.000. Valid at every pod branch.',
      ),
      imageUrl: '/media/promos/bobohemat',
      hotelIds: POD_BRANCHES.map((_, i) => i + 1),
    },
    {
      id: 2,
      promoCode: SEED_PROMO_CODES.amount,
      promoName: { id: 'Potongan Rp 50.000 untuk kabin', en: 'Rp 50.000 off cabins' },
      promoTypeId: 1,
      discountType: 'amount',
      discountValue: 50_000,
      minSpend: 500_000,
      isPublic: true,
      ...wholeWindow,
      terms: terms(
        'Potongan Rp 50.000 untuk menginap di Bobocabin dengan minimal transaksi Rp 500.000.',
        'Rp 50.000 off a Bobocabin stay with a minimum spend of Rp 500.000.',
      ),
      imageUrl: '/media/promos/jalanjalan50',
      hotelIds: CABIN_SITES.map((_, i) => 101 + i),
    },
    {
      id: 3,
      promoCode: SEED_PROMO_CODES.ewalletOnly,
      promoName: { id: 'Diskon 15% bayar pakai e-wallet', en: '15% off when paying by e-wallet' },
      promoTypeId: 3,
      discountType: 'percent',
      discountValue: 15,
      maxDiscount: 75_000,
      paymentMethods: ['ovo', 'dana', 'shopeepay', 'gopay'],
      isPublic: true,
      ...wholeWindow,
      terms: terms(
        'Hanya berlaku untuk pembayaran dengan OVO, DANA, ShopeePay atau GoPay.',
        'Only valid when paying with OVO, DANA, ShopeePay or GoPay.',
      ),
      imageUrl: '/media/promos/dompetdigital',
    },
    {
      id: 4,
      promoCode: SEED_PROMO_CODES.voucher,
      maxPerUser: 1,
      promoName: { id: 'Voucher menginap lagi 25%', en: 'Stay-again voucher 25%' },
      promoTypeId: 1,
      discountType: 'percent',
      discountValue: 25,
      maxDiscount: 150_000,
      isPublic: false,
      isVoucher: true,
      paymentMethods: ['bca_va', 'mandiri_bill', 'bni_va', 'permata_va'],
      ...wholeWindow,
      terms: terms(
        'Voucher untuk tamu yang kembali; bayar lewat virtual account.',
        'A voucher for returning guests; pay by virtual account.',
      ),
      imageUrl: '/media/promos/staylagi',
    },
    {
      id: 5,
      promoCode: SEED_PROMO_CODES.expired,
      promoName: { id: 'Promo Lebaran (sudah berakhir)', en: 'Eid promo (ended)' },
      promoTypeId: 1,
      discountType: 'percent',
      discountValue: 30,
      maxDiscount: 200_000,
      isPublic: true,
      activeFrom: today.subtract({ days: 120 }).toString(),
      activeTo: today.subtract({ days: 60 }).toString(),
      stayFrom: today.subtract({ days: 120 }).toString(),
      stayTo: today.subtract({ days: 60 }).toString(),
      terms: terms('Promo ini sudah berakhir.', 'This promo has ended.'),
      imageUrl: '/media/promos/lebaran',
    },
    {
      id: 6,
      promoCode: SEED_PROMO_CODES.inactive,
      promoName: { id: 'Promo rahasia (nonaktif)', en: 'Hidden promo (inactive)' },
      promoTypeId: 1,
      discountType: 'amount',
      discountValue: 10_000,
      isPublic: true,
      isActive: false,
      ...wholeWindow,
      terms: terms('Belum aktif.', 'Not active yet.'),
      imageUrl: '/media/promos/diam',
    },
    {
      id: 7,
      promoCode: 'MALAMGRATIS',
      maxPerUser: 1,
      maxRedemptions: 200,
      promoName: { id: 'Voucher gratis satu malam', en: 'One free night voucher' },
      promoTypeId: 2,
      discountType: 'percent',
      discountValue: 0,
      isFoc: true,
      isPublic: false,
      isVoucher: true,
      ...wholeWindow,
      terms: terms(
        'Malam pertama gratis untuk satu pod, minimal menginap 2 malam.',
        'The first night is free for one pod, minimum stay 2 nights.',
      ),
      imageUrl: '/media/promos/malamgratis',
      minSpend: 0,
    },
  ] satisfies (typeof promotions.$inferInsert)[];
}

/**
 * The codes of the test vouchers (not public, so no content sync governs them): a production
 * database seeded before the fixtures were left out has them switched off (prepare.ts).
 */
export const FIXTURE_VOUCHER_CODES = promotionFixtures(Temporal.PlainDate.from('2026-01-01'))
  .filter((p) => p.isPublic === false)
  .map((p) => p.promoCode);

/**
 * Idempotent: reference rows are upserted by id, stock rows are only added (sold counts survive).
 * `fixtures: false` (production: api/seed/prepare.ts, scripts/seed.ts) leaves out the promotions,
 * the API's own test codes: their codes are in this public repository, and two of them give money
 * away (a 25 % voucher, a free night), so a production database never gets them; nor the expired
 * test announcement.
 */
export async function seedDatabase(
  database: Database,
  today: Temporal.PlainDate,
  { fixtures = true }: { fixtures?: boolean } = {},
): Promise<void> {
  const db = database.db;
  const all = seededHotels();
  await db
    .insert(hotelTypes)
    .values([
      { id: 1, name: { id: 'Harian', en: 'Daily' } },
      { id: 2, name: { id: 'Per jam', en: 'Hourly' } },
    ])
    .onConflictDoNothing();

  await insertHotelsWithStock(db, all, today);

  await db
    .insert(paymentChannels)
    .values(
      PAYMENT_CHANNELS.map((c, i) => ({
        ...c,
        logoUrl: `/payments/${c.code}.svg`,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
  await db.insert(addOnItems).values(INSURANCE_ITEM).onConflictDoNothing();
  await db
    .insert(ancillaryPackages)
    .values({ ...CARBON_OFFSET_PACKAGE, hotelId: null, roomTypeId: null })
    .onConflictDoNothing();

  const { from, to } = seedWindow(today);
  if (fixtures) await db.insert(promotions).values(promotionFixtures(today)).onConflictDoNothing();

  await db
    .insert(announcements)
    .values([
      {
        id: 1,
        platform: 'web',
        title: { id: 'Check-in makin cepat lewat aplikasi', en: 'Faster check-in with the app' },
        body: {
          id: 'Unggah KTP kamu sebelum datang, host akan verifikasi dalam 3-5 menit.',
          en: 'Upload your ID before you arrive; a host verifies it in 3 to 5 minutes.',
        },
        linkUrl: '/faq/',
        activeFrom: from,
        activeTo: to,
      },
      // A test fixture: an announcement whose window has passed (the API lists only live ones).
      ...(fixtures
        ? [
            {
              id: 2,
              platform: 'web',
              title: { id: 'Pengumuman lama', en: 'Old notice' },
              body: { id: 'Sudah tidak berlaku.', en: 'No longer valid.' },
              activeFrom: today.subtract({ days: 90 }).toString(),
              activeTo: today.subtract({ days: 31 }).toString(),
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
  // Statistics for the planner (statistics.ts): a fresh seed fills every table at once.
  await analyzeChangedTables(database);
}

/** True when the hotels table is empty (a fresh embedded database). */
/** First id of the hotels test fixtures create (server/dev/test-fixtures.routes.ts); seeded ones stay below. */
export const FIXTURE_HOTEL_FIRST_ID = 9001;

/**
 * A pod hotel of its own for one browser test (`npm run test:e2e` fixtures): the four pod room types of
 * the seed, full stock for the whole window, nothing pre-sold, no blackout night. Returns its identity.
 */
export async function seedFixtureHotel(database: Database, today: Temporal.PlainDate, opts: { hourly?: boolean } = {}) {
  const db = database.db;
  // A sequence hands out ids atomically: parallel test workers never get the same hotel.
  await db.execute(sql.raw(`create sequence if not exists fixture_hotel_ids start ${FIXTURE_HOTEL_FIRST_ID}`));
  const [row] = await rows<{ id: number }>(db, sql`select nextval('fixture_hotel_ids')::int as id`);
  const id = Number(row.id);
  const hotel: SeededHotel = {
    id,
    slug: opts.hourly ? `uji-transit-${id}` : `uji-coba-${id}`,
    name: opts.hourly ? `Bobobox Uji Transit ${id}` : `Bobobox Uji Coba ${id}`,
    city: 'Jakarta',
    zone: 'Asia/Jakarta',
    lat: -6.2,
    lng: 106.8,
    address: `Jl. Percobaan No. ${id}, Jakarta`,
    isCabin: false,
    // An hourly (day-use) hotel sells the seed's blocks of every room type (tests/e2e/day-use.e2e.ts).
    typeId: opts.hourly ? 2 : 1,
    kinds: ['single_sky', 'single_earth', 'double_sky', 'double_earth'],
    lookLike: 'bobobox-blok-m',
  };
  await insertHotelsWithStock(db, [hotel], today, true);
  return { id, slug: hotel.slug, name: hotel.name };
}

export async function isEmpty(database: Database): Promise<boolean> {
  const db = database.db;
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from hotels`);
  return Number(row!.n) === 0;
}
