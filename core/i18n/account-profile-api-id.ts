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
  'stayGuests.noAccount': (email: string) =>
    `${email} belum punya akun Bobobox: setiap tamu yang menginap bersamamu perlu punya akun sendiri.`,
  'stayGuests.self': 'Kamu sudah menjadi tamu utama pesananmu: cukup tulis tamu lainnya.',
  'stayGuests.tooMany': (max: number) => `Pesanan ini hanya muat untuk ${max} tamu lagi.`,
};
