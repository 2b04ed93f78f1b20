import type { Bilingual } from '../hotels/hotels.schema.ts';

// Reference data for the seed. Ids are fixed so links, fixtures and the islands stay stable.

type PodBranch = {
  slug: string;
  name: string;
  city: string;
  zone: string;
  lat: number;
  lng: number;
  /**
   * The postal address in full, as a guest writes it on an envelope: street or area, district, city
   * or regency, province last, each once. The hotel page, e-mails and calendar files show it as it is;
   * `city` is the label search groups the branch under (the airport pod is in Tangerang, Banten, and
   * listed under Jakarta), never appended to it.
   */
  address: string;
  hourly?: boolean;
  coLiving?: boolean;
};
type CabinSite = {
  slug: string;
  name: string;
  city: string;
  zone: string;
  lat: number;
  lng: number;
  /**
   * The postal address in full, as a guest writes it on an envelope: street or area, district, city
   * or regency, province last, each once. The hotel page, e-mails and calendar files show it as it is;
   * `city` is the label search groups the branch under (the airport pod is in Tangerang, Banten, and
   * listed under Jakarta), never appended to it.
   */
  address: string;
  kinds: string[];
};

export const POD_BRANCHES: PodBranch[] = [
  {
    slug: 'bobobox-blok-m',
    name: 'Bobobox Blok M',
    city: 'Jakarta',
    zone: 'Asia/Jakarta',
    lat: -6.2441,
    lng: 106.8003,
    address: 'Jl. Melawai Raya No. 18, Kebayoran Baru, Jakarta Selatan, DKI Jakarta',
  },
  {
    slug: 'bobobox-pasar-baru',
    name: 'Bobobox Pasar Baru',
    city: 'Jakarta',
    zone: 'Asia/Jakarta',
    lat: -6.1626,
    lng: 106.8344,
    address: 'Jl. Pasar Baru No. 9, Sawah Besar, Jakarta Pusat, DKI Jakarta',
    coLiving: true,
  },
  {
    slug: 'bobobox-soekarno-hatta-transit',
    name: 'Bobobox Soekarno-Hatta Transit',
    city: 'Jakarta',
    zone: 'Asia/Jakarta',
    lat: -6.1256,
    lng: 106.6559,
    address: 'Terminal 3, Bandara Soekarno-Hatta, Tangerang, Banten',
    hourly: true,
  },
  {
    slug: 'bobobox-alun-alun-bandung',
    name: 'Bobobox Alun-Alun Bandung',
    city: 'Bandung',
    zone: 'Asia/Jakarta',
    lat: -6.9218,
    lng: 107.6071,
    address: 'Jl. Dalem Kaum No. 50, Regol, Bandung, Jawa Barat',
  },
  {
    slug: 'bobobox-pasir-kaliki',
    name: 'Bobobox Pasir Kaliki',
    city: 'Bandung',
    zone: 'Asia/Jakarta',
    lat: -6.9066,
    lng: 107.5979,
    address: 'Jl. Pasir Kaliki No. 112, Cicendo, Bandung, Jawa Barat',
  },
  {
    slug: 'bobobox-malioboro',
    name: 'Bobobox Malioboro',
    city: 'Yogyakarta',
    zone: 'Asia/Jakarta',
    lat: -7.7926,
    lng: 110.3658,
    address: 'Jl. Malioboro No. 60, Gedong Tengen, Yogyakarta, DI Yogyakarta',
  },
  {
    slug: 'bobobox-tugu-jogja',
    name: 'Bobobox Tugu Jogja',
    city: 'Yogyakarta',
    zone: 'Asia/Jakarta',
    lat: -7.7829,
    lng: 110.3671,
    address: 'Jl. Jend. Sudirman No. 12, Jetis, Yogyakarta, DI Yogyakarta',
  },
  {
    slug: 'bobobox-simpang-lima',
    name: 'Bobobox Simpang Lima',
    city: 'Semarang',
    zone: 'Asia/Jakarta',
    lat: -6.9903,
    lng: 110.4229,
    address: 'Jl. Pandanaran No. 21, Semarang Tengah, Semarang, Jawa Tengah',
  },
  {
    slug: 'bobobox-kota-lama',
    name: 'Bobobox Kota Lama',
    city: 'Semarang',
    zone: 'Asia/Jakarta',
    lat: -6.9681,
    lng: 110.4284,
    address: 'Jl. Letjen Suprapto No. 33, Semarang Utara, Semarang, Jawa Tengah',
  },
  {
    slug: 'bobobox-tunjungan',
    name: 'Bobobox Tunjungan',
    city: 'Surabaya',
    zone: 'Asia/Jakarta',
    lat: -7.2626,
    lng: 112.7399,
    address: 'Jl. Tunjungan No. 70, Genteng, Surabaya, Jawa Timur',
  },
  {
    slug: 'bobobox-gubeng',
    name: 'Bobobox Gubeng',
    city: 'Surabaya',
    zone: 'Asia/Jakarta',
    lat: -7.2655,
    lng: 112.752,
    address: 'Jl. Raya Gubeng No. 45, Gubeng, Surabaya, Jawa Timur',
  },
  {
    slug: 'bobobox-ijen-malang',
    name: 'Bobobox Ijen Malang',
    city: 'Malang',
    zone: 'Asia/Jakarta',
    lat: -7.9719,
    lng: 112.6228,
    address: 'Jl. Besar Ijen No. 8, Klojen, Malang, Jawa Timur',
  },
  {
    slug: 'bobobox-kayutangan',
    name: 'Bobobox Kayutangan',
    city: 'Malang',
    zone: 'Asia/Jakarta',
    lat: -7.9797,
    lng: 112.631,
    address: 'Jl. Basuki Rahmat No. 27, Klojen, Malang, Jawa Timur',
  },
  {
    slug: 'bobobox-teuku-umar-denpasar',
    name: 'Bobobox Teuku Umar Denpasar',
    city: 'Denpasar',
    zone: 'Asia/Makassar',
    lat: -8.6705,
    lng: 115.2126,
    address: 'Jl. Teuku Umar No. 88, Denpasar Barat, Denpasar, Bali',
  },
  {
    slug: 'bobobox-ngurah-rai-transit',
    name: 'Bobobox Ngurah Rai Transit',
    city: 'Denpasar',
    zone: 'Asia/Makassar',
    lat: -8.7467,
    lng: 115.1668,
    address: 'Bandara I Gusti Ngurah Rai, Tuban, Badung, Bali',
    hourly: true,
  },
  {
    slug: 'bobobox-jayapura',
    name: 'Bobobox Jayapura',
    city: 'Jayapura',
    zone: 'Asia/Jayapura',
    lat: -2.5337,
    lng: 140.7181,
    address: 'Jl. Ahmad Yani No. 5, Jayapura Utara, Jayapura, Papua',
  },
];

export const CABIN_SITES: CabinSite[] = [
  {
    slug: 'bobocabin-baturraden',
    name: 'Bobocabin Baturraden',
    city: 'Purwokerto',
    zone: 'Asia/Jakarta',
    lat: -7.3105,
    lng: 109.2294,
    address: 'Kawasan Wisata Baturraden, Banyumas, Jawa Tengah',
    kinds: ['standard', 'deluxe', 'family'],
  },
  {
    slug: 'bobocabin-cobanrondo',
    name: 'Bobocabin Coban Rondo',
    city: 'Malang',
    zone: 'Asia/Jakarta',
    lat: -7.8845,
    lng: 112.477,
    address: 'Kawasan Coban Rondo, Pujon, Malang, Jawa Timur',
    kinds: ['standard', 'deluxe', 'deluxe_hot_tub'],
  },
  {
    slug: 'bobocabin-gunung-mas',
    name: 'Bobocabin Gunung Mas',
    city: 'Bogor',
    zone: 'Asia/Jakarta',
    lat: -6.7046,
    lng: 106.9876,
    address: 'Agrowisata Gunung Mas, Puncak, Bogor, Jawa Barat',
    kinds: ['standard', 'deluxe', 'executive'],
  },
  {
    slug: 'bobocabin-kintamani',
    name: 'Bobocabin Kintamani',
    city: 'Bangli',
    zone: 'Asia/Makassar',
    lat: -8.244,
    lng: 115.33,
    address: 'Jl. Raya Penelokan, Kintamani, Bangli, Bali',
    kinds: ['deluxe', 'deluxe_hot_tub', 'premier'],
  },
  {
    slug: 'bobocabin-madasari',
    name: 'Bobocabin Madasari',
    city: 'Pangandaran',
    zone: 'Asia/Jakarta',
    lat: -7.786,
    lng: 108.3497,
    address: 'Pantai Madasari, Cimerak, Pangandaran, Jawa Barat',
    kinds: ['standard', 'deluxe'],
  },
  {
    slug: 'bobocabin-padusan',
    name: 'Bobocabin Padusan',
    city: 'Mojokerto',
    zone: 'Asia/Jakarta',
    lat: -7.6768,
    lng: 112.5408,
    address: 'Wana Wisata Padusan, Pacet, Mojokerto, Jawa Timur',
    kinds: ['standard', 'deluxe', 'family'],
  },
  {
    slug: 'bobocabin-sumba',
    name: 'Bobocabin Sumba',
    city: 'Sumba Barat Daya',
    zone: 'Asia/Makassar',
    lat: -9.417,
    lng: 119.233,
    address: 'Pantai Mandorak, Kodi, Sumba Barat Daya, Nusa Tenggara Timur',
    kinds: ['deluxe', 'executive', 'premier'],
  },
  {
    slug: 'bobocabin-ubud',
    name: 'Bobocabin Ubud',
    city: 'Gianyar',
    zone: 'Asia/Makassar',
    lat: -8.4728,
    lng: 115.279,
    address: 'Jl. Raya Sayan, Ubud, Gianyar, Bali',
    kinds: ['deluxe', 'deluxe_hot_tub', 'executive'],
  },
  {
    slug: 'bobocabin-mandalika-campsite',
    name: 'Bobocabin Mandalika Campsite',
    city: 'Lombok Tengah',
    zone: 'Asia/Makassar',
    lat: -8.8955,
    lng: 116.2935,
    address: 'Kawasan Mandalika, Kuta, Pujut, Lombok Tengah, Nusa Tenggara Barat',
    kinds: ['standard', 'camper_van'],
  },
];

type Offering = {
  label: Bilingual;
  name: string;
  description: Bilingual;
  bedSize: string;
  capacity: number;
  children: number;
  base: number;
  units: number;
  category: 'pod' | 'cabin' | 'coliving' | 'van';
};

export const OFFERINGS: Record<string, Offering> = {
  single_sky: {
    label: { id: 'Single Pod Sky', en: 'Single Pod Sky' },
    name: 'Single Pod (Sky)',
    description: {
      id: 'Pod untuk satu orang di posisi atas (nomor ganjil), lengkap dengan tablet kontrol lampu dan suhu.',
      en: 'A pod for one on the upper row (odd number), with a tablet for lights and temperature.',
    },
    bedSize: '100 x 200 cm',
    capacity: 1,
    children: 0,
    base: 145_000,
    units: 24,
    category: 'pod',
  },
  single_earth: {
    label: { id: 'Single Pod Earth', en: 'Single Pod Earth' },
    name: 'Single Pod (Earth)',
    description: {
      id: 'Pod untuk satu orang di posisi bawah (nomor genap), gampang keluar-masuk tanpa tangga.',
      en: 'A pod for one on the lower row (even number), no ladder to climb.',
    },
    bedSize: '100 x 200 cm',
    capacity: 1,
    children: 0,
    base: 155_000,
    units: 24,
    category: 'pod',
  },
  double_sky: {
    label: { id: 'Double Pod Sky', en: 'Double Pod Sky' },
    name: 'Double Pod (Sky)',
    description: {
      id: 'Pod untuk dua dewasa plus satu anak di bawah 10 tahun, di posisi atas.',
      en: 'A pod for two adults plus one child under 10, on the upper row.',
    },
    bedSize: '140 x 200 cm',
    capacity: 2,
    children: 1,
    base: 225_000,
    units: 12,
    category: 'pod',
  },
  double_earth: {
    label: { id: 'Double Pod Earth', en: 'Double Pod Earth' },
    name: 'Double Pod (Earth)',
    description: {
      id: 'Pod untuk dua dewasa plus satu anak di bawah 10 tahun, di posisi bawah.',
      en: 'A pod for two adults plus one child under 10, on the lower row.',
    },
    bedSize: '140 x 200 cm',
    capacity: 2,
    children: 1,
    base: 240_000,
    units: 12,
    category: 'pod',
  },
  co_living: {
    label: { id: 'Co-Living Pod', en: 'Co-Living Pod' },
    name: 'Co-Living Pod',
    description: {
      id: 'Pod untuk satu orang buat tinggal lebih dari 3 hari atau bulanan, dengan deposit Rp 1.000.000.',
      en: 'A pod for one for stays over 3 days or monthly, with a Rp 1.000.000 deposit.',
    },
    bedSize: '100 x 200 cm',
    capacity: 1,
    children: 0,
    base: 120_000,
    units: 16,
    category: 'coliving',
  },
  standard: {
    label: { id: 'Cabin Standard', en: 'Standard Cabin' },
    name: 'Bobocabin Standard',
    description: {
      id: 'Kabin mungil untuk berdua dengan jendela pintar menghadap alam.',
      en: 'A snug cabin for two with a smart window facing the view.',
    },
    bedSize: '160 x 200 cm',
    capacity: 2,
    children: 1,
    base: 650_000,
    units: 6,
    category: 'cabin',
  },
  deluxe: {
    label: { id: 'Cabin Deluxe', en: 'Deluxe Cabin' },
    name: 'Bobocabin Deluxe',
    description: {
      id: 'Kabin lebih lega untuk berdua, dengan teras dan kamar mandi dalam.',
      en: 'A roomier cabin for two, with a deck and an en-suite bathroom.',
    },
    bedSize: '180 x 200 cm',
    capacity: 2,
    children: 1,
    base: 850_000,
    units: 5,
    category: 'cabin',
  },
  deluxe_hot_tub: {
    label: { id: 'Cabin Deluxe Hot Tub', en: 'Deluxe Hot Tub Cabin' },
    name: 'Bobocabin Deluxe Hot Tub',
    description: {
      id: 'Kabin deluxe dengan bak air panas pribadi di teras.',
      en: 'A deluxe cabin with a private hot tub on the deck.',
    },
    bedSize: '180 x 200 cm',
    capacity: 2,
    children: 0,
    base: 1_250_000,
    units: 3,
    category: 'cabin',
  },
  executive: {
    label: { id: 'Cabin Executive', en: 'Executive Cabin' },
    name: 'Bobocabin Executive',
    description: {
      id: 'Kabin untuk empat orang dengan dua kasur dan ruang santai.',
      en: 'A cabin for four with two beds and a lounge corner.',
    },
    bedSize: '2 x 160 x 200 cm',
    capacity: 4,
    children: 0,
    base: 1_450_000,
    units: 3,
    category: 'cabin',
  },
  premier: {
    label: { id: 'Cabin Premier', en: 'Premier Cabin' },
    name: 'Bobocabin Premier',
    description: {
      id: 'Kabin terluas untuk empat orang, dengan dapur kecil dan pemandangan terbaik.',
      en: 'Our largest cabin for four, with a kitchenette and the best view.',
    },
    bedSize: '2 x 180 x 200 cm',
    capacity: 4,
    children: 0,
    base: 1_850_000,
    units: 2,
    category: 'cabin',
  },
  family: {
    label: { id: 'Cabin Family', en: 'Family Cabin' },
    name: 'Bobocabin Family',
    description: { id: 'Kabin keluarga untuk 4 dewasa dan 2 anak.', en: 'A family cabin for 4 adults and 2 children.' },
    bedSize: '180 x 200 cm + 2 x 100 x 200 cm',
    capacity: 4,
    children: 2,
    base: 1_650_000,
    units: 3,
    category: 'cabin',
  },
  camper_van: {
    label: { id: 'Camper Van', en: 'Camper Van' },
    name: 'Bobobox Camper Van',
    description: {
      id: 'Camper van untuk empat orang, parkir di area campsite dengan listrik dan air.',
      en: 'A camper van for four, parked on the campsite with power and water.',
    },
    bedSize: '2 x 140 x 190 cm',
    capacity: 4,
    children: 0,
    base: 1_100_000,
    units: 2,
    category: 'van',
  },
};

export const POD_FACILITIES = [
  { code: 'wifi', name: { id: 'WiFi kencang', en: 'Fast WiFi' } },
  { code: 'tablet', name: { id: 'Tablet kontrol di dalam pod', en: 'In-pod control tablet' } },
  { code: 'locker', name: { id: 'Loker pribadi', en: 'Private locker' } },
  { code: 'shower', name: { id: 'Kamar mandi air panas bersama', en: 'Shared hot showers' } },
  { code: 'host', name: { id: 'Host 24 jam', en: '24/7 host' } },
];

export const CABIN_FACILITIES = [
  { code: 'smart_window', name: { id: 'Jendela pintar', en: 'Smart window' } },
  { code: 'bathroom', name: { id: 'Kamar mandi dalam', en: 'En-suite bathroom' } },
  { code: 'speaker', name: { id: 'Speaker bluetooth', en: 'Bluetooth speaker' } },
  { code: 'bonfire', name: { id: 'Area api unggun', en: 'Bonfire area' } },
  { code: 'host', name: { id: 'Host 24 jam', en: '24/7 host' } },
];

export const PAYMENT_CHANNELS = [
  {
    id: 1,
    code: 'bca_va',
    name: 'BCA Virtual Account',
    category: 'virtual_account',
    isActive: true,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
  {
    id: 2,
    code: 'mandiri_bill',
    name: 'Mandiri Bill Payment',
    category: 'virtual_account',
    isActive: true,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
  {
    id: 3,
    code: 'bni_va',
    name: 'BNI Virtual Account',
    category: 'virtual_account',
    isActive: true,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
  {
    id: 4,
    code: 'permata_va',
    name: 'Permata Virtual Account',
    category: 'virtual_account',
    isActive: true,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
  { id: 5, code: 'ovo', name: 'OVO', category: 'ewallet', isActive: true, feeFlat: 0, feeBps: 150, minAmount: 10_000 },
  {
    id: 6,
    code: 'linkaja',
    name: 'LinkAja',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 150,
    minAmount: 10_000,
  },
  {
    id: 7,
    code: 'dana',
    name: 'DANA',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 150,
    minAmount: 10_000,
  },
  {
    id: 8,
    code: 'jenius',
    name: 'Jenius Pay',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 150,
    minAmount: 10_000,
  },
  {
    id: 9,
    code: 'shopeepay',
    name: 'ShopeePay',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 200,
    minAmount: 1_000,
  },
  {
    id: 10,
    code: 'shopee_qr',
    name: 'Shopee QR',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 70,
    minAmount: 1_000,
  },
  {
    id: 11,
    code: 'gopay',
    name: 'GoPay',
    category: 'ewallet',
    isActive: true,
    feeFlat: 0,
    feeBps: 200,
    minAmount: 1_000,
  },
  // Internal channel (points-only settlement): never offered to guests.
  {
    id: 12,
    code: 'internal_settlement',
    name: 'Internal Settlement',
    category: 'internal',
    isActive: true,
    feeFlat: 0,
    feeBps: 0,
    minAmount: 0,
  },
  { id: 13, code: 'qris', name: 'QRIS', category: 'qris', isActive: true, feeFlat: 0, feeBps: 70, minAmount: 1_500 },
  {
    id: 14,
    code: 'credit_card',
    name: 'Kartu Kredit/Debit (Visa, Mastercard, JCB, Amex)',
    category: 'card',
    isActive: true,
    feeFlat: 2_000,
    feeBps: 290,
    minAmount: 10_000,
  },
  {
    id: 15,
    code: 'cimb_va',
    name: 'CIMB Niaga Virtual Account',
    category: 'virtual_account',
    isActive: false,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
  {
    id: 16,
    code: 'bri_va',
    name: 'BRI Virtual Account',
    category: 'virtual_account',
    isActive: false,
    feeFlat: 4_000,
    feeBps: 0,
    minAmount: 10_000,
  },
];

export const INSURANCE_ITEM = {
  id: 1,
  addOnTypeId: 1,
  typeName: { id: 'Asuransi Perjalanan', en: 'Travel Insurance' },
  itemName: { id: 'Perlindungan menginap hingga Rp 10.000.000', en: 'Stay protection up to Rp 10.000.000' },
  price: 5_000,
  providerId: 301,
  providerName: 'Asuransi Sinar Lindung',
  coverAmount: 10_000_000,
  termsUrl: 'https://www.example.com/insurance/sinar-lindung/terms',
  benefitUrl: 'https://www.example.com/insurance/sinar-lindung/benefit',
  claimUrl: 'https://www.example.com/insurance/sinar-lindung/claim',
};

export const CARBON_OFFSET_PACKAGE = {
  uuid: '6f1c2b0e-4d1a-4c55-9a3e-0b8f5c1d2e01',
  providerName: 'Jejak Hijau Nusantara',
  providerShortDescription: {
    id: 'Mitra penanaman mangrove yang menyerap emisi karbon dari perjalanan kamu.',
    en: 'A mangrove-planting partner that absorbs the carbon emitted by your trip.',
  },
  providerLogoUrl: 'https://www.example.com/partners/jejak-hijau/logo.png',
  ancillaryTypeCode: 'CARBON_OFFSET',
  name: { id: 'Offset karbon menginap', en: 'Stay carbon offset' },
  salePrice: 2_500,
  customData: {
    kgCo2PerNight: 9.5,
    projectName: 'Mangrove Demak',
    certificateUrl: 'https://www.example.com/partners/jejak-hijau/certificate',
  },
};

/**
 * Day-use blocks of the hourly hotels (type 2): lengths in hours and each one's share of the room
 * type's nightly base rate. The block price is rounded to Rp 1.000; the crossed-out price is 25 % above.
 */
export const DAY_USE_BLOCKS: { hours: number; shareBps: number }[] = [
  { hours: 3, shareBps: 4_000 },
  { hours: 6, shareBps: 6_000 },
  { hours: 12, shareBps: 8_500 },
];

export function blockPrice(base: number, shareBps: number): { price: number; fakePrice: number } {
  const price = Math.round((base * shareBps) / 10_000 / 1_000) * 1_000;
  return { price, fakePrice: Math.round((price * 1.25) / 1_000) * 1_000 };
}
