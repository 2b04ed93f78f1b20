import type { Bilingual } from '../hotels/hotels.schema.ts';

// What is near each seeded hotel, named in both languages (distances in km, by road).

type Landmark = { name: Bilingual; distanceKm: number };
const lm = (id: string, en: string, distanceKm: number): Landmark => ({ name: { id, en }, distanceKm });

export const LANDMARKS: Record<string, Landmark[]> = {
  'bobobox-blok-m': [
    lm('Stasiun MRT Blok M', 'Blok M MRT station', 0.4),
    lm('Taman Literasi Martha Christina Tiahahu', 'Martha Christina Tiahahu Literacy Park', 0.6),
  ],
  'bobobox-pasar-baru': [
    lm('Pusat belanja Pasar Baru', 'Pasar Baru shopping street', 0.2),
    lm('Stasiun Juanda', 'Juanda train station', 0.8),
  ],
  'bobobox-soekarno-hatta-transit': [
    lm('Terminal 3 Soekarno-Hatta', 'Soekarno-Hatta Terminal 3', 0.1),
    lm('Stasiun kereta bandara', 'Airport rail link station', 1.5),
  ],
  'bobobox-alun-alun-bandung': [
    lm('Masjid Raya Bandung', 'Bandung Grand Mosque', 0.3),
    lm('Jalan Braga', 'Braga Street', 0.9),
  ],
  'bobobox-pasir-kaliki': [
    lm('Stasiun Bandung', 'Bandung train station', 0.7),
    lm('Istana Plaza', 'Istana Plaza mall', 0.5),
  ],
  'bobobox-malioboro': [
    lm('Jalan Malioboro', 'Malioboro Street', 0.2),
    lm('Stasiun Yogyakarta (Tugu)', 'Yogyakarta (Tugu) train station', 0.7),
  ],
  'bobobox-tugu-jogja': [
    lm('Tugu Yogyakarta', 'Yogyakarta Monument (Tugu)', 0.3),
    lm('Stasiun Yogyakarta (Tugu)', 'Yogyakarta (Tugu) train station', 0.6),
  ],
  'bobobox-simpang-lima': [
    lm('Lapangan Simpang Lima', 'Simpang Lima square', 0.2),
    lm('Masjid Raya Baiturrahman Semarang', 'Baiturrahman Grand Mosque', 0.4),
  ],
  'bobobox-kota-lama': [
    lm('Kota Lama Semarang', 'Semarang Old Town', 0.2),
    lm('Stasiun Semarang Tawang', 'Semarang Tawang train station', 0.5),
  ],
  'bobobox-tunjungan': [
    lm('Jalan Tunjungan', 'Tunjungan Street', 0.2),
    lm('Tunjungan Plaza', 'Tunjungan Plaza mall', 0.6),
  ],
  'bobobox-gubeng': [
    lm('Stasiun Surabaya Gubeng', 'Surabaya Gubeng train station', 0.3),
    lm('Monumen Kapal Selam', 'Submarine Monument', 0.5),
  ],
  'bobobox-ijen-malang': [
    lm('Jalan Ijen Boulevard', 'Ijen Boulevard', 0.2),
    lm('Alun-Alun Tugu Malang', 'Malang City Hall square', 1.5),
  ],
  'bobobox-kayutangan': [
    lm('Kampung Heritage Kayutangan', 'Kayutangan heritage quarter', 0.1),
    lm('Alun-Alun Malang', 'Malang town square', 0.6),
  ],
  'bobobox-teuku-umar-denpasar': [
    lm('Lapangan Puputan Badung', 'Puputan Badung square', 1.8),
    lm('Pasar Badung', 'Badung market', 2.1),
  ],
  'bobobox-ngurah-rai-transit': [
    lm('Terminal Bandara I Gusti Ngurah Rai', 'Ngurah Rai airport terminal', 0.2),
    lm('Pantai Kuta', 'Kuta Beach', 3.5),
  ],
  'bobobox-jayapura': [lm('Taman Imbi', 'Imbi Park', 0.6), lm('Pelabuhan Jayapura', 'Jayapura harbour', 0.9)],
  'bobocabin-baturraden': [
    lm('Lokawisata Baturraden', 'Baturraden nature park', 1.2),
    lm('Pancuran Tujuh', 'Pancuran Tujuh hot springs', 2.5),
  ],
  'bobocabin-cobanrondo': [
    lm('Air Terjun Coban Rondo', 'Coban Rondo waterfall', 0.8),
    lm('Labirin Coban Rondo', 'Coban Rondo maze garden', 0.5),
  ],
  'bobocabin-gunung-mas': [
    lm('Kebun Teh Gunung Mas', 'Gunung Mas tea plantation', 0.3),
    lm('Puncak Pass', 'Puncak Pass', 3),
  ],
  'bobocabin-kintamani': [
    lm('Danau Batur', 'Lake Batur', 1),
    lm('Jalur pendakian Gunung Batur', 'Mount Batur trailhead', 4),
  ],
  'bobocabin-madasari': [
    lm('Pantai Madasari', 'Madasari Beach', 0.2),
    lm('Pantai Pangandaran', 'Pangandaran Beach', 35),
  ],
  'bobocabin-padusan': [
    lm('Pemandian air panas Padusan', 'Padusan hot springs', 0.5),
    lm('Air Terjun Dlundung', 'Dlundung waterfall', 4),
  ],
  'bobocabin-sumba': [lm('Danau Weekuri', 'Weekuri Lagoon', 8), lm('Pantai Mandorak', 'Mandorak Beach', 5)],
  'bobocabin-ubud': [
    lm('Sawah Terasering Tegallalang', 'Tegallalang rice terraces', 2.5),
    lm('Pasar Ubud', 'Ubud market', 4),
  ],
  'bobocabin-mandalika-campsite': [
    lm('Pantai Kuta Mandalika', 'Kuta Mandalika Beach', 1.5),
    lm('Sirkuit Mandalika', 'Mandalika circuit', 3),
  ],
};
