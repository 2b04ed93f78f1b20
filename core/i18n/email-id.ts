import type { EmailCatalogue } from './email-en.ts';

// The API's e-mails and text messages in Indonesian ("kamu"), key for key with core/i18n/email-en.ts.

export const emailId: EmailCatalogue = {
  greeting: (name) => `Halo ${name},`,
  signoff: 'Selamat beristirahat,\nTim Bobobox',
  code: {
    verify_email: {
      subject: 'Kode verifikasi Bobobox kamu',
      intro: 'Selamat datang! Pakai kode ini untuk memverifikasi alamat e-mail kamu:',
      outro: 'Kalau kamu tidak merasa membuat akun Bobobox, abaikan saja e-mail ini.',
    },
    verify_phone: {
      subject: 'Kode verifikasi nomor HP Bobobox',
      intro: 'Pakai kode ini untuk memverifikasi nomor HP kamu:',
      outro: 'Kalau kamu tidak memintanya, abaikan saja.',
    },
    reset_password: {
      subject: 'Atur ulang kata sandi Bobobox kamu',
      intro: 'Ada permintaan untuk mengatur ulang kata sandi akunmu. Masukkan kode ini untuk membuat kata sandi baru:',
      outro: 'Tidak merasa memintanya? Kata sandimu tetap aman, tidak perlu melakukan apa pun.',
    },
    sso_link: {
      subject: 'Kode Bobobox untuk menghubungkan akun masuk',
      intro:
        'Kamu sedang menghubungkan akun masuk (misalnya Google) ke akun Bobobox-mu. Masukkan kode ini untuk memastikan itu memang kamu:',
      outro: 'Tidak merasa masuk lewat akun lain? Abaikan e-mail ini: tanpa kode ini, tidak ada yang terhubung.',
    },
  },
  codeValidity: (minutes) =>
    `Kode ini berlaku ${minutes} menit dan hanya bisa dipakai sekali. Jangan bagikan ke siapa pun, termasuk tim Bobobox.`,
  codeSms: {
    verify: (code, minutes) =>
      `${code} adalah kode verifikasi Bobobox kamu. Berlaku ${minutes} menit. Jangan bagikan kode ini ke siapa pun.`,
    reset: (code, minutes) =>
      `${code} adalah kode atur ulang kata sandi Bobobox kamu. Berlaku ${minutes} menit. Jangan bagikan kode ini ke siapa pun.`,
  },
  confirmation: {
    subject: (order) => `Pesanan terkonfirmasi: ${order}`,
    intro: 'Yay, pembayaran berhasil dan pesanan kamu sudah terkonfirmasi. Bob tunggu kehadirannya!',
    details: 'Detail pesanan',
    order: 'ID pesanan',
    invoice: 'Invoice',
    place: 'Lokasi',
    room: 'Kamar',
    pods: 'Jumlah pod',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Malam',
    payment: 'Pembayaran',
    price: {
      room: 'Kamar',
      voucher: 'Voucher',
      tax: 'Pajak (10%)',
      service: 'Biaya layanan (5%)',
      insurance: 'Asuransi perjalanan',
      carbonOffset: 'Offset karbon',
      points: 'Bobopoint',
      paymentFee: 'Biaya pembayaran',
    },
    paid: 'Total dibayar',
    earned: (points) => `${points} Bobopoint akan masuk ke akun kamu setelah kamu menginap.`,
    qr: 'Tunjukkan kode QR ini ke host saat kamu datang. Detail pesanan juga terlampir sebagai file kalender (.ics).',
    status: 'Lihat pesanan kamu',
    event: (hotel) => `Menginap di ${hotel}`,
    dayUse: 'Day use',
    dayUseBlock: (hours, start, end) => `${hours} jam, pukul ${start}–${end}`,
    dayUseEvent: (hotel, hours) => `Day use di ${hotel} (${hours} jam)`,
  },
};
