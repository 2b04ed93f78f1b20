import { image, ls, lt, pt, type Doc } from './helpers.ts';
import { promoImage } from './images.ts';

// Booking API hotel ids (api/seed/seed-data.ts): pods are 1–16, cabins 101–109.
const POD_HOTEL_IDS = Array.from({ length: 16 }, (_, i) => i + 1);
const CABIN_HOTEL_IDS = Array.from({ length: 9 }, (_, i) => 101 + i);

type PromoInput = {
  slug: string;
  titleId: string;
  titleEn: string;
  summaryId: string;
  summaryEn: string;
  code: string;
  period: [string, string];
  stay: [string, string];
  active?: boolean;
  paymentMethods?: string[];
  /** What the booking API applies: percent or Rupiah, with its cap and minimum spend. */
  discount: { type: 'percent' | 'amount'; value: number; max?: number; minSpend?: number };
  hotelIds?: number[];
  termsId: string;
  termsEn: string;
  publishAt?: string;
  unpublishAt?: string;
};

const promo = (p: PromoInput): Doc => ({
  _id: `promo-${p.slug}`,
  _type: 'promo',
  title: ls(p.titleId, p.titleEn),
  slug: { _type: 'slug', current: p.slug },
  summary: lt(p.summaryId, p.summaryEn),
  heroImage: image(promoImage(p.slug), `Banner promo ${p.titleId}`, `Banner of the ${p.titleEn} promo`),
  couponCode: p.code,
  active: p.active ?? true,
  periodStart: p.period[0],
  periodEnd: p.period[1],
  stayStart: p.stay[0],
  stayEnd: p.stay[1],
  discountType: p.discount.type,
  discountValue: p.discount.value,
  ...(p.discount.max ? { maxDiscount: p.discount.max } : {}),
  ...(p.discount.minSpend ? { minSpend: p.discount.minSpend } : {}),
  ...(p.paymentMethods ? { paymentMethods: p.paymentMethods } : {}),
  ...(p.hotelIds ? { hotelIds: p.hotelIds } : {}),
  terms: pt(p.termsId, p.termsEn),
  ...(p.publishAt ? { publishAt: p.publishAt } : {}),
  ...(p.unpublishAt ? { unpublishAt: p.unpublishAt } : {}),
});

export function promoDocs(): Doc[] {
  return [
    promo({
      slug: 'endless-summer',
      titleId: 'Endless Summer: kabin pantai hemat 25%',
      titleEn: 'Endless Summer: 25% off beach cabins',
      summaryId: 'Liburan ke pantai Sumba dan Madasari lebih hemat 25%, dari libur akhir tahun sampai April.',
      summaryEn: 'Save 25% on the beaches of Sumba and Madasari, from the year-end holidays through April.',
      code: 'ENDLESSSUMMER',
      period: ['2026-11-01', '2027-03-31'],
      stay: ['2026-11-01', '2027-04-30'],
      discount: { type: 'percent', value: 25, max: 300_000 },
      hotelIds: [105, 107],
      termsId: `1. Diskon 25% maksimal Rp 300.000 per pemesanan.
2. Berlaku untuk Bobocabin Sumba dan Madasari.
3. Tidak bisa digabung dengan promo lain.`,
      termsEn: `1. 25% off, up to Rp 300.000 per booking.
2. Valid at Bobocabin Sumba and Madasari.
3. Cannot be combined with other promos.`,
    }),
    promo({
      slug: 'idul-fitri-getaway',
      titleId: 'Mudik santai: menginap Idul Fitri',
      titleEn: 'Idul Fitri getaway',
      summaryId: 'Singgah di pod sepanjang jalur mudik dengan potongan Rp 40.000.',
      summaryEn: 'Stop over at pods along the homecoming route with Rp 40.000 off.',
      code: 'MUDIKSANTAI',
      period: ['2026-11-15', '2027-03-31'],
      stay: ['2026-11-15', '2027-04-15'],
      discount: { type: 'amount', value: 40_000, minSpend: 200_000 },
      hotelIds: POD_HOTEL_IDS,
      termsId: `1. Potongan Rp 40.000 dengan minimal transaksi Rp 200.000.
2. Berlaku di semua cabang pod.
3. Satu kode untuk satu akun.`,
      termsEn: `1. Rp 40.000 off a minimum spend of Rp 200.000.
2. Valid at every pod branch.
3. One code per account.`,
    }),
    promo({
      slug: 'bobohemat-pod',
      titleId: 'Hemat 20% semua pod',
      titleEn: '20% off every pod',
      summaryId: 'Tidur nyenyak di tengah kota dengan diskon 20% di semua cabang pod.',
      summaryEn: 'Sleep well in the city with 20% off at every pod branch.',
      code: 'BOBOHEMAT',
      period: ['2026-10-01', '2027-06-30'],
      stay: ['2026-10-01', '2027-07-31'],
      discount: { type: 'percent', value: 20, max: 100_000, minSpend: 100_000 },
      hotelIds: POD_HOTEL_IDS,
      termsId: `1. Diskon 20% maksimal Rp 100.000 untuk minimal transaksi Rp 100.000.
2. Berlaku di semua cabang pod.`,
      termsEn: `1. 20% off up to Rp 100.000 on a minimum spend of Rp 100.000.
2. Valid at every pod branch.`,
    }),
    promo({
      slug: 'dompet-digital',
      titleId: 'Diskon 15% bayar pakai e-wallet',
      titleEn: '15% off when paying by e-wallet',
      summaryId: 'Bayar pakai OVO, DANA, ShopeePay atau GoPay dan hemat 15%.',
      summaryEn: 'Pay with OVO, DANA, ShopeePay or GoPay and save 15%.',
      code: 'DOMPETDIGITAL',
      period: ['2026-10-01', '2027-06-30'],
      stay: ['2026-10-01', '2027-07-31'],
      discount: { type: 'percent', value: 15, max: 75_000 },
      paymentMethods: ['ovo', 'dana', 'shopeepay', 'gopay'],
      termsId: `1. Diskon 15% maksimal Rp 75.000.
2. Hanya untuk pembayaran dengan OVO, DANA, ShopeePay atau GoPay.`,
      termsEn: `1. 15% off up to Rp 75.000.
2. Only when paying with OVO, DANA, ShopeePay or GoPay.`,
    }),
    promo({
      slug: 'jalan-jalan-cabin',
      titleId: 'Potongan Rp 50.000 untuk kabin',
      titleEn: 'Rp 50.000 off cabins',
      summaryId: 'Kabur ke alam lebih ringan dengan potongan Rp 50.000 di semua Bobocabin.',
      summaryEn: 'Escape to nature for less with Rp 50.000 off at every Bobocabin.',
      code: 'JALANJALAN50',
      period: ['2026-10-01', '2027-06-30'],
      stay: ['2026-10-01', '2027-07-31'],
      discount: { type: 'amount', value: 50_000, minSpend: 500_000 },
      hotelIds: CABIN_HOTEL_IDS,
      termsId: `1. Potongan Rp 50.000 dengan minimal transaksi Rp 500.000.
2. Berlaku di semua Bobocabin.`,
      termsEn: `1. Rp 50.000 off a minimum spend of Rp 500.000.
2. Valid at every Bobocabin.`,
    }),
    promo({
      slug: 'lebaran-lalu',
      titleId: 'Promo Lebaran 2023',
      titleEn: 'Lebaran 2023 promo',
      summaryId: 'Promo yang sudah berakhir.',
      summaryEn: 'A promo that has ended.',
      code: 'LEBARANLALU',
      discount: { type: 'percent', value: 10, max: 200_000 },
      period: ['2023-04-01', '2023-05-15'],
      stay: ['2023-04-01', '2023-05-31'],
      termsId: '1. Diskon 10% untuk menginap selama libur Lebaran 2023.',
      termsEn: '1. 10% off stays over the 2023 Lebaran holiday.',
    }),
    promo({
      slug: 'harbolnas-2023',
      titleId: 'Harbolnas 12.12',
      titleEn: '12.12 shopping day',
      summaryId: 'Promo belanja nasional yang sudah lewat.',
      summaryEn: 'A national shopping day deal that is over.',
      code: 'HARBOLNAS12',
      discount: { type: 'percent', value: 12, max: 120_000 },
      period: ['2023-12-12', '2023-12-14'],
      stay: ['2023-12-12', '2024-02-29'],
      termsId: '1. Diskon 12% untuk pemesanan pada 12 sampai 14 Desember 2023.',
      termsEn: '1. 12% off bookings made from 12 to 14 December 2023.',
    }),
    promo({
      slug: 'diam-dulu',
      titleId: 'Promo yang dihentikan',
      titleEn: 'Paused promo',
      summaryId: 'Promo ini dimatikan oleh tim marketing.',
      summaryEn: 'Marketing switched this promo off.',
      code: 'DIAMDULU',
      discount: { type: 'amount', value: 10_000 },
      active: false,
      period: ['2024-01-01', '2030-12-31'],
      stay: ['2024-01-01', '2030-12-31'],
      termsId: '1. Promo tidak aktif.',
      termsEn: '1. Promo not active.',
    }),
    promo({
      slug: 'tahun-baru-2031',
      titleId: 'Sambut Tahun Baru 2031',
      titleEn: 'New Year 2031',
      summaryId: 'Promo tahun baru yang baru tayang menjelang akhir tahun.',
      summaryEn: 'A New Year promo that goes live near the end of the year.',
      code: 'TAHUNBARU31',
      discount: { type: 'percent', value: 31, max: 310_000 },
      period: ['2031-11-01', '2031-12-31'],
      stay: ['2031-12-01', '2032-01-15'],
      publishAt: '2031-10-31T17:00:00Z',
      termsId: '1. Diskon 31% untuk menginap di malam tahun baru.',
      termsEn: '1. 31% off New Year stays.',
    }),
    // A draft an editor has not finished: English only so far. The site never shows it (the
    // published perspective drops drafts); the translation report lists it and preview shows it.
    {
      ...promo({
        slug: 'natal-ceria',
        titleId: '',
        titleEn: 'Merry Christmas: 20% off cabins',
        summaryId: '',
        summaryEn: 'Spend Christmas in the hills with 20% off every Bobocabin.',
        code: 'NATALCERIA',
        period: ['2026-12-01', '2026-12-31'],
        stay: ['2026-12-20', '2027-01-05'],
        discount: { type: 'percent', value: 20, max: 200_000 },
        hotelIds: CABIN_HOTEL_IDS,
        termsId: '',
        termsEn: '1. 20% off up to Rp 200.000 per booking.\n2. Valid at every Bobocabin.',
      }),
      _id: 'drafts.promo-natal-ceria',
    },
    // An editor's unpublished change to a live promo (a new title in both languages): the preview
    // shows it, the promo page keeps the published one until it is published.
    {
      ...promo({
        slug: 'dompet-digital',
        titleId: 'Diskon 20% bayar pakai e-wallet, khusus akhir pekan',
        titleEn: '20% off e-wallet payments, weekends only',
        summaryId: 'Bayar pakai OVO, DANA, ShopeePay atau GoPay dan hemat 15%.',
        summaryEn: 'Pay with OVO, DANA, ShopeePay or GoPay and save 15%.',
        code: 'DOMPETDIGITAL',
        period: ['2026-10-01', '2027-06-30'],
        stay: ['2026-10-01', '2027-07-31'],
        discount: { type: 'percent', value: 15, max: 75_000 },
        paymentMethods: ['ovo', 'dana', 'shopeepay', 'gopay'],
        termsId: `1. Diskon 15% maksimal Rp 75.000.
2. Hanya untuk pembayaran dengan OVO, DANA, ShopeePay atau GoPay.`,
        termsEn: `1. 15% off up to Rp 75.000.
2. Only when paying with OVO, DANA, ShopeePay or GoPay.`,
      }),
      _id: 'drafts.promo-dompet-digital',
    },
  ];
}
