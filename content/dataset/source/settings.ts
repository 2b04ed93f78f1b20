import { highlight, image, ls, lt, withKeys, type Doc } from './helpers.ts';
import { HOME_HERO_IMAGE } from './images.ts';

const link = (labelId: string, labelEn: string, url: string, external = false) => ({ _type: 'settingsLink', label: ls(labelId, labelEn), url, external });

export function settingsDocs(): Doc[] {
  const settings: Doc = {
    _id: 'siteSettings',
    _type: 'siteSettings',
    productName: 'Bobobox',
    tagline: ls('Hotel kapsul pintar, semua urusan menginap di satu aplikasi', 'Smart capsule hotels, your whole stay in one app'),
    nav: withKeys([
      link('Promo', 'Promos', '/promo/'),
      link('Pod', 'Pods', '/pod/'),
      link('Bobocabin', 'Bobocabin', '/bobocabin/'),
      link('Members Club', 'Members Club', '/members-club/'),
      link('Bantuan', 'Help', '/faq/'),
    ]),
    seoSections: withKeys([
      {
        _type: 'seoSection',
        title: ls('Hotel kapsul pintar di kota-kota besar Indonesia', 'Smart capsule hotels across Indonesian cities'),
        body: lt(
          'Bobobox adalah hotel kapsul berbasis teknologi dengan 16 cabang di 8 kota. Pesan pod, check-in, atur lampu sampai suhu pod, semuanya dari satu aplikasi. Harga bersahabat, kasur nyaman, dan host yang siap membantu 24 jam.',
          'Bobobox is a technology-driven capsule hotel with 16 branches in 8 cities. Book a pod, check in, set the lights and the temperature, all from one app. Friendly prices, comfortable beds and hosts ready to help around the clock.',
        ),
      },
      {
        _type: 'seoSection',
        title: ls('Bobocabin: kabin pintar di tengah alam', 'Bobocabin: smart cabins in the middle of nature'),
        body: lt(
          'Bobocabin hadir di 9 destinasi, dari kaki Gunung Slamet di Baturraden sampai pantai Sumba. Jendela pintarnya bisa diatur dari tablet, jadi kamu bisa bangun tidur langsung disambut kabut pagi atau matahari terbit.',
          'Bobocabin is open in 9 destinations, from the slopes of Mount Slamet in Baturraden to the beaches of Sumba. The smart window is controlled from a tablet, so you wake up to morning mist or a sunrise.',
        ),
      },
      {
        _type: 'seoSection',
        title: ls('Check-in mandiri lewat aplikasi', 'Self check-in through the app'),
        body: lt(
          'Unggah KTP, SIM atau paspor dan swafoto di aplikasi, host kami memverifikasi dalam 3 sampai 5 menit. Setelah itu pintu pod atau kabin terbuka dengan kode dari ponselmu, tanpa antre di resepsionis.',
          'Upload your ID card, driving licence or passport and a selfie in the app and our host verifies it in 3 to 5 minutes. Then your pod or cabin opens with a code on your phone, no front-desk queue.',
        ),
      },
      {
        _type: 'seoSection',
        title: ls('Kumpulkan Bobopoints setiap menginap', 'Collect Bobopoints every stay'),
        body: lt(
          'Dapatkan 15.000 Bobopoints saat mendaftar dan setiap kali check-out. Satu poin bernilai Rp 1 dan bisa dipakai untuk potongan menginap berikutnya, kelipatan 5.000 sampai 100.000 poin per pemesanan.',
          'Get 15,000 Bobopoints when you sign up and every time you check out. One point is worth Rp 1 and can be redeemed on your next stay, in steps of 5,000 up to 100,000 points per booking.',
        ),
      },
      {
        _type: 'seoSection',
        title: ls('Bayar dengan cara yang kamu suka', 'Pay the way you like'),
        body: lt(
          'Bayar lunas saat memesan dengan virtual account BCA, Mandiri, BNI atau Permata, e-wallet seperti OVO, DANA, GoPay dan ShopeePay, QRIS, atau kartu kredit Visa, Mastercard, JCB dan Amex.',
          'Pay in full when you book: BCA, Mandiri, BNI or Permata virtual accounts, e-wallets such as OVO, DANA, GoPay and ShopeePay, QRIS, or Visa, Mastercard, JCB and Amex cards.',
        ),
      },
      {
        _type: 'seoSection',
        title: ls('Menginap lebih hijau', 'Stay a little greener'),
        body: lt(
          'Tambahkan offset karbon saat memesan. Mitra kami menanam mangrove untuk menyerap emisi dari perjalananmu, dan kamu bisa melihat dampaknya langsung di aplikasi.',
          'Add a carbon offset when you book. Our partner plants mangroves to absorb the emissions of your trip, and you can follow the impact in the app.',
        ),
      },
    ]),
    footerGroups: withKeys([
      {
        _type: 'footerGroup',
        key: 'about',
        title: ls('Tentang', 'About'),
        links: withKeys([
          link('Profil', 'Profile', '/about/'),
          link('Blog', 'Blog', 'https://blog.bobobox.example/', true),
          link('Karier', 'Career', 'https://careers.bobobox.example/', true),
          link('Promo', 'Promos', '/promo/'),
          link('Kontak', 'Contact', '/contact/'),
        ]),
      },
      {
        _type: 'footerGroup',
        key: 'product',
        title: ls('Produk', 'Products'),
        links: withKeys([
          link('Bobocabin', 'Bobocabin', 'https://bobocabin.bobobox.example/', true),
          link('Boboliving', 'Boboliving', 'https://boboliving.bobobox.example/', true),
          link('Boboexpress', 'Boboexpress', 'https://boboexpress.bobobox.example/', true),
        ]),
      },
      {
        _type: 'footerGroup',
        key: 'business',
        title: ls('Bisnis', 'Business'),
        links: withKeys([link('Kemitraan', 'Partnership', '/partnership/')]),
      },
      {
        _type: 'footerGroup',
        key: 'support',
        title: ls('Bantuan', 'Support'),
        links: withKeys([
          link('Syarat & Ketentuan', 'Terms & Conditions', '/terms-condition/'),
          link('Kebijakan Privasi', 'Privacy Policy', '/privacy-policy/'),
          link('Pusat Bantuan', 'Help Center', 'https://help.bobobox.example/', true),
        ]),
      },
      {
        _type: 'footerGroup',
        key: 'contact',
        title: ls('Hubungi Kami', 'Contact Us'),
        links: withKeys([
          link('WhatsApp', 'WhatsApp', 'https://wa.me/6281112345678', true),
          link('E-mail', 'E-mail', 'mailto:halo@bobobox.example', true),
        ]),
      },
    ]),
    contact: {
      whatsapp: '+62 811 1234 5678',
      email: 'halo@bobobox.example',
      tradeRegistrations: withKeys([
        ls('PT Bobobox Mitra Indonesia · NIB 9120301234567', 'PT Bobobox Mitra Indonesia · Business ID (NIB) 9120301234567'),
        ls('Tanda Daftar Usaha Pariwisata No. 503/0123/TDUP/2023', 'Tourism Business Registration No. 503/0123/TDUP/2023'),
      ]),
    },
    social: {
      facebook: 'https://www.facebook.com/bobobox.example',
      instagram: 'https://www.instagram.com/bobobox.example',
      twitter: 'https://twitter.com/bobobox_example',
      youtube: 'https://www.youtube.com/@bobobox.example',
    },
    appStores: {
      ios: 'https://apps.apple.com/id/app/bobobox-example/id0000000001',
      android: 'https://play.google.com/store/apps/details?id=example.bobobox',
    },
  };

  const home: Doc = {
    _id: 'homePage',
    _type: 'homePage',
    heroTitle: ls('Tidur nyenyak, semua diatur dari satu aplikasi', 'Sleep well, everything set from one app'),
    heroSubtitle: lt(
      'Pod pintar di tengah kota dan kabin di tengah alam. Pesan, check-in dan atur kamarmu langsung dari ponsel.',
      'Smart pods in the city and cabins in nature. Book, check in and control your room straight from your phone.',
    ),
    description: lt(
      'Pesan hotel kapsul dan kabin pintar Bobobox di 8 kota dan 9 destinasi alam. Konfirmasi instan, check-in lewat aplikasi, host 24 jam.',
      'Book Bobobox smart capsule hotels and cabins in 8 cities and 9 nature destinations. Instant confirmation, app check-in, 24/7 hosts.',
    ),
    heroImage: image(
      HOME_HERO_IMAGE,
      'Cabang pod Bobobox di kota dan Bobocabin di tengah alam',
      'A Bobobox pod branch in the city and a Bobocabin in nature',
    ),
    features: [
      highlight('Konfirmasi instan', 'Instant confirmation', 'Begitu pembayaran masuk, pesananmu langsung terkonfirmasi.', 'Your booking is confirmed the moment your payment arrives.'),
      highlight('Check-in lewat aplikasi', 'App check-in', 'Unggah identitas dan swafoto, host memverifikasi dalam hitungan menit.', 'Upload your ID and a selfie; a host verifies it within minutes.'),
      highlight('Kamar yang bisa diatur', 'A room you control', 'Lampu, suhu dan jendela pintar diatur lewat tablet di dalam kamar.', 'Lights, temperature and the smart window are set from the in-room tablet.'),
      highlight('Host 24/7', '24/7 hosts', 'Ada yang perlu dibantu? Chat host kami kapan saja.', 'Need a hand? Chat with our hosts at any hour.'),
    ],
    promoHeading: ls('Promo yang lagi jalan', 'Promos running now'),
    destinationHeading: ls('Kabur sebentar ke alam', 'Escape to nature for a while'),
  };
  // An editor's unpublished change to the home page (the preview shows it; the live page does not).
  const homeDraft: Doc = {
    ...home,
    _id: 'drafts.homePage',
    heroTitle: ls('Libur akhir tahun? Pod dan kabin siap menyambutmu', 'Year-end break? Pods and cabins are ready for you'),
  };
  return [settings, home, homeDraft];
}
