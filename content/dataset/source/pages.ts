import { highlight, image, ls, lt, pt, type Doc } from './helpers.ts';

export function pageDocs(): Doc[] {
  return [
    {
      _id: 'page-about',
      _type: 'page',
      key: 'about',
      title: ls('Tentang Bobobox', 'About Bobobox'),
      description: lt('Kenalan dengan Bobobox, jaringan hotel kapsul dan kabin pintar asal Indonesia.', 'Meet Bobobox, the Indonesian network of smart capsule hotels and cabins.'),
      intro: lt(
        'Kami percaya menginap yang nyaman tidak harus mahal. Berawal dari satu cabang di Bandung, Bobobox kini hadir di 8 kota dengan 16 cabang pod dan 9 destinasi Bobocabin.',
        'We believe a comfortable stay does not have to be expensive. We started with one branch in Bandung and now run 16 pod branches in 8 cities and 9 Bobocabin destinations.',
      ),
      heroImage: image('hero-city.png', 'Ilustrasi gedung kota dengan jendela pod', 'Illustration of a city building with pod windows'),
      body: pt(
        `### Cerita kami
Bobobox lahir dari pengalaman sederhana: susah mencari tempat menginap yang bersih, aman dan terjangkau saat bepergian. Kami merancang pod sendiri, menulis aplikasinya sendiri, dan melatih host yang siap membantu kapan saja.
### Apa yang kami buat
- Pod pintar di pusat kota untuk perjalanan kerja dan liburan singkat.
- Bobocabin, kabin di tengah alam dengan jendela pintar.
- Boboliving untuk tinggal lebih lama dan Boboexpress untuk transit di bandara.
Mau tahu lebih banyak? Baca [kenapa tamu memilih kami](/why-bobobox/) atau [hubungi tim kami](/contact/).`,
        `### Our story
Bobobox began with a simple frustration: finding a clean, safe and affordable place to stay while travelling was hard. We designed our own pods, wrote our own app and trained hosts who are ready to help at any time.
### What we build
- Smart pods in city centres for work trips and short breaks.
- Bobocabin, cabins in nature with a smart window.
- Boboliving for longer stays and Boboexpress for airport transit.
Want to know more? Read [why guests choose us](/why-bobobox/) or [get in touch](/contact/).`,
      ),
      highlights: [
        highlight('8 kota', '8 cities', '16 cabang pod dari Jakarta sampai Jayapura.', '16 pod branches from Jakarta to Jayapura.'),
        highlight('9 destinasi alam', '9 nature destinations', 'Bobocabin di gunung, danau, sawah dan pantai.', 'Bobocabin in the mountains, by lakes, paddy fields and beaches.'),
        highlight('Satu aplikasi', 'One app', 'Pesan, bayar, check-in dan atur kamar dari ponsel.', 'Book, pay, check in and control your room from your phone.'),
      ],
    },
    {
      _id: 'page-career',
      _type: 'page',
      key: 'career',
      title: ls('Karier di Bobobox', 'Careers at Bobobox'),
      description: lt('Bergabung dengan tim yang membangun cara baru menginap di Indonesia.', 'Join the team building a new way to stay in Indonesia.'),
      intro: lt(
        'Kami mencari orang-orang yang senang memecahkan masalah nyata: dari host di cabang, insinyur perangkat lunak, sampai tim kemitraan properti.',
        'We are looking for people who enjoy solving real problems: hosts at our branches, software engineers and the property partnership team.',
      ),
      body: pt(
        `### Cara kami bekerja
Tim kecil, keputusan cepat, dan data sebagai pegangan. Kamu akan dekat dengan tamu dan melihat hasil kerjamu dipakai ribuan orang setiap malam.
### Posisi yang dibuka
Lowongan terbaru ada di [halaman karier kami](https://careers.bobobox.example/). Tidak menemukan posisi yang cocok? Kirim CV ke [karier@bobobox.example](mailto:karier@bobobox.example).`,
        `### How we work
Small teams, quick decisions and data to guide us. You will be close to our guests and see your work used by thousands of people every night.
### Open positions
The latest openings are on [our careers site](https://careers.bobobox.example/). No role that fits? Send your CV to [karier@bobobox.example](mailto:karier@bobobox.example).`,
      ),
      highlights: [
        highlight('Belajar terus', 'Keep learning', 'Anggaran belajar tahunan untuk setiap anggota tim.', 'A yearly learning budget for everyone on the team.'),
        highlight('Menginap gratis', 'Free stays', 'Jatah menginap di pod dan Bobocabin setiap tahun.', 'A yearly allowance of pod and Bobocabin nights.'),
      ],
    },
    {
      _id: 'page-why-bobobox',
      _type: 'page',
      key: 'why-bobobox',
      title: ls('Kenapa Bobobox?', 'Why Bobobox?'),
      description: lt('Alasan tamu memilih hotel kapsul dan kabin pintar Bobobox.', 'Why guests choose Bobobox smart capsule hotels and cabins.'),
      intro: lt('Pod kami dirancang supaya kamu tidur nyenyak, merasa aman, dan tidak perlu repot dari pesan sampai check-out.', 'Our pods are designed so you sleep well, feel safe and have no hassle from booking to check-out.'),
      heroImage: image('hero-pod.png', 'Deretan pod Bobobox dengan lampu biru', 'A row of Bobobox pods with blue lights'),
      body: pt(
        `Setiap pod punya tablet untuk mengatur lampu, suhu dan alarm. Pintu terbuka dengan kode dari aplikasi, loker pribadi tersedia, dan area tidur dipisah untuk tamu perempuan di banyak cabang.
Check-in pukul 14.00 dan check-out pukul 12.00. Check-in lebih awal mulai pukul 12.00 gratis kalau kamar tersedia.`,
        `Every pod has a tablet for the lights, temperature and alarm. The door opens with a code from the app, there is a private locker, and many branches have a separate sleeping area for women.
Check-in is at 14:00 and check-out at 12:00. Early check-in from 12:00 is free when the room is ready.`,
      ),
      highlights: [
        highlight('Kasur yang pas', 'The right mattress', 'Kasur tebal dan sprei yang diganti setiap tamu.', 'A thick mattress and fresh linen for every guest.'),
        highlight('Aman', 'Safe', 'Akses dengan kode, CCTV di area umum, dan host 24 jam.', 'Code access, CCTV in public areas and 24/7 hosts.'),
        highlight('Jam tenang', 'Quiet hours', 'Pukul 21.00 sampai 07.00 semua tamu menjaga suasana tetap tenang.', 'From 21:00 to 07:00 every guest keeps things quiet.'),
      ],
    },
    {
      _id: 'page-download-app',
      _type: 'page',
      key: 'download-app',
      title: ls('Unduh aplikasi Bobobox', 'Download the Bobobox app'),
      description: lt('Pesan, check-in dan atur kamarmu dari aplikasi Bobobox untuk iOS dan Android.', 'Book, check in and control your room from the Bobobox app for iOS and Android.'),
      intro: lt('Semua yang kamu butuhkan untuk menginap ada di satu aplikasi. Unduh gratis di App Store dan Google Play.', 'Everything you need for your stay is in one app. Download it free from the App Store and Google Play.'),
      heroImage: image('hero-app.png', 'Ponsel yang menampilkan aplikasi Bobobox', 'A phone showing the Bobobox app'),
      body: pt(
        `- Pesan pod atau kabin dalam hitungan detik.
- Check-in mandiri dengan verifikasi identitas.
- Atur lampu, suhu dan jendela pintar dari ponsel.
- Kumpulkan dan pakai Bobopoints.`,
        `- Book a pod or a cabin in seconds.
- Check yourself in with ID verification.
- Control the lights, temperature and smart window from your phone.
- Collect and redeem Bobopoints.`,
      ),
    },
    {
      _id: 'page-carbon-offset',
      _type: 'page',
      key: 'carbon-offset',
      title: ls('Offset karbon', 'Carbon offset'),
      description: lt('Tambahkan offset karbon saat memesan dan bantu penanaman mangrove di pesisir Indonesia.', 'Add a carbon offset when you book and help plant mangroves along the Indonesian coast.'),
      intro: lt('Setiap perjalanan meninggalkan jejak karbon. Dengan tambahan kecil saat memesan, kamu ikut menanam mangrove yang menyerap emisi itu kembali.', 'Every trip leaves a carbon footprint. With a small add-on when you book, you help plant mangroves that absorb it again.'),
      heroImage: image('hero-forest.png', 'Ilustrasi hutan mangrove', 'Illustration of a mangrove forest'),
      body: pt(
        `### Cara kerjanya
1. Pilih offset karbon di halaman ulasan pesanan.
2. Biaya offset ditambahkan ke total pembayaranmu.
3. Mitra kami menanam dan merawat mangrove, lalu melaporkan hasilnya.
Offset karbon bersifat sukarela dan bisa kamu lewati kapan saja.`,
        `### How it works
1. Choose the carbon offset on the booking review page.
2. The offset is added to your total.
3. Our partner plants and looks after mangroves and reports the results.
The carbon offset is voluntary and you can skip it at any time.`,
      ),
    },
    {
      _id: 'page-contact',
      _type: 'page',
      key: 'contact',
      title: ls('Hubungi kami', 'Contact us'),
      description: lt('Ada pertanyaan soal pesanan atau kerja sama? Tim Bobobox siap membantu.', 'Questions about a booking or a partnership? The Bobobox team is here to help.'),
      intro: lt('Tim kami membalas chat WhatsApp dan e-mail setiap hari. Untuk pertanyaan soal pesanan, siapkan nomor pesananmu supaya kami bisa membantu lebih cepat.', 'Our team answers WhatsApp and e-mail every day. For questions about a booking, keep your order number ready so we can help faster.'),
      body: pt(
        `Sebelum menghubungi kami, coba cek dulu [FAQ](/faq/); banyak jawaban sudah ada di sana.`,
        `Before you get in touch, have a look at the [FAQ](/faq/); many answers are already there.`,
      ),
    },
    {
      _id: 'page-partnership',
      _type: 'page',
      key: 'partnership',
      title: ls('Kemitraan properti', 'Property partnership'),
      description: lt('Punya lahan atau gedung? Jadikan Bobobox atau Bobocabin bersama kami.', 'Own land or a building? Turn it into a Bobobox or Bobocabin with us.'),
      intro: lt('Kami bekerja sama dengan investor dan pemilik lahan untuk membuka cabang pod dan Bobocabin baru. Rata-rata okupansi 90%, perkiraan balik modal dalam 5 tahun, dan persiapan sekitar 4 bulan.', 'We work with investors and landowners to open new pod branches and Bobocabin sites. Average occupancy of 90%, an expected return within 5 years and about 4 months of preparation.'),
      heroImage: image('hero-city.png', 'Ilustrasi gedung kota dengan jendela pod', 'Illustration of a city building with pod windows'),
      body: pt(
        `### Yang kami cari
- Pod: properti 800 sampai 1.000 m² di jalan utama area komersial, dengan lift untuk gedung 3 lantai atau lebih.
- Kabin: lahan 10.000 sampai 20.000 m² dengan pemandangan, akses jalan untuk motor dan mobil, air dan listrik.
Isi formulir proposal di bawah, tim kemitraan kami akan menghubungimu.`,
        `### What we look for
- Pods: an 800 to 1,000 m² property on a main commercial road, with a lift for buildings of 3 storeys or more.
- Cabins: 10,000 to 20,000 m² of land with a view, road access for motorbikes and cars, water and electricity.
Fill in the proposal form below and our partnership team will contact you.`,
      ),
    },
    {
      _id: 'page-blog',
      _type: 'page',
      key: 'blog',
      title: ls('Blog Bobobox', 'Bobobox blog'),
      description: lt('Cerita perjalanan, tips menginap dan kabar terbaru dari Bobobox.', 'Travel stories, stay tips and news from Bobobox.'),
      intro: lt('Inspirasi jalan-jalan dan tips menginap dari tim Bobobox. Artikel lengkap ada di blog kami.', 'Travel inspiration and stay tips from the Bobobox team. Full articles are on our blog.'),
      body: pt(
        `Baca semua artikel di [blog.bobobox.example](https://blog.bobobox.example/).`,
        `Read every article at [blog.bobobox.example](https://blog.bobobox.example/).`,
      ),
      highlights: [
        highlight('5 kabin untuk kerja dari alam', '5 cabins for working from nature', 'Wi-Fi kencang, meja yang pas dan pemandangan yang bikin semangat.', 'Fast Wi-Fi, a proper desk and a view that keeps you going.'),
        highlight('Transit semalam di bandara', 'An overnight airport transit', 'Cara tidur nyenyak di sela penerbangan pagi.', 'How to sleep well between late arrivals and early flights.'),
        highlight('Panduan check-in mandiri', 'A guide to self check-in', 'Langkah demi langkah verifikasi identitas di aplikasi.', 'Step by step through ID verification in the app.'),
      ],
    },
  ];
}

export function landingDocs(): Doc[] {
  const cta = (id: string, en: string, url: string) => ({ label: ls(id, en), url });
  return [
    {
      _id: 'landing-pod',
      _type: 'landingPage',
      key: 'pod',
      title: ls('Pod Bobobox', 'Bobobox pods'),
      description: lt('Hotel kapsul pintar di pusat kota: single atau double pod, mulai dari harga bersahabat.', 'Smart capsule hotels in the city centre: single or double pods at friendly prices.'),
      headline: ls('Pod pintar di tengah kota', 'Smart pods in the heart of the city'),
      intro: lt('Pilih pod single untuk satu orang atau double untuk dua dewasa plus satu anak di bawah 10 tahun. Sky di atas dengan nomor ganjil, Earth di bawah dengan nomor genap.', 'Choose a single pod for one, or a double for two adults plus one child under 10. Sky pods sit on the upper row with odd numbers, Earth pods below with even numbers.'),
      heroImage: image('hero-pod.png', 'Deretan pod Bobobox dengan lampu biru', 'A row of Bobobox pods with blue lights'),
      features: [
        highlight('Tablet di dalam pod', 'In-pod tablet', 'Atur lampu, suhu dan alarm tanpa turun dari kasur.', 'Set the lights, temperature and alarm without leaving your bed.'),
        highlight('Loker pribadi', 'Private locker', 'Simpan barangmu dengan aman selama menginap.', 'Keep your things safe during your stay.'),
        highlight('Lokasi strategis', 'Central locations', '16 cabang dekat stasiun, pusat belanja dan bandara.', '16 branches near stations, shopping streets and airports.'),
      ],
      body: pt('Pod cocok untuk perjalanan kerja, transit dan liburan singkat. Lihat [promo pod](/promo/) sebelum memesan.', 'Pods are made for work trips, transits and short breaks. Check the [pod promos](/promo/) before you book.'),
      cta: cta('Cari pod', 'Find a pod', '/search/'),
    },
    {
      _id: 'landing-cabin',
      _type: 'landingPage',
      key: 'cabin',
      title: ls('Bobocabin', 'Bobocabin'),
      description: lt('Kabin pintar di 9 destinasi alam Indonesia: gunung, danau, sawah dan pantai.', 'Smart cabins in 9 Indonesian nature destinations: mountains, lakes, paddy fields and beaches.'),
      headline: ls('Menginap di alam, tetap nyaman', 'Stay in nature, in comfort'),
      intro: lt('Bobocabin menggabungkan kabin kayu hangat dengan teknologi Bobobox. Buka jendela pintar, nyalakan speaker, dan nikmati api unggun di malam hari.', 'Bobocabin brings together a warm wooden cabin and Bobobox technology. Open the smart window, play your music and enjoy the bonfire at night.'),
      heroImage: image('hero-cabin.png', 'Kabin kayu di antara pepohonan pinus', 'A wooden cabin among pine trees'),
      features: [
        highlight('Jendela pintar', 'Smart window', 'Dari buram ke bening hanya dengan satu sentuhan.', 'From frosted to clear with a single tap.'),
        highlight('Pilihan kabin', 'Cabin choice', 'Standard, deluxe, deluxe hot tub, executive, premier dan family.', 'Standard, deluxe, deluxe hot tub, executive, premier and family.'),
        highlight('Area api unggun', 'Bonfire area', 'Kumpul bareng di bawah bintang.', 'Gather under the stars.'),
      ],
      body: pt('Pilih destinasi atau koleksi tema di bawah untuk mulai merencanakan liburanmu.', 'Pick a destination or a themed collection below to start planning your getaway.'),
      cta: cta('Pesan kabin', 'Book a cabin', '/search/'),
    },
    {
      _id: 'landing-express',
      _type: 'landingPage',
      key: 'express',
      title: ls('Boboexpress', 'Boboexpress'),
      description: lt('Pod transit per jam di Bandara Soekarno-Hatta dan Ngurah Rai.', 'Hourly transit pods at Soekarno-Hatta and Ngurah Rai airports.'),
      headline: ls('Istirahat sebentar di antara penerbangan', 'A short rest between flights'),
      intro: lt('Boboexpress adalah pod per jam di dalam bandara. Mandi, tidur sebentar, lalu lanjut terbang dengan segar.', 'Boboexpress is an hourly pod inside the airport. Shower, nap, then fly on feeling fresh.'),
      heroImage: image('hero-city.png', 'Ilustrasi gedung kota dengan jendela pod', 'Illustration of a city building with pod windows'),
      features: [
        highlight('Sewa per jam', 'Hourly booking', 'Bayar sesuai lama istirahatmu.', 'Pay only for the hours you rest.'),
        highlight('Di dalam terminal', 'Inside the terminal', 'Tidak perlu keluar bandara.', 'No need to leave the airport.'),
      ],
      cta: cta('Pesan Boboexpress', 'Book Boboexpress', '/search/'),
    },
    {
      _id: 'landing-living',
      _type: 'landingPage',
      key: 'living',
      title: ls('Boboliving', 'Boboliving'),
      description: lt('Tinggal lebih lama di pod co-living: lebih dari 3 hari atau bulanan.', 'Stay longer in a co-living pod: more than 3 days or monthly.'),
      headline: ls('Tinggal praktis di tengah kota', 'Easy city living'),
      intro: lt('Boboliving cocok untuk kamu yang magang, pindah kerja atau sedang mencari kos. Menginap lebih dari 3 hari atau bulanan dengan deposit Rp 1.000.000.', 'Boboliving suits interns, people moving for work or anyone looking for a room. Stay more than 3 days or monthly with a Rp 1.000.000 deposit.'),
      heroImage: image('hero-city.png', 'Ilustrasi gedung kota dengan jendela pod', 'Illustration of a city building with pod windows'),
      features: [
        highlight('Semua sudah termasuk', 'All included', 'Listrik, Wi-Fi dan kebersihan area bersama.', 'Power, Wi-Fi and cleaning of shared areas.'),
        highlight('Komunitas', 'Community', 'Ruang bersama untuk kerja dan kenalan.', 'Shared spaces for work and meeting people.'),
      ],
      cta: cta('Lihat Boboliving', 'See Boboliving', '/search/'),
    },
    {
      _id: 'landing-members-club',
      _type: 'landingPage',
      key: 'members-club',
      title: ls('Bobobox Members Club', 'Bobobox Members Club'),
      description: lt('Gabung Members Club: diskon 20% kabin dan 15% pod untuk 100 anggota baru pertama.', 'Join the Members Club: 20% off cabins and 15% off pods for the first 100 new members.'),
      headline: ls('Jadi anggota, menginap lebih hemat', 'Become a member, stay for less'),
      intro: lt('Members Club adalah komunitas tamu setia Bobobox. Anggota baru langsung dapat potongan harga dan kabar promo lebih dulu.', 'The Members Club is the community of loyal Bobobox guests. New members get a welcome discount and hear about promos first.'),
      heroImage: image('hero-cabin.png', 'Kabin kayu di antara pepohonan pinus', 'A wooden cabin among pine trees'),
      features: [
        highlight('Promo lebih dulu', 'Promos first', 'Dapat kabar promo sebelum diumumkan.', 'Hear about promos before they go public.'),
        highlight('Acara komunitas', 'Community events', 'Camping, yoga pagi dan jalan-jalan bareng.', 'Camping trips, morning yoga and group outings.'),
      ],
      body: pt('Daftar lewat aplikasi Bobobox, lalu aktifkan keanggotaan di menu profil. Kuota terbatas untuk 100 anggota baru pertama.', 'Sign up in the Bobobox app, then activate your membership from the profile menu. Limited to the first 100 new members.'),
      cta: cta('Daftar sekarang', 'Join now', '/signup/'),
      memberOffer: { cabinDiscountPercent: 20, podDiscountPercent: 15, memberLimit: 100 },
    },
  ];
}
