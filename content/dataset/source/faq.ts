import { key, ls, pt, type Doc } from './helpers.ts';

type QA = [qId: string, qEn: string, aId: string, aEn: string];
const faq = (id: string, cat: string, order: number, titleId: string, titleEn: string, list: QA[]): Doc => ({
  _id: id,
  _type: 'faqCategory',
  key: cat,
  order,
  title: ls(titleId, titleEn),
  items: list.map(([qi, qe, ai, ae]) => ({ _key: key(), _type: 'faqItem', question: ls(qi, qe), answer: pt(ai, ae) })),
});

export function faqDocs(): Doc[] {
  return [
    faq('faq-general', 'general', 0, 'Umum', 'General', [
      ['Apa itu Bobobox?', 'What is Bobobox?', 'Bobobox adalah hotel kapsul pintar dan kabin di alam yang semuanya diatur lewat satu aplikasi.', 'Bobobox runs smart capsule hotels and nature cabins, all managed through one app.'],
      ['Jam berapa check-in dan check-out?', 'What are the check-in and check-out times?', 'Check-in pukul 14.00 dan check-out pukul 12.00. Check-in lebih awal mulai pukul 12.00 gratis kalau kamar sudah siap.', 'Check-in is at 14:00 and check-out at 12:00. Early check-in from 12:00 is free when the room is ready.'],
      ['Apa saja yang perlu dibawa saat check-in?', 'What do I need to bring to check in?', 'Bawa KTP, SIM atau paspor asli. Pemesan harus berusia minimal 18 tahun dan melakukan verifikasi identitas di aplikasi.', 'Bring your original ID card, driving licence or passport. The booker must be at least 18 and verify their ID in the app.'],
      ['Bagaimana cara menghubungi host?', 'How do I reach a host?', 'Chat host 24 jam lewat aplikasi, atau [hubungi kami](/contact/) lewat WhatsApp dan e-mail.', 'Chat with a host around the clock in the app, or [contact us](/contact/) by WhatsApp and e-mail.'],
    ]),
    faq('faq-cancellation', 'cancellation', 1, 'Pembatalan', 'Cancellation', [
      ['Bisakah saya membatalkan pesanan?', 'Can I cancel my booking?', 'Pesanan yang belum dibayar bisa dibatalkan dari menu Pesanan. Pesanan yang sudah dibayar tidak dapat dikembalikan dananya.', 'Unpaid bookings can be cancelled from the Orders menu. Paid bookings are non-refundable.'],
      ['Bisakah jadwal menginap diubah?', 'Can I change my dates?', 'Pesanan tidak bisa dijadwal ulang. Untuk kasus khusus, hubungi layanan pelanggan.', 'Bookings cannot be rescheduled. For special cases, contact customer service.'],
      ['Berapa lama proses pengembalian dana?', 'How long does a refund take?', 'Jika disetujui, pengembalian dana diproses dalam 14 hari kerja setelah dipotong biaya admin.', 'When approved, a refund is processed within 14 working days after an admin fee.'],
    ]),
    faq('faq-bobopoints', 'bobopoints', 2, 'Bobopoints', 'Bobopoints', [
      ['Bagaimana cara mendapat Bobopoints?', 'How do I earn Bobopoints?', 'Kamu dapat 15.000 poin saat mendaftar dan 15.000 poin setiap check-out.', 'You get 15,000 points when you sign up and 15,000 points at every check-out.'],
      ['Berapa poin yang bisa saya pakai?', 'How many points can I use?', 'Kelipatan 5.000, paling banyak 100.000 poin per pemesanan. Satu poin bernilai Rp 1.', 'In steps of 5,000, up to 100,000 points per booking. One point is worth Rp 1.'],
      ['Kapan poin saya kedaluwarsa?', 'When do my points expire?', 'Satu tahun setelah menginap terakhirmu. Lihat [syarat Bobopoints](/term/).', 'One year after your last stay. See the [Bobopoints terms](/term/).'],
    ]),
    faq('faq-pod', 'pod', 3, 'Pod', 'Pod', [
      ['Apa beda pod Sky dan Earth?', 'What is the difference between Sky and Earth pods?', 'Pod Sky ada di baris atas dengan nomor ganjil, pod Earth di baris bawah dengan nomor genap.', 'Sky pods are on the upper row with odd numbers; Earth pods are on the lower row with even numbers.'],
      ['Berapa orang yang bisa menginap di satu pod?', 'How many people fit in a pod?', 'Single pod untuk 1 dewasa. Double pod untuk 2 dewasa dan 1 anak di bawah 10 tahun.', 'A single pod fits 1 adult. A double pod fits 2 adults and 1 child under 10.'],
      ['Apakah ada loker?', 'Is there a locker?', 'Ya, setiap tamu mendapat loker pribadi. Kunci yang hilang dikenakan biaya Rp 50.000.', 'Yes, every guest gets a private locker. A lost key costs Rp 50.000.'],
    ]),
    faq('faq-cabin', 'cabin', 4, 'Kabin', 'Cabin', [
      ['Berapa kapasitas kabin?', 'How many guests fit in a cabin?', 'Kabin standard dan deluxe untuk 2 orang, executive untuk 4 orang, dan family untuk 4 dewasa dan 2 anak.', 'Standard and deluxe cabins fit 2, executive cabins 4, and family cabins 4 adults and 2 children.'],
      ['Apakah boleh membawa hewan peliharaan?', 'Can I bring my pet?', 'Maaf, hewan peliharaan belum bisa ikut menginap di Bobocabin.', 'Sorry, pets cannot stay at Bobocabin yet.'],
      ['Apakah boleh membuat api unggun?', 'Can I light a bonfire?', 'Boleh, di area api unggun yang sudah disediakan. Minta kayu bakar ke host.', 'Yes, in the bonfire area provided. Ask the host for firewood.'],
    ]),
  ];
}
