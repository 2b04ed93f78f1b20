import { key, ls, lt, pt, type Doc } from './helpers.ts';

type Item = [titleId: string, titleEn: string, bodyId: string, bodyEn: string];
const items = (list: Item[]) => list.map(([ti, te, bi, be]) => ({ _key: key(), _type: 'legalItem', title: ls(ti, te), body: pt(bi, be) }));

const TERMS: Item[] = [
  ['Ruang lingkup', 'Scope', 'Syarat ini berlaku untuk setiap pemesanan di situs dan aplikasi Bobobox, untuk pod, Bobocabin, Boboliving dan Boboexpress.', 'These terms apply to every booking on the Bobobox website and app, for pods, Bobocabin, Boboliving and Boboexpress.'],
  ['Akun dan usia', 'Account and age', 'Pemesan wajib berusia minimal 18 tahun dan memiliki identitas yang sah. Satu akun hanya untuk satu orang; menggunakan akun orang lain tidak diperbolehkan.', 'The booker must be at least 18 and hold valid ID. One account belongs to one person; using someone else\'s account is not allowed.'],
  ['Verifikasi identitas', 'ID verification', 'Sebelum check-in, pemesan mengunggah KTP, SIM atau paspor asli beserta swafoto. Host memverifikasi dalam 3 sampai 5 menit. Identitas tamu harus sama dengan pemesan.', 'Before check-in the booker uploads a national ID card, driving licence or original passport plus a selfie. A host verifies it in 3 to 5 minutes. The guest\'s ID must match the booker.'],
  ['Pemesanan untuk orang lain', 'Booking for others', 'Kamu boleh memesan untuk orang lain, tetapi orang tersebut perlu memiliki akun Bobobox sendiri untuk check-in.', 'You may book for someone else, but that person needs their own Bobobox account to check in.'],
  ['Harga dan pembayaran', 'Prices and payment', 'Semua harga dalam Rupiah dan dibayar lunas saat memesan. Pesanan yang tidak dibayar sampai batas waktu akan dibatalkan otomatis.', 'All prices are in Rupiah and paid in full when booking. Bookings not paid by the deadline are cancelled automatically.'],
  ['Pembatalan dan perubahan', 'Cancellation and changes', 'Pesanan tidak dapat dikembalikan dananya dan tidak dapat dijadwal ulang. Pengembalian dana hanya untuk kasus khusus, diproses dalam 14 hari kerja setelah dipotong biaya admin.', 'Bookings are non-refundable and cannot be rescheduled. Refunds are only made in special cases, within 14 working days after an admin fee.'],
  ['Check-in dan check-out', 'Check-in and check-out', 'Check-in mulai pukul 14.00 dan check-out paling lambat pukul 12.00. Check-in lebih awal mulai pukul 12.00 gratis jika kamar tersedia. Tombol check-in mandiri aktif satu jam sebelum pukul 14.00.', 'Check-in starts at 14:00 and check-out is by 12:00. Early check-in from 12:00 is free when the room is available. The self check-in button opens one hour before 14:00.'],
  ['Check-out terlambat', 'Late check-out', 'Check-out antara pukul 12.00 dan 13.00 dikenakan biaya 50% dari harga kamar; setelah pukul 13.00 dikenakan 100%.', 'Checking out between 12:00 and 13:00 costs 50% of the room price; after 13:00 it costs 100%.'],
  ['Kapasitas kamar', 'Room capacity', 'Single pod untuk 1 dewasa; double pod untuk 2 dewasa dan 1 anak di bawah 10 tahun. Anak di atas 10 tahun dihitung dewasa. Tamu di bawah 18 tahun wajib didampingi orang dewasa yang membawa identitas.', 'A single pod is for 1 adult; a double pod for 2 adults and 1 child under 10. Children over 10 count as adults. Guests under 18 must be accompanied by an adult with ID.'],
  ['Jam tenang', 'Quiet hours', 'Pukul 21.00 sampai 07.00 adalah jam tenang. Hormati tamu lain dengan menjaga suara.', 'Quiet hours are from 21:00 to 07:00. Please respect other guests by keeping the noise down.'],
  ['Larangan merokok', 'No smoking', 'Merokok, termasuk rokok elektrik, dilarang di seluruh area dalam ruangan. Pelanggaran dikenakan denda Rp 1.000.000.', 'Smoking, including e-cigarettes, is forbidden indoors. Breaking this rule costs a Rp 1.000.000 fine.'],
  ['Kerusakan dan kehilangan', 'Damage and loss', 'Kehilangan kunci loker dikenakan Rp 50.000. Kerusakan fasilitas dikenakan biaya Rp 50.000 sampai Rp 13.000.000, misalnya tablet Rp 2.000.000 di pod atau Rp 2.400.000 di kabin, dan jendela pintar Rp 13.000.000.', 'A lost locker key costs Rp 50.000. Damage costs between Rp 50.000 and Rp 13.000.000, for example a tablet at Rp 2.000.000 in pods or Rp 2.400.000 in cabins, and a smart window at Rp 13.000.000.'],
  ['Barang pribadi', 'Personal belongings', 'Simpan barang berharga di loker. Bobobox tidak bertanggung jawab atas barang yang ditinggalkan di luar loker.', 'Keep valuables in your locker. Bobobox is not responsible for items left outside the locker.'],
  ['Promo dan voucher', 'Promos and vouchers', 'Promo dan voucher mengikuti syarat masing-masing dan tidak bisa digabung kecuali disebutkan. Sebagian voucher tidak berlaku untuk metode pembayaran tertentu.', 'Promos and vouchers follow their own terms and cannot be combined unless stated. Some vouchers do not work with certain payment methods.'],
  ['Bobopoints', 'Bobopoints', 'Bobopoints mengikuti [syarat Bobopoints](/term/). Poin tidak dapat diuangkan.', 'Bobopoints follow the [Bobopoints terms](/term/). Points cannot be exchanged for cash.'],
  ['Keadaan memaksa', 'Force majeure', 'Jika keadaan memaksa berlangsung lebih dari 30 hari, masing-masing pihak boleh mengakhiri pemesanan.', 'If force majeure lasts more than 30 days, either party may end the booking.'],
  ['Perubahan syarat', 'Changes to these terms', 'Kami dapat memperbarui syarat ini. Versi yang berlaku adalah yang tercantum di halaman ini pada saat kamu memesan.', 'We may update these terms. The version on this page at the time of your booking applies.'],
];

const PRIVACY: Item[] = [
  ['Data yang kami kumpulkan', 'Data we collect', 'Nama, e-mail, nomor telepon, foto profil, foto identitas dan swafoto, riwayat menginap serta data pembayaran yang kamu berikan.', 'Your name, e-mail, phone number, profile picture, ID photo and selfie, stay history and the payment details you provide.'],
  ['Cara kami mengumpulkan data', 'How we collect data', 'Dari formulir di situs dan aplikasi, dari perangkat di kamar (misalnya pengaturan tablet), dan dari mitra pembayaran.', 'From forms on the website and app, from in-room devices (such as tablet settings) and from payment partners.'],
  ['Tujuan penggunaan', 'Why we use it', 'Untuk memproses pemesanan, memverifikasi identitas, membuka akses kamar, memberi layanan pelanggan dan mengirim kabar promo jika kamu setuju.', 'To process bookings, verify identity, unlock your room, provide customer service and, if you agree, send promo news.'],
  ['Verifikasi identitas', 'Identity verification', 'Foto identitas dan swafoto hanya dipakai untuk mencocokkan tamu dengan pemesan dan memenuhi kewajiban hukum akomodasi.', 'ID photos and selfies are only used to match the guest with the booker and meet accommodation legal duties.'],
  ['Berbagi data', 'Sharing data', 'Kami hanya membagikan data ke mitra yang membantu layanan kami (pembayaran, asuransi, offset karbon) dan ke pihak berwenang jika diwajibkan hukum.', 'We only share data with partners who help run our service (payments, insurance, carbon offset) and with authorities when the law requires it.'],
  ['Penyimpanan', 'Storage', 'Data disimpan di server yang aman selama akunmu aktif dan selama diwajibkan oleh hukum.', 'Data is stored on secure servers while your account is active and for as long as the law requires.'],
  ['Keamanan', 'Security', 'Kami memakai enkripsi, pembatasan akses dan pemantauan untuk melindungi datamu.', 'We use encryption, access restrictions and monitoring to protect your data.'],
  ['Cookie', 'Cookies', 'Cookie dipakai untuk menjaga kamu tetap masuk, mengingat bahasa pilihanmu dan mengukur penggunaan situs.', 'Cookies keep you signed in, remember your language and measure how the site is used.'],
  ['Hak kamu', 'Your rights', 'Kamu berhak melihat, memperbaiki dan meminta penghapusan datamu lewat menu profil atau layanan pelanggan.', 'You may view, correct and ask us to delete your data through your profile or customer service.'],
  ['Penghapusan akun', 'Account deletion', 'Akun bisa dihapus jika tidak ada menginap yang sedang berjalan, terjadwal atau pembayaran tertunda. Akun dapat diaktifkan kembali dalam 30 hari lewat layanan pelanggan; setelah itu data dihapus permanen dan poin menjadi nol.', 'An account can be deleted when there is no current or scheduled stay and no outstanding payment. It can be reactivated within 30 days through customer service; after that the data is permanently deleted and points go to zero.'],
  ['Anak-anak', 'Children', 'Layanan kami ditujukan untuk pengguna berusia 18 tahun ke atas. Kami tidak sengaja mengumpulkan data anak.', 'Our service is meant for users aged 18 and over. We do not knowingly collect data about children.'],
  ['Perubahan kebijakan', 'Changes to this policy', 'Jika kebijakan ini berubah, kami memberi tahu lewat aplikasi atau e-mail sebelum perubahan berlaku.', 'If this policy changes, we tell you through the app or by e-mail before the change applies.'],
  ['Kontak', 'Contact', 'Pertanyaan soal privasi? Kirim e-mail ke [privasi@bobobox.example](mailto:privasi@bobobox.example).', 'Privacy questions? E-mail [privasi@bobobox.example](mailto:privasi@bobobox.example).'],
];

const POINTS: Item[] = [
  ['Cara mendapat poin', 'Earning points', 'Kamu mendapat 15.000 Bobopoints saat mendaftar dan 15.000 setiap check-out, kecuali pemesanan yang memakai poin.', 'You get 15,000 Bobopoints when you sign up and 15,000 at every check-out, except for bookings paid partly with points.'],
  ['Poin tertunda', 'Pending points', 'Poin dari menginap tercatat sebagai tertunda dan menjadi aktif pada tanggal yang tertera di aplikasi.', 'Points from a stay show as pending and become active on the date shown in the app.'],
  ['Nilai poin', 'Point value', 'Satu poin bernilai Rp 1. Poin tidak dapat diuangkan atau dipindahkan.', 'One point is worth Rp 1. Points cannot be cashed out or transferred.'],
  ['Menukar poin', 'Redeeming points', 'Tukar poin dalam kelipatan 5.000, paling banyak 100.000 poin per pemesanan dan tidak melebihi saldomu.', 'Redeem points in steps of 5,000, up to 100,000 points per booking and never more than your balance.'],
  ['Masa berlaku', 'Expiry', 'Poin kedaluwarsa satu tahun setelah menginap terakhirmu.', 'Points expire one year after your last stay.'],
];

export function legalDocs(): Doc[] {
  return [
    {
      _id: 'legal-terms',
      _type: 'legalDocument',
      key: 'terms',
      title: ls('Syarat dan Ketentuan', 'Terms and Conditions'),
      description: lt('Syarat dan ketentuan menginap dan memesan di Bobobox, berlaku sejak 14 September 2023.', 'Terms and conditions for booking and staying at Bobobox, effective 14 September 2023.'),
      effectiveDate: '2023-09-14',
      versionLabel: ls('Berlaku sejak 14 September 2023', 'Effective 14 September 2023'),
      intro: pt('Dengan memesan di Bobobox, kamu menyetujui 17 poin berikut. Bacalah dengan teliti sebelum membayar.', 'By booking with Bobobox you agree to the 17 points below. Please read them carefully before you pay.'),
      items: items(TERMS),
    },
    {
      _id: 'legal-privacy',
      _type: 'legalDocument',
      key: 'privacy',
      title: ls('Kebijakan Privasi', 'Privacy Policy'),
      description: lt('Bagaimana Bobobox mengumpulkan, memakai dan melindungi datamu. Versi Oktober 2023.', 'How Bobobox collects, uses and protects your data. Version October 2023.'),
      effectiveDate: '2023-10-01',
      versionLabel: ls('Versi Oktober 2023', 'Version October 2023'),
      intro: pt('Kami menjaga datamu seperti kami menjaga kamarmu. Kebijakan ini menjelaskan data apa yang kami simpan dan untuk apa.', 'We look after your data the way we look after your room. This policy explains what we keep and why.'),
      items: items(PRIVACY),
    },
    {
      _id: 'legal-bobopoints-terms',
      _type: 'legalDocument',
      key: 'bobopoints-terms',
      title: ls('Syarat Bobopoints', 'Bobopoints Terms'),
      description: lt('Cara mendapat, menukar dan masa berlaku Bobopoints.', 'How to earn and redeem Bobopoints, and when they expire.'),
      effectiveDate: '2023-09-14',
      versionLabel: ls('Berlaku sejak 14 September 2023', 'Effective 14 September 2023'),
      intro: pt('Bobopoints adalah poin loyalitas untuk tamu yang terdaftar.', 'Bobopoints are loyalty points for registered guests.'),
      items: items(POINTS),
    },
  ];
}
