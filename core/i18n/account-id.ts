import type { Dictionary } from './en.ts';
import type { accountApiEn } from './account-en.ts';

// Indonesian strings of the account area's orders, history and My stay; typed from English.
export const accountId: Pick<Dictionary, 'accountArea'> = {
  accountArea: {
    common: {
      loading: 'Memuat…',
      loadFailed: 'Halaman ini gagal dimuat. Coba lagi ya.',
      retry: 'Coba lagi',
      redirecting: 'Mengarahkan ke halaman masuk…',
      orderId: 'Kode pesanan',
      checkIn: 'Check-in',
      checkOut: 'Check-out',
      nights: '{n} malam',
      night: '1 malam',
      pods: '{n} pod',
      pod: '1 pod',
      total: 'Total',
    },
    orders: {
      listLabel: 'Pesanan yang menunggu pembayaran',
      payWithin: 'Bayar dalam {time}',
      timeUp: 'Waktu pembayaran sudah habis',
      payNow: 'Bayar sekarang',
      cancel: 'Batalkan pesanan',
      cancelConfirm: 'Anda yakin ingin membatalkan pesanan?',
      cancelYes: 'Ya, batalkan',
      cancelNo: 'Tidak',
      cancelFailed: 'Gagal membatalkan pesanan',
      cancelled: 'Pesanan {orderId} sudah dibatalkan.',
    },
    history: {
      listLabel: 'Stay yang sudah lewat dan pesanan yang ditutup',
      paid: 'Dibayar {amount}',
    },
    stays: {
      listLabel: 'Stay kamu yang sedang berjalan dan akan datang',
      address: 'Alamat',
      openMap: 'Buka di Maps',
      newTab: '(terbuka di tab baru)',
      at: '{date}, {time} {zone}',
      room: 'Pod',
      guests: 'Tamu',
      primaryGuest: 'Tamu utama',
      secondaryGuest: 'Tamu kedua',
      noSecondary: 'Belum ada tamu kedua',
      insurance: 'Asuransi',
      insuranceCover: 'Perlindungan hingga {amount} dari {provider}',
      policy: 'Polis {number}',
      policyRequested: 'Polis sedang diterbitkan oleh asuransi',
      policyFailed: 'Asuransi tidak bisa menerbitkan polis ini. Hubungi kami soal preminya, ya',
      insuranceTerms: 'Ketentuan dan klaim',
      addToCalendar: 'Tambahkan ke kalender (.ics)',
      passTitle: 'Tiket menginap',
      passHint: 'Tunjukkan kode QR ini ke host saat kamu datang.',
      passAlt: 'Kode QR tiket menginap untuk pesanan {orderId}',
      passSaved: 'Tersimpan di perangkat ini: bisa dibuka tanpa internet juga.',
      offlineNotice: 'Kamu sedang offline. Ini tiket menginap yang tersimpan di perangkat ini pada {date}.',
      selfCheckIn: 'Check-in mandiri',
      selfCheckInOpen: 'Check-in sekarang di aplikasi Bobobox',
      selfCheckInClosed: 'Dibuka pukul {time} {zone} pada {date}',
      selfCheckInIdentity:
        'Verifikasi identitasmu dulu di aplikasi Bobobox: check-in mandiri butuh identitas yang sudah terverifikasi.',
      selfCheckInContactHost: 'Verifikasi wajah gagal 3 kali: hubungi host untuk check-in ya.',
      selfCheckInNotBooker: 'Hanya pemesan yang bisa check-in, dengan akunnya sendiri.',
      selfCheckInDone: 'Sudah check-in',
      selfCheckInEnded: 'Masa menginap ini sudah berakhir.',
      selfCheckInRules:
        'Check-in mandiri dibuka 1 jam sebelum jam check-in pada hari check-in. Hanya pemesan yang bisa check-in, dengan identitas terverifikasi dan verifikasi wajah di aplikasi.',
      callHost: 'Hubungi host',
      identity: {
        not_submitted: 'Identitas belum dikirim',
        submitted: 'Identitas sudah dikirim, menunggu verifikasi',
        rejected: 'Identitas ditolak: kirim ulang di aplikasi ya',
        verified: 'Identitas terverifikasi',
      },
    },
  },
};

/** The API's answers about stay passes (api/account), in Indonesian. */
export const accountApiId: { readonly [K in keyof typeof accountApiEn]: string } = {
  stayPassInvalid: 'Tiket menginap ini tidak sah: isinya diubah atau bukan terbitan Bobobox.',
  stayPassUnknown: 'Tidak ada pesanan yang cocok dengan tiket menginap ini.',
  stayPassOtherHotel: 'Tiket menginap ini untuk hotel lain.',
  stayPassNotPaid: 'Pesanan ini belum dibayar atau sudah dibatalkan.',
  stayPassEnded: 'Masa menginap ini sudah berakhir.',
  stayPassWithdrawn:
    'Pass ini sudah tidak berlaku: pemesan mengeluarkan tamu ini dari pesanan, atau tamunya keluar sendiri.',
  hostOnly: 'Hanya klien host yang boleh memeriksa tiket menginap.',
};
