import type { accountPointsEn } from './account-points-en.ts';

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

// Halaman Bobopoint dan gift certificate di akun ("kamu"), kunci demi kunci dengan account-points-en.ts.
export const accountPointsId: Widen<typeof accountPointsEn> = {
  loading: 'Memuat Bobopoint kamu…',
  loadFailed: 'Bobopoint kamu belum bisa dimuat. Coba lagi ya.',
  retry: 'Coba lagi',
  sections: 'Poin dan gift certificate',
  bobopointLink: 'Bobopoint',
  giftLink: 'Gift certificate',
  totalTitle: 'Bobopoint aktif kamu',
  points: '{points} poin',
  worth: 'Senilai {amount}',
  worthNote: '1 poin = Rp 1',
  expires:
    'Poin aktif kedaluwarsa pada {date}: satu tahun setelah kamu terakhir menginap, atau setelah poin terakhirmu masuk kalau itu lebih baru.',
  noExpiry: 'Belum ada poin aktif yang bisa kedaluwarsa.',
  tabsLabel: 'Bobopoint',
  tabActive: 'Aktif',
  tabPending: 'Tertunda',
  tabHistory: 'Riwayat',
  emptyActive: 'Belum ada Bobopoint aktif. Setiap check-out memberi kamu 15.000 poin.',
  emptyPending: 'Belum ada Bobopoint yang tertunda',
  emptyHistory: 'Belum ada riwayat Bobopoint.',
  earnOn: 'Aktif pada {date}',
  earnToday: 'Aktif hari ini',
  earnTomorrow: 'Aktif besok',
  earnIn: 'Aktif dalam {days} hari',
  earnedOn: 'Didapat pada {date}',
  usedOn: 'Dipakai pada {date}',
  expiredOn: 'Kedaluwarsa pada {date}',
  cancelled: 'Dibatalkan: menginap ini tidak mendapat poin',
  kinds: {
    welcome: 'Bonus member baru',
    stay: 'Poin dari menginap',
    redeem: 'Dipakai untuk pemesanan',
    expire: 'Poin kedaluwarsa',
    purge: 'Poin dihapus',
  },
  booking: 'Pesanan #{id}',
  gift: {
    intro:
      'Bobopoint kamu adalah saldo gift certificate: pakai saat memesan dengan kelipatan {step}, maksimal {max} per pemesanan.',
    balance: 'Saldo gift certificate',
    usable: 'Bisa dipakai di pemesanan berikutnya',
    remaining: 'Sisa setelah itu',
    listTitle: 'Gift certificate di pesanan kamu',
    empty: 'Kamu belum pernah memakai gift certificate untuk pemesanan.',
    used: 'Terpakai',
    held: 'Terpasang, menunggu pembayaran',
    order: 'Pesanan {id}',
    stay: '{from} – {to}',
  },
};
