import type { Lang } from '../locales.ts';

// UI strings of the content pages (labels around editor content). Typed from English, so a key
// missing in Indonesian fails the type check.
const en = {
  promo: {
    listTitle: 'Promos',
    listDescription: 'Current Bobobox promos: coupon codes for pods and cabins, with their booking and stay periods.',
    listIntro: 'Copy a code and use it at payment. Only promos running now are listed.',
    none: 'No Promo Available',
    period: 'Booking period',
    stayPeriod: 'Stay period',
    couponCode: 'Coupon code',
    copy: 'Copy',
    copied: 'Promo code has been copied',
    copyFailed: 'Copy failed, please select the code and copy it by hand',
    useCode: 'Book with this code',
    terms: 'Terms',
    details: 'See details',
    paymentOnly: 'Only with',
    allPromos: 'All promos',
  },
  faq: {
    title: 'Frequently asked questions',
    description: 'Answers about booking, cancellation, Bobopoints, pods and cabins at Bobobox.',
  },
  legal: { effective: 'Effective', contents: 'Contents' },
  destination: {
    priceFrom: 'From',
    perNight: 'per night',
    destinations: 'Destinations',
    collections: 'Collections',
    address: 'Address',
    openMap: 'Open in maps',
    book: 'Check availability',
    highlights: 'Highlights',
  },
  landing: {
    offerTitle: 'Welcome offer',
    offer: '{cabin}% off cabins and {pod}% off pods for the first {limit} new members.',
  },
  contact: { whatsapp: 'WhatsApp', email: 'E-mail' },
  download: { ios: 'Download on the App Store', android: 'Get it on Google Play' },
  preview: {
    banner: 'Preview: guests cannot see this version yet.',
    draft: 'Unpublished draft',
    scheduled: 'Goes live {when}',
    incomplete: 'This version cannot be shown in English yet: the field "{field}" is empty or invalid.',
  },
};
export type ContentStrings = typeof en;

const id: ContentStrings = {
  promo: {
    listTitle: 'Promo',
    listDescription:
      'Promo Bobobox yang sedang berjalan: kode kupon untuk pod dan kabin, lengkap dengan periode pemesanan dan menginap.',
    listIntro: 'Salin kodenya lalu pakai saat pembayaran. Hanya promo yang sedang berjalan yang ditampilkan.',
    none: 'Belum ada promo',
    period: 'Periode pemesanan',
    stayPeriod: 'Periode menginap',
    couponCode: 'Kode promo',
    copy: 'Salin',
    copied: 'Kode promo berhasil disalin',
    copyFailed: 'Gagal menyalin, pilih kodenya lalu salin secara manual',
    useCode: 'Pesan pakai kode ini',
    terms: 'Syarat dan ketentuan',
    details: 'Lihat detail',
    paymentOnly: 'Khusus pembayaran',
    allPromos: 'Semua promo',
  },
  faq: {
    title: 'Pertanyaan yang sering diajukan',
    description: 'Jawaban seputar pemesanan, pembatalan, Bobopoints, pod dan kabin di Bobobox.',
  },
  legal: { effective: 'Berlaku sejak', contents: 'Daftar isi' },
  destination: {
    priceFrom: 'Mulai',
    perNight: 'per malam',
    destinations: 'Destinasi',
    collections: 'Koleksi',
    address: 'Alamat',
    openMap: 'Buka di peta',
    book: 'Cek ketersediaan',
    highlights: 'Keunggulan',
  },
  landing: {
    offerTitle: 'Penawaran anggota baru',
    offer: 'Diskon {cabin}% untuk kabin dan {pod}% untuk pod bagi {limit} anggota baru pertama.',
  },
  contact: { whatsapp: 'WhatsApp', email: 'E-mail' },
  download: { ios: 'Unduh di App Store', android: 'Dapatkan di Google Play' },
  preview: {
    banner: 'Pratinjau: tamu belum bisa melihat versi ini.',
    draft: 'Draf yang belum diterbitkan',
    scheduled: 'Tayang {when}',
    incomplete:
      'Versi ini belum bisa ditampilkan dalam Bahasa Indonesia: kolom "{field}" masih kosong atau tidak valid.',
  },
};

const strings: Record<Lang, ContentStrings> = { en, id };
export function contentStrings(lang: Lang): ContentStrings {
  return strings[lang];
}
