import type { accountProfileApiEn } from './account-profile-api-en.ts';

// Pesan API profil, unggahan, verifikasi identitas, penghapusan akun dan tamu kedua sebuah pesanan
// ("kamu"), kunci demi kunci dengan account-profile-api-en.ts.

type Catalogue = {
  readonly [K in keyof typeof accountProfileApiEn]: (typeof accountProfileApiEn)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

export const accountProfileApiId: Catalogue = {
  'uploads.notMultipart': 'Kirim fotonya sebagai multipart/form-data di kolom "files".',
  'uploads.oneFile': 'Pilih satu foto untuk diunggah.',
  'uploads.idCardFiles': 'Unggah dua foto: kartu identitas kamu, lalu swafoto sambil memegangnya.',
  'uploads.tooLarge': (mb: number) => `Fotonya terlalu besar: ukuran foto maksimal ${mb} MB.`,
  'uploads.notImage': 'File ini bukan foto yang bisa kami terima: unggah gambar JPEG, PNG atau WebP.',
  'uploads.unreadable': 'Foto ini tidak bisa dibaca. Coba foto lain ya.',
  'identity.alreadyVerified': 'Identitas kamu sudah terverifikasi, jadi tidak perlu diunggah lagi.',
  'account.deletionBlocked': 'Akun kamu belum bisa dihapus.',
  'account.blockedCurrentStay': 'Kamu sedang menginap bersama kami: hapus akun setelah check-out ya.',
  'account.blockedScheduledStay': 'Kamu masih punya jadwal menginap: hapus akun setelah menginap ya.',
  'account.blockedOutstandingPayment': 'Ada pesanan yang menunggu pembayaran: bayar atau batalkan dulu.',
  'account.deactivated':
    'Akun ini sudah dihapus. Untuk mengaktifkannya lagi dalam 30 hari sejak dihapus, hubungi customer service kami.',
  'stayGuests.contactInvalid': 'Tulis e-mail atau nomor HP tamu (08..., +62...).',
  'stayGuests.self': 'Kamu sudah ada di pesanan ini: cukup undang tamu lainnya.',
  'stayGuests.tooMany': (max: number) => `Pesanan ini hanya muat untuk ${max} tamu lagi.`,
  'stayGuests.notOpen': 'Pesanan ini tidak bisa dibagikan lagi: sudah dibatalkan, kedaluwarsa, atau sudah selesai.',
  'stayGuests.notFound': 'Undangan ini sudah tidak berlaku.',
  'stayGuests.inviteSubject': 'Ada yang memesankan kamu menginap di Bobobox',
  'stayGuests.inviteText': (p: { booker: string; hotel: string; dates: string; how: string; url: string }) =>
    `${p.booker} memesankan kamu menginap di ${p.hotel}, ${p.dates}. Untuk menerima atau menolaknya, masuk ke akun Bobobox kamu (atau daftar dengan ${p.how}) lalu buka Menginap saya: ${p.url}\nKalau kamu tidak kenal ${p.booker}, abaikan pesan ini: tidak ada yang terjadi tanpa jawabanmu.`,
  'stayGuests.byEmail': 'alamat e-mail ini',
  'stayGuests.byPhone': 'nomor HP ini',
  'waitlist.roomsFree': 'Masih ada kamar untuk malam-malam ini: kamu bisa langsung memesannya.',
  'waitlist.cap': (n: number) =>
    `Kamu bisa menunggu paling banyak ${n} pesanan sekaligus. Keluar dari salah satunya dulu ya.`,
  'passkeys.expired': 'Permintaan passkey ini sudah kedaluwarsa. Coba lagi ya.',
  'passkeys.invalid': 'Passkey ini gagal kami periksa. Coba lagi ya.',
  'passkeys.unknown': 'Passkey ini belum terhubung ke akun mana pun di sini. Masuk dengan kata sandimu dulu ya.',
  'passkeys.notFound': 'Passkey ini sudah tidak ada di akunmu.',
  'passkeys.duplicate': 'Passkey ini sudah ada di akunmu.',
  'sso.unknownProvider': 'Penyedia login ini tidak tersedia di sini.',
  'sso.expired': 'Proses masuk ini sudah kedaluwarsa atau sudah dipakai. Mulai lagi ya.',
  'sso.failed': 'Penyedia login belum memastikan siapa kamu. Mulai lagi ya.',
  'sso.unverified':
    'Penyedia login belum memverifikasi e-mail ini, jadi kami tidak bisa menghubungkannya ke akun. Masuk dengan kata sandimu, atau daftar.',
  'sso.linkedElsewhere': 'Akun penyedia login ini sudah terhubung ke akun Bobobox lain.',
  'sso.busy':
    'Terlalu banyak proses masuk dimulai dari jaringanmu dalam beberapa menit terakhir. Tunggu sebentar lalu coba lagi, atau masuk dengan kata sandimu.',
  'sso.unavailable': 'Penyedia login sedang tidak bisa dihubungi. Coba lagi nanti, atau pakai kata sandimu.',
  'sso.identityNotFound': 'Penyedia login ini sudah tidak terhubung ke akunmu.',
  'sso.lastWayIn':
    'Ini satu-satunya caramu untuk masuk. Buat kata sandi dulu (Lupa kata sandi) atau tambahkan passkey, lalu hapus.',
  'sessions.notFound': 'Perangkat ini sudah keluar dari akunmu.',
  'waitlist.notFound': 'Antrean ini sudah tidak berlaku.',
  'waitlist.offerSubject': 'Ada kamar kosong untukmu di Bobobox',
  'waitlist.offerText': (p: { hotel: string; dates: string; minutes: number; url: string }) =>
    `Kabar baik: kamar yang kamu tunggu di ${p.hotel} (${p.dates}) sekarang kami tahan untukmu selama ${p.minutes} menit. Bayar dalam waktu itu supaya tetap jadi milikmu: ${p.url}\nKalau tidak, kamar ini untuk tamu berikutnya di antrean.`,
  'checkIn.notYours': 'Menginap ini tidak ada di akun kamu.',
  'checkIn.closed': 'Self check-in untuk menginap ini belum atau sudah tidak dibuka.',
  'checkIn.identity': 'Verifikasi KTP kamu di profil dulu sebelum check-in ya.',
  'checkIn.done': 'Kamu sudah check-in untuk menginap ini.',
  'checkIn.contactHost': 'Verifikasi wajah gagal 3 kali. Silakan temui host untuk check-in.',
};
