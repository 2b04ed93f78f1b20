import { highlight, image, key, ls, lt, pt, type Doc } from './helpers.ts';
import { destinationImage } from './images.ts';

type Place = {
  slug: string;
  section?: 'bobocabin' | 'campsite';
  name: string;
  hotelId?: number;
  locality: string;
  region: string;
  address: string;
  lat: number;
  lng: number;
  priceFrom: number;
  summaryId: string;
  summaryEn: string;
  bodyId: string;
  bodyEn: string;
  publishAt?: string;
};

const destination = (p: Place): Doc => ({
  _id: `destination-${p.slug}`,
  _type: 'destinationPage',
  section: p.section ?? 'bobocabin',
  kind: 'destination',
  title: ls(p.name, p.name),
  slug: { _type: 'slug', current: p.slug },
  description: lt(`${p.name}: ${p.summaryId}`, `${p.name}: ${p.summaryEn}`),
  summary: lt(p.summaryId, p.summaryEn),
  heroImage: image(destinationImage(p.slug), `Pemandangan di ${p.name}`, `The view at ${p.name}`),
  body: pt(p.bodyId, p.bodyEn),
  highlights: [
    highlight('Jendela pintar', 'Smart window', 'Lihat pemandangan langsung dari kasur.', 'Take in the view straight from your bed.'),
    highlight('Api unggun', 'Bonfire', 'Malam hangat bersama teman dan keluarga.', 'Warm evenings with friends and family.'),
  ],
  priceFrom: p.priceFrom,
  location: { locality: p.locality, region: p.region, streetAddress: p.address, latitude: p.lat, longitude: p.lng },
  hotelIds: p.hotelId ? [p.hotelId] : [],
  ...(p.publishAt ? { publishAt: p.publishAt } : {}),
});

type Theme = { slug: string; titleId: string; titleEn: string; summaryId: string; summaryEn: string; bodyId: string; bodyEn: string; destinations: string[] };

const collection = (t: Theme): Doc => ({
  _id: `destination-${t.slug}`,
  _type: 'destinationPage',
  section: 'bobocabin',
  kind: 'collection',
  title: ls(t.titleId, t.titleEn),
  slug: { _type: 'slug', current: t.slug },
  description: lt(t.summaryId, t.summaryEn),
  summary: lt(t.summaryId, t.summaryEn),
  heroImage: image(destinationImage(t.slug), t.titleId, t.titleEn),
  body: pt(t.bodyId, t.bodyEn),
  // The editor's choice, in the editor's order (references to destination documents).
  destinations: t.destinations.map((slug) => ({ _type: 'reference', _key: key(), _ref: `destination-${slug}` })),
});

export function destinationDocs(): Doc[] {
  return [
    destination({ slug: 'baturraden', name: 'Bobocabin Baturraden', hotelId: 101, locality: 'Banyumas', region: 'Jawa Tengah', address: 'Kawasan Wisata Baturraden', lat: -7.3105, lng: 109.2294, priceFrom: 650_000,
      summaryId: 'Kabin sejuk di kaki Gunung Slamet, dekat pancuran air panas.', summaryEn: 'Cool cabins on the slopes of Mount Slamet, near the hot springs.',
      bodyId: 'Bangun pagi disambut kabut dan suara air terjun. Dari kabin, Pancuran Tujuh hanya sekitar 15 menit berkendara.', bodyEn: 'Wake up to morning mist and the sound of waterfalls. Pancuran Tujuh hot springs are about 15 minutes away by car.' }),
    destination({ slug: 'cobanrondo', name: 'Bobocabin Coban Rondo', hotelId: 102, locality: 'Malang', region: 'Jawa Timur', address: 'Kawasan Coban Rondo, Pujon', lat: -7.8845, lng: 112.477, priceFrom: 650_000,
      summaryId: 'Hutan pinus dan air terjun legendaris di dataran tinggi Malang.', summaryEn: 'Pine forest and a legendary waterfall in the Malang highlands.',
      bodyId: 'Jalan kaki ke air terjun Coban Rondo, lalu pulang ke kabin dengan bak air panas untuk menghangatkan badan.', bodyEn: 'Walk to the Coban Rondo waterfall, then come back to a cabin with a hot tub to warm up.' }),
    destination({ slug: 'gunungmas', name: 'Bobocabin Gunung Mas', hotelId: 103, locality: 'Bogor', region: 'Jawa Barat', address: 'Agrowisata Gunung Mas, Puncak', lat: -6.7046, lng: 106.9876, priceFrom: 650_000,
      summaryId: 'Kabin di tengah kebun teh Puncak, dua jam dari Jakarta.', summaryEn: 'Cabins among the Puncak tea gardens, two hours from Jakarta.',
      bodyId: 'Hamparan kebun teh hijau dan udara dingin, cocok untuk akhir pekan singkat dari Jakarta.', bodyEn: 'Green tea gardens and cool air, perfect for a short weekend away from Jakarta.' }),
    destination({ slug: 'kintamani', name: 'Bobocabin Kintamani', hotelId: 104, locality: 'Bangli', region: 'Bali', address: 'Jl. Raya Penelokan, Kintamani', lat: -8.244, lng: 115.33, priceFrom: 850_000,
      summaryId: 'Matahari terbit di atas Gunung dan Danau Batur.', summaryEn: 'Sunrise over Mount Batur and its lake.',
      bodyId: 'Buka jendela pintar sebelum subuh dan saksikan langit berubah warna di atas kaldera Batur.', bodyEn: 'Clear the smart window before dawn and watch the sky change colour over the Batur caldera.' }),
    destination({ slug: 'madasari', name: 'Bobocabin Madasari', hotelId: 105, locality: 'Pangandaran', region: 'Jawa Barat', address: 'Pantai Madasari, Cimerak', lat: -7.786, lng: 108.3497, priceFrom: 650_000,
      summaryId: 'Kabin di tepi pantai karang yang masih sepi.', summaryEn: 'Cabins by a quiet rocky beach.',
      bodyId: 'Dengar ombak sepanjang malam dan jelajahi batu karang saat air surut.', bodyEn: 'Fall asleep to the waves and explore the rocks at low tide.' }),
    destination({ slug: 'padusan', name: 'Bobocabin Padusan', hotelId: 106, locality: 'Mojokerto', region: 'Jawa Timur', address: 'Wana Wisata Padusan, Pacet', lat: -7.6768, lng: 112.5408, priceFrom: 650_000,
      summaryId: 'Pemandian air panas alami di lereng Gunung Welirang.', summaryEn: 'Natural hot springs on the slopes of Mount Welirang.',
      bodyId: 'Pilihan tepat untuk keluarga: kabin family, pemandian air panas dan jalur hutan yang ramah anak.', bodyEn: 'A family favourite: family cabins, hot springs and child-friendly forest trails.' }),
    destination({ slug: 'sumba', name: 'Bobocabin Sumba', hotelId: 107, locality: 'Sumba Barat Daya', region: 'Nusa Tenggara Timur', address: 'Pantai Mandorak, Kodi', lat: -9.417, lng: 119.233, priceFrom: 1_250_000,
      summaryId: 'Savana, tebing dan pantai biru di ujung barat Sumba.', summaryEn: 'Savanna, cliffs and blue water at the western tip of Sumba.',
      bodyId: 'Kunjungi kampung adat, laguna Weekuri dan pantai Mandorak, lalu tutup hari dengan matahari terbenam dari teras kabin.', bodyEn: 'Visit traditional villages, the Weekuri lagoon and Mandorak beach, then end the day with a sunset from your deck.' }),
    destination({ slug: 'ubud', name: 'Bobocabin Ubud', hotelId: 108, locality: 'Gianyar', region: 'Bali', address: 'Jl. Raya Sayan, Ubud', lat: -8.4728, lng: 115.279, priceFrom: 1_050_000,
      summaryId: 'Kabin di antara sawah dan lembah Sungai Ayung.', summaryEn: 'Cabins among rice terraces above the Ayung river valley.',
      bodyId: 'Pagi hari untuk yoga, siang untuk jalan-jalan ke pusat Ubud, malam untuk berendam di bak air panas pribadi.', bodyEn: 'Mornings for yoga, afternoons for central Ubud, evenings in your private hot tub.' }),
    destination({ slug: 'mandalika', section: 'campsite', name: 'Bobocabin Mandalika Campsite', hotelId: 109, locality: 'Lombok Tengah', region: 'Nusa Tenggara Barat', address: 'Kawasan Mandalika, Kuta, Pujut', lat: -8.8955, lng: 116.2935, priceFrom: 650_000,
      summaryId: 'Campsite dengan kabin dan camper van dekat sirkuit dan pantai Kuta Lombok.', summaryEn: 'A campsite with cabins and camper vans near the circuit and Kuta Lombok beach.',
      bodyId: 'Parkir camper van dengan listrik dan air, atau pilih kabin standard. Pantai Tanjung Aan hanya 10 menit.', bodyEn: 'Park a camper van with power and water hook-ups, or pick a standard cabin. Tanjung Aan beach is 10 minutes away.' }),
    destination({ slug: 'labuan-bajo', name: 'Bobocabin Labuan Bajo', locality: 'Manggarai Barat', region: 'Nusa Tenggara Timur', address: 'Jl. Soekarno Hatta, Labuan Bajo', lat: -8.4964, lng: 119.8877, priceFrom: 1_350_000,
      summaryId: 'Segera hadir: kabin dengan pemandangan pulau-pulau Komodo.', summaryEn: 'Coming soon: cabins overlooking the Komodo islands.',
      bodyId: 'Destinasi baru kami sedang disiapkan.', bodyEn: 'Our newest destination is being prepared.', publishAt: '2031-06-30T17:00:00Z' }),
    collection({ slug: 'early-bird', titleId: 'Early Bird', titleEn: 'Early Bird', summaryId: 'Pesan jauh hari, dapat harga lebih hemat.', summaryEn: 'Book well ahead and pay less.', bodyId: 'Rencanakan liburanmu minimal 30 hari sebelumnya dan nikmati harga terbaik di semua Bobocabin.', bodyEn: 'Plan your holiday at least 30 days ahead and get the best prices at every Bobocabin.', destinations: ['ubud', 'kintamani', 'sumba', 'baturraden', 'cobanrondo', 'gunungmas', 'madasari', 'padusan'] }),
    collection({ slug: 'family-fun', titleId: 'Family Fun', titleEn: 'Family Fun', summaryId: 'Kabin family untuk 4 dewasa dan 2 anak.', summaryEn: 'Family cabins for 4 adults and 2 children.', bodyId: 'Destinasi dengan kabin family, area bermain dan jalur alam yang aman untuk anak.', bodyEn: 'Destinations with family cabins, play areas and trails that are safe for children.', destinations: ['padusan', 'baturraden'] }),
    collection({ slug: 'honeymoon', titleId: 'Honeymoon', titleEn: 'Honeymoon', summaryId: 'Berdua saja, dengan bak air panas pribadi.', summaryEn: 'Just the two of you, with a private hot tub.', bodyId: 'Kabin deluxe dengan bak air panas pribadi di Ubud, Kintamani dan Coban Rondo untuk bulan madu yang tenang.', bodyEn: 'Deluxe hot tub cabins in Ubud, Kintamani and Coban Rondo for a quiet honeymoon.', destinations: ['ubud', 'kintamani', 'cobanrondo'] }),
    collection({ slug: 'last-minute', titleId: 'Last Minute', titleEn: 'Last Minute', summaryId: 'Kabin yang masih tersedia akhir pekan ini.', summaryEn: 'Cabins still free this weekend.', bodyId: 'Mendadak ingin kabur? Cek kabin yang masih tersedia dan berangkat besok.', bodyEn: 'A sudden urge to get away? Check the cabins still available and leave tomorrow.', destinations: ['madasari', 'gunungmas', 'baturraden'] }),
    collection({ slug: 'memory-maker', titleId: 'Memory Maker', titleEn: 'Memory Maker', summaryId: 'Tempat untuk momen yang tak terlupakan.', summaryEn: 'Places for moments you will not forget.', bodyId: 'Dari matahari terbit di Kintamani sampai savana Sumba, kumpulkan cerita baru.', bodyEn: 'From a Kintamani sunrise to the Sumba savanna, collect new stories.', destinations: ['sumba', 'kintamani'] }),
    collection({ slug: 'nature-break', titleId: 'Nature Break', titleEn: 'Nature Break', summaryId: 'Istirahat sejenak dari layar dan keramaian.', summaryEn: 'A break from screens and crowds.', bodyId: 'Hutan pinus, kebun teh dan suara air: kabin yang membantu kamu mengisi ulang tenaga.', bodyEn: 'Pine forests, tea gardens and running water: cabins that help you recharge.', destinations: ['gunungmas', 'baturraden', 'padusan', 'cobanrondo'] }),
    collection({ slug: 'perfect-feast', titleId: 'Perfect Feast', titleEn: 'Perfect Feast', summaryId: 'Kuliner lokal dan barbeku di depan kabin.', summaryEn: 'Local food and a barbecue by your cabin.', bodyId: 'Pesan paket barbeku dari host dan cicipi kuliner khas setiap daerah.', bodyEn: 'Order a barbecue pack from the host and taste the local dishes of each region.', destinations: ['kintamani', 'ubud', 'gunungmas'] }),
    collection({ slug: 'work-from-cabin', titleId: 'Work from Cabin', titleEn: 'Work from Cabin', summaryId: 'Wi-Fi kencang, meja kerja dan pemandangan hijau.', summaryEn: 'Fast Wi-Fi, a desk and a green view.', bodyId: 'Pindahkan kantormu ke alam untuk seminggu. Kabin dengan Wi-Fi stabil dan colokan di dekat meja.', bodyEn: 'Move your office to nature for a week. Cabins with steady Wi-Fi and sockets by the desk.', destinations: ['ubud', 'gunungmas', 'padusan'] }),
  ];
}

/** Place names guests type, beside the cities of the branches (the place search's Studio documents). */
export function placeAliasDocs(): Doc[] {
  const alias = (id: string, title: string, cities: string[], aliases: string[]): Doc => ({
    _id: `placeAlias-${id}`,
    _type: 'placeAlias',
    title,
    cities,
    aliases,
  });
  return [
    alias('yogyakarta', 'Yogyakarta', ['Yogyakarta'], ['kota gudeg', 'kota pelajar', 'ngayogyakarta']),
    alias('bali', 'Bali', ['Denpasar', 'Gianyar', 'Bangli'], ['pulau dewata', 'island of the gods']),
    alias('surabaya', 'Surabaya', ['Surabaya'], ['kota pahlawan']),
    alias('bandung', 'Bandung', ['Bandung'], ['kota kembang']),
  ];
}
