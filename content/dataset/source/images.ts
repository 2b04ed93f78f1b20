// The bundled dataset's pictures, drawn as SVG and rasterised to 1200x630 PNG by
// scripts/generate-dataset.ts: a few flat illustrations for the company pages, and for the home page,
// the destinations and the promos the same drawn scenes as the hotels' own pictures
// (scripts/media/scenes.ts): a destination shows its cabin site as the hotel page draws it.
import {
  cabinDeck,
  cabinExterior,
  cabinInterior,
  homeHero,
  promoBanner,
  type PromoTheme,
  type Setting,
} from '../../../scripts/media/scenes.ts';

const W = 1200;
const H = 630;

const frame = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${bg}"/>${body}</svg>`;

function pods(): string {
  let cells = '';
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 6; col++) {
      const x = 90 + col * 175;
      const y = 150 + row * 190;
      cells += `<rect x="${x}" y="${y}" width="150" height="160" rx="22" fill="#1b2a4a"/><rect x="${x + 18}" y="${y + 22}" width="114" height="90" rx="14" fill="${(row + col) % 2 ? '#4fb3ff' : '#7dd3fc'}"/><circle cx="${x + 75}" cy="${y + 136}" r="8" fill="#fbbf24"/>`;
    }
  return frame('#0f172a', `${cells}<rect x="0" y="560" width="${W}" height="70" fill="#1e293b"/>`);
}

function cabin(): string {
  let trees = '';
  for (let i = 0; i < 9; i++) {
    const x = 40 + i * 140;
    trees += `<polygon points="${x},470 ${x + 60},${220 + (i % 3) * 30} ${x + 120},470" fill="${i % 2 ? '#166534' : '#15803d'}"/>`;
  }
  return frame(
    '#bae6fd',
    `<circle cx="980" cy="120" r="60" fill="#fde68a"/>${trees}<rect x="0" y="470" width="${W}" height="160" fill="#65a30d"/><polygon points="430,330 600,210 770,330" fill="#92400e"/><rect x="450" y="330" width="300" height="170" fill="#b45309"/><rect x="520" y="360" width="160" height="100" rx="10" fill="#e0f2fe"/>`,
  );
}

function forest(): string {
  let trees = '';
  for (let i = 0; i < 14; i++) {
    const x = 20 + i * 85;
    trees += `<rect x="${x + 35}" y="420" width="14" height="80" fill="#78350f"/><circle cx="${x + 42}" cy="${380 - (i % 4) * 25}" r="${55 + (i % 3) * 10}" fill="${['#14532d', '#166534', '#15803d'][i % 3]}"/>`;
  }
  return frame('#ecfccb', `${trees}<rect x="0" y="500" width="${W}" height="130" fill="#0e7490"/><path d="M0 540 Q 300 510 600 540 T 1200 540" stroke="#67e8f9" stroke-width="8" fill="none"/>`);
}

function city(): string {
  let buildings = '';
  const heights = [260, 380, 300, 450, 330, 400, 280];
  heights.forEach((h, i) => {
    const x = 40 + i * 165;
    buildings += `<rect x="${x}" y="${560 - h}" width="140" height="${h}" fill="${i % 2 ? '#334155' : '#475569'}"/>`;
    for (let y = 580 - h; y < 540; y += 50) buildings += `<rect x="${x + 25}" y="${y}" width="90" height="26" rx="8" fill="#38bdf8"/>`;
  });
  return frame('#fef3c7', `${buildings}<rect x="0" y="560" width="${W}" height="70" fill="#1f2937"/>`);
}


function app(): string {
  return frame(
    '#ede9fe',
    `<rect x="470" y="60" width="260" height="510" rx="40" fill="#111827"/><rect x="490" y="100" width="220" height="420" rx="20" fill="#f8fafc"/><rect x="515" y="130" width="170" height="90" rx="14" fill="#4fb3ff"/><rect x="515" y="240" width="170" height="24" rx="8" fill="#cbd5e1"/><rect x="515" y="280" width="120" height="24" rx="8" fill="#cbd5e1"/><rect x="515" y="430" width="170" height="54" rx="27" fill="#f59e0b"/>`,
  );
}

/** Destinations with a cabin site: the site's seed and setting, as scripts/media/build-media.ts draws it. */
const CABIN_SITE_SCENES: Record<string, [seed: string, setting: Setting]> = {
  baturraden: ['bobocabin-baturraden', 'forest'],
  cobanrondo: ['bobocabin-cobanrondo', 'pine'],
  gunungmas: ['bobocabin-gunung-mas', 'tea'],
  kintamani: ['bobocabin-kintamani', 'volcano'],
  madasari: ['bobocabin-madasari', 'beach'],
  padusan: ['bobocabin-padusan', 'lake'],
  sumba: ['bobocabin-sumba', 'savanna'],
  ubud: ['bobocabin-ubud', 'paddy'],
  mandalika: ['bobocabin-mandalika-campsite', 'beach'],
  'labuan-bajo': ['destination:labuan-bajo', 'savanna'],
};

/** Themed collections: a scene that says the theme. */
const COLLECTION_SCENES: Record<string, () => string> = {
  'early-bird': () => cabinExterior('collection:early-bird', 'tea', false),
  'family-fun': () => cabinExterior('collection:family-fun', 'lake', false),
  honeymoon: () => cabinInterior('collection:honeymoon', 'lake'),
  'last-minute': () => cabinExterior('collection:last-minute', 'pine', true),
  'memory-maker': () => cabinExterior('collection:memory-maker', 'savanna', false),
  'nature-break': () => cabinExterior('collection:nature-break', 'forest', false),
  'perfect-feast': () => cabinDeck('collection:perfect-feast', 'volcano'),
  'work-from-cabin': () => cabinInterior('collection:work-from-cabin', 'tea'),
};

/** Each promo's banner theme. */
const PROMO_THEMES: Record<string, PromoTheme> = {
  'endless-summer': 'beach',
  'idul-fitri-getaway': 'festive',
  'bobohemat-pod': 'pod',
  'dompet-digital': 'wallet',
  'jalan-jalan-cabin': 'cabin',
  'lebaran-lalu': 'festive',
  'harbolnas-2023': 'sale',
  'diam-dulu': 'pod',
  'tahun-baru-2031': 'fireworks',
  'natal-ceria': 'festive',
};

/** File names of the drawn pictures, for the dataset's documents. */
export const destinationImage = (slug: string) => `destination-${slug}.png`;
export const promoImage = (slug: string) => `promo-${slug}.png`;
export const HOME_HERO_IMAGE = 'home-hero.png';

export const ILLUSTRATIONS: Record<string, () => string> = {
  'hero-pod.png': pods,
  'hero-cabin.png': cabin,
  'hero-forest.png': forest,
  'hero-city.png': city,
  'hero-app.png': app,
  [HOME_HERO_IMAGE]: () => homeHero('home'),
  ...Object.fromEntries(
    Object.entries(CABIN_SITE_SCENES).map(([slug, [seed, setting]]) => [
      destinationImage(slug),
      () => cabinExterior(seed, setting, false),
    ]),
  ),
  ...Object.fromEntries(Object.entries(COLLECTION_SCENES).map(([slug, draw]) => [destinationImage(slug), draw])),
  ...Object.fromEntries(
    Object.entries(PROMO_THEMES).map(([slug, theme]) => [promoImage(slug), () => promoBanner(slug, theme)]),
  ),
};
