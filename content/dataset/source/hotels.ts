import { image, key, ls, lt, pt, type Doc } from './helpers.ts';

// Hotel ids follow the booking API seed: pod branches 1..16, cabin sites 101..109.
type Hotel = { id: number; name: string; cabin: boolean; noteId: string; noteEn: string; around: [string, string, string, string][] };

const HOTELS: Hotel[] = [
  { id: 1, name: 'Bobobox Blok M', cabin: false, noteId: 'Lima menit jalan kaki ke stasiun MRT Blok M. Lantai atas punya pantry dengan pemandangan kota.', noteEn: 'Five minutes on foot from Blok M MRT station. The top floor has a pantry with a city view.', around: [['Blok M Square', 'Blok M Square', 'Pusat belanja dan kuliner malam.', 'Shopping and late-night food.'], ['Taman Literasi Martha Tiahahu', 'Martha Tiahahu Literacy Park', 'Taman baca di atas stasiun MRT.', 'A reading park above the MRT station.']] },
  { id: 2, name: 'Bobobox Pasar Baru', cabin: false, noteId: 'Cabang ini juga punya pod co-living untuk tinggal bulanan.', noteEn: 'This branch also has co-living pods for monthly stays.', around: [['Pasar Baru', 'Pasar Baru', 'Pusat belanja tekstil tertua di Jakarta.', 'Jakarta\'s oldest textile market.'], ['Gedung Kesenian Jakarta', 'Jakarta Arts Building', 'Pertunjukan seni di gedung bersejarah.', 'Performances in a historic theatre.']] },
  { id: 3, name: 'Bobobox Soekarno-Hatta Transit', cabin: false, noteId: 'Pod per jam di Terminal 3, cocok untuk transit malam.', noteEn: 'Hourly pods in Terminal 3, ideal for overnight transits.', around: [['Terminal 3', 'Terminal 3', 'Gerbang keberangkatan internasional dan domestik.', 'International and domestic departures.'], ['Kereta Bandara', 'Airport train', 'Ke pusat Jakarta sekitar 50 menit.', 'About 50 minutes to central Jakarta.']] },
  { id: 4, name: 'Bobobox Alun-Alun Bandung', cabin: false, noteId: 'Cabang pertama kami. Dari jendela lobi terlihat menara Masjid Raya Bandung.', noteEn: 'Our very first branch. The lobby window looks out on the towers of the Grand Mosque.', around: [['Alun-Alun Bandung', 'Bandung town square', 'Lapangan rumput sintetis untuk bersantai sore.', 'An artificial-lawn square for an evening stroll.'], ['Jalan Braga', 'Braga Street', 'Kafe dan bangunan art deco.', 'Cafés and art deco buildings.']] },
  { id: 5, name: 'Bobobox Pasir Kaliki', cabin: false, noteId: 'Dekat Stasiun Bandung dan pusat factory outlet.', noteEn: 'Close to Bandung station and the factory outlets.', around: [['Stasiun Bandung', 'Bandung station', 'Kereta ke Jakarta dan Yogyakarta.', 'Trains to Jakarta and Yogyakarta.'], ['Paris Van Java', 'Paris Van Java', 'Mal terbuka dengan banyak restoran.', 'An open-air mall full of restaurants.']] },
  { id: 6, name: 'Bobobox Malioboro', cabin: false, noteId: 'Keluar pintu langsung ke Jalan Malioboro. Pod Earth paling laris di sini.', noteEn: 'Step out straight onto Malioboro Street. Earth pods sell out first here.', around: [['Malioboro', 'Malioboro', 'Belanja batik dan jajanan kaki lima.', 'Batik shopping and street food.'], ['Keraton Yogyakarta', 'Yogyakarta Palace', 'Istana sultan, 15 menit jalan kaki.', 'The sultan\'s palace, 15 minutes on foot.']] },
  { id: 7, name: 'Bobobox Tugu Jogja', cabin: false, noteId: 'Di seberang Tugu Jogja; enak untuk jalan pagi sebelum kota ramai.', noteEn: 'Opposite the Tugu monument; great for an early walk before the city wakes up.', around: [['Tugu Jogja', 'Tugu monument', 'Ikon kota Yogyakarta.', 'The landmark of Yogyakarta.'], ['Stasiun Tugu', 'Tugu station', 'Stasiun kereta utama kota.', 'The city\'s main railway station.']] },
  { id: 8, name: 'Bobobox Simpang Lima', cabin: false, noteId: 'Di jantung Semarang, dekat kuliner malam Simpang Lima.', noteEn: 'In the heart of Semarang, near the Simpang Lima night food stalls.', around: [['Simpang Lima', 'Simpang Lima', 'Alun-alun dengan kuliner malam.', 'A square full of night food.'], ['Lawang Sewu', 'Lawang Sewu', 'Gedung bersejarah seribu pintu.', 'The historic building of a thousand doors.']] },
  { id: 101, name: 'Bobocabin Baturraden', cabin: true, noteId: 'Kabin family paling cepat habis saat libur sekolah.', noteEn: 'Family cabins sell out first during school holidays.', around: [['Pancuran Tujuh', 'Pancuran Tujuh', 'Pemandian air panas belerang.', 'Sulphur hot springs.']] },
  { id: 104, name: 'Bobocabin Kintamani', cabin: true, noteId: 'Bawa jaket: suhu malam bisa turun sampai 14°C.', noteEn: 'Bring a jacket: nights can drop to 14°C.', around: [['Danau Batur', 'Lake Batur', 'Danau kaldera di kaki gunung.', 'A crater lake below the volcano.']] },
  { id: 108, name: 'Bobocabin Ubud', cabin: true, noteId: 'Sawah di depan kabin berubah warna setiap musim tanam.', noteEn: 'The paddies in front of the cabins change colour with every planting season.', around: [['Pasar Ubud', 'Ubud market', 'Kerajinan dan oleh-oleh.', 'Crafts and souvenirs.']] },
];

const POD_FACILITIES: [string, string][] = [['WiFi kencang', 'Fast Wi-Fi'], ['Tablet kontrol di dalam pod', 'In-pod control tablet'], ['Loker pribadi', 'Private locker'], ['Kamar mandi air panas bersama', 'Shared hot showers'], ['Host 24 jam', '24/7 host']];
const CABIN_FACILITIES: [string, string][] = [['Jendela pintar', 'Smart window'], ['Kamar mandi dalam', 'En-suite bathroom'], ['Speaker bluetooth', 'Bluetooth speaker'], ['Area api unggun', 'Bonfire area'], ['Host 24 jam', '24/7 host']];

export function hotelDocs(): Doc[] {
  const docs: Doc[] = HOTELS.map((h) => ({
    _id: `hotel-content-${h.id}`,
    _type: 'hotelContent',
    hotelId: h.id,
    name: h.name,
    facilities: (h.cabin ? CABIN_FACILITIES : POD_FACILITIES).map(([id, en]) => ({ _key: key(), ...ls(id, en) })),
    fieldNotes: pt(h.noteId, h.noteEn),
    exploreAround: h.around.map(([ti, te, bi, be]) => ({ _key: key(), _type: 'exploreAroundItem', title: ls(ti, te), body: lt(bi, be) })),
    policies: [
      { _key: key(), _type: 'policiesItem', title: ls('Check-in dan check-out', 'Check-in and check-out'), body: lt('Check-in 14.00, check-out 12.00. Check-in lebih awal mulai 12.00 gratis jika tersedia.', 'Check-in 14:00, check-out 12:00. Early check-in from 12:00 is free when available.') },
      { _key: key(), _type: 'policiesItem', title: ls('Jam tenang', 'Quiet hours'), body: lt('Pukul 21.00 sampai 07.00.', 'From 21:00 to 07:00.') },
      { _key: key(), _type: 'policiesItem', title: ls('Dilarang merokok', 'No smoking'), body: lt('Denda Rp 1.000.000 untuk merokok di dalam ruangan.', 'A Rp 1.000.000 fine for smoking indoors.') },
    ],
    gallery: [{ _key: key(), ...image(h.cabin ? 'hero-cabin.png' : 'hero-pod.png', `Suasana ${h.name}`, `Inside ${h.name}`) }],
  }));
  // An editor's unpublished change to a branch's field notes (the preview shows it on the hotel page).
  const blokM = docs[0]!;
  docs.push({
    ...blokM,
    _id: 'drafts.hotel-content-1',
    fieldNotes: pt(
      'Baru: rooftop pantry kini buka 24 jam, lengkap dengan mesin kopi.',
      'New: the rooftop pantry is now open around the clock, coffee machine included.',
    ),
  });
  return docs;
}

export function announcementDocs(): Doc[] {
  return [
    {
      _id: 'announcement-app-update',
      _type: 'announcement',
      message: ls('Check-in mandiri kini lebih cepat di aplikasi versi terbaru.', 'Self check-in is now faster in the latest app version.'),
      tone: 'info',
      url: '/download-app/',
      publishAt: '2024-01-01T00:00:00Z',
    },
    {
      _id: 'announcement-new-year-2031',
      _type: 'announcement',
      message: ls('Promo Tahun Baru 2031 sudah tayang!', 'The New Year 2031 promo is live!'),
      tone: 'promo',
      url: '/promo/tahun-baru-2031/',
      publishAt: '2031-10-31T17:00:00Z',
      unpublishAt: '2032-01-15T17:00:00Z',
    },
    {
      // Written and scheduled, never published: a draft until its time (the preview shows it).
      _id: 'drafts.announcement-cabin-holidays-2031',
      _type: 'announcement',
      message: ls(
        'Libur akhir tahun: pesan kabinmu lebih awal, kamarnya cepat habis!',
        'Year-end holidays: book your cabin early, rooms go fast!',
      ),
      tone: 'promo',
      url: '/bobocabin/',
      publishAt: '2031-12-01T01:00:00Z',
      unpublishAt: '2032-01-05T17:00:00Z',
    },
  ];
}
