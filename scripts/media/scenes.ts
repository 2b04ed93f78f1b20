// The product's own pictures, drawn as SVG scenes (no stock photos, no text in the picture) and
// rendered to AVIF and WebP by scripts/media/build-media.ts. Every scene takes a seed, so each hotel
// gets its own variation of sky, light and colour; the same seed always draws the same picture.

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 750;

/** A small deterministic generator (mulberry32) seeded from a string. */
export function randomFrom(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353) ^ (h >>> 13);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: Rand, lo: number, hi: number) => lo + r() * (hi - lo);
const n = (x: number) => Math.round(x * 10) / 10;

type Sky = { top: string; bottom: string; sun: string; night: boolean };
const SKIES: Sky[] = [
  { top: '#5fb3e8', bottom: '#d9f0fb', sun: '#fff3b0', night: false },
  { top: '#f49a6b', bottom: '#fde2b8', sun: '#ffe08a', night: false },
  { top: '#1f2f5c', bottom: '#6d5a8c', sun: '#f6efc9', night: true },
  { top: '#8fd0f2', bottom: '#fff4dc', sun: '#ffd36b', night: false },
];
/** Bobobox-like accent lights: each branch has its own mood colour. */
const ACCENTS = ['#3fb6ff', '#7c6cff', '#ff7ab6', '#37d3a4', '#ffb547', '#4dd6e8'];

function frame(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}"><defs>${defs}</defs>${body}</svg>`;
}

function skyDefs(id: string, sky: Sky) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`;
}

function stars(r: Rand, count: number, maxY: number) {
  let s = '';
  for (let i = 0; i < count; i++)
    s += `<circle cx="${n(between(r, 0, SCENE_WIDTH))}" cy="${n(between(r, 0, maxY))}" r="${n(between(r, 0.8, 2.2))}" fill="#fff" opacity="${n(between(r, 0.4, 0.9))}"/>`;
  return s;
}

function sunOrMoon(r: Rand, sky: Sky) {
  const cx = between(r, 150, 1050);
  const cy = between(r, 90, 200);
  return sky.night
    ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="42" fill="${sky.sun}"/>${stars(r, 40, 320)}`
    : `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(between(r, 50, 80))}" fill="${sky.sun}" opacity="0.9"/>`;
}

function clouds(r: Rand, count: number) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = between(r, 0, SCENE_WIDTH);
    const y = between(r, 60, 260);
    const w = between(r, 80, 180);
    s += `<g fill="#fff" opacity="0.75"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(w)}" ry="${n(w * 0.28)}"/><ellipse cx="${n(x + w * 0.3)}" cy="${n(y - w * 0.15)}" rx="${n(w * 0.5)}" ry="${n(w * 0.3)}"/></g>`;
  }
  return s;
}

/** A capsule pod seen from the front: shell, opening, mattress, pillow and the mood light. */
function capsule(x: number, y: number, w: number, h: number, accent: string, lit: boolean) {
  const rad = h / 2.4;
  return `<g><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rad)}" fill="#f5f3ee" stroke="#d8d3c8" stroke-width="3"/><rect x="${n(x + w * 0.08)}" y="${n(y + h * 0.14)}" width="${n(w * 0.84)}" height="${n(h * 0.72)}" rx="${n(rad * 0.8)}" fill="${lit ? '#24344d' : '#3a4454'}"/>${
    lit
      ? `<rect x="${n(x + w * 0.12)}" y="${n(y + h * 0.2)}" width="${n(w * 0.76)}" height="${n(h * 0.06)}" rx="${n(h * 0.03)}" fill="${accent}" opacity="0.95"/>`
      : ''
  }<rect x="${n(x + w * 0.12)}" y="${n(y + h * 0.62)}" width="${n(w * 0.76)}" height="${n(h * 0.16)}" rx="${n(h * 0.06)}" fill="#e9eef5"/><rect x="${n(x + w * 0.15)}" y="${n(y + h * 0.52)}" width="${n(w * 0.18)}" height="${n(h * 0.12)}" rx="${n(h * 0.05)}" fill="#fff"/></g>`;
}

/** The front of a pod branch on a city street: skyline, the branch's building and its lit lobby. */
export function podFacade(seed: string): string {
  const r = randomFrom(seed);
  const sky = pick(r, SKIES);
  const accent = pick(r, ACCENTS);
  let skyline = '';
  for (let x = -20; x < SCENE_WIDTH;) {
    const w = between(r, 60, 140);
    const h = between(r, 120, 300);
    skyline += `<rect x="${n(x)}" y="${n(520 - h)}" width="${n(w)}" height="${n(h)}" fill="${sky.night ? '#2c3552' : '#9fb3c8'}" opacity="0.8"/>`;
    x += w + between(r, 4, 20);
  }
  const bx = between(r, 300, 480);
  const floors = Math.floor(between(r, 4, 7));
  const fh = 62;
  const top = 620 - floors * fh - 40;
  let windows = '';
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < 6; c++) {
      const lit = sky.night ? r() > 0.25 : r() > 0.7;
      windows += `<rect x="${n(bx + 24 + c * 64)}" y="${n(top + 30 + f * fh)}" width="44" height="36" rx="6" fill="${lit ? '#ffe7a8' : '#5d7186'}"/>`;
    }
  const body = `<rect width="1200" height="750" fill="url(#sky)"/>${sunOrMoon(r, sky)}${sky.night ? '' : clouds(r, 3)}${skyline}
<rect x="${n(bx)}" y="${n(top)}" width="420" height="${n(620 - top)}" fill="${sky.night ? '#39445e' : '#e7e2d8'}"/>
<rect x="${n(bx)}" y="${n(top)}" width="420" height="16" fill="${accent}"/>${windows}
<rect x="${n(bx + 20)}" y="540" width="380" height="80" rx="8" fill="#1b2638"/>
${capsule(bx + 36, 552, 110, 56, accent, true)}${capsule(bx + 156, 552, 110, 56, accent, true)}${capsule(bx + 276, 552, 110, 56, accent, sky.night)}
<rect x="0" y="620" width="1200" height="130" fill="${sky.night ? '#2a2f3a' : '#8c8f96'}"/>
<rect x="0" y="620" width="1200" height="14" fill="#c9c5bb"/>
${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 150}" y="690" width="80" height="8" fill="#f2efe6" opacity="0.8"/>`).join('')}
${Array.from({ length: 3 }, () => {
  const tx = between(r, 40, 1160);
  return `<rect x="${n(tx - 4)}" y="560" width="8" height="70" fill="#6b4f3a"/><circle cx="${n(tx)}" cy="545" r="34" fill="#3f8f5a"/>`;
}).join('')}`;
  return frame(body, skyDefs('sky', sky));
}

/** Inside one pod: a wide capsule with bedding, the mood light and the control panel. */
export function podInterior(seed: string): string {
  const r = randomFrom(seed);
  const accent = pick(r, ACCENTS);
  const wall = pick(r, ['#2b3446', '#303a4f', '#27303f']);
  const defs = `<radialGradient id="glow" cx="0.5" cy="0.2" r="0.8"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`;
  const body = `<rect width="1200" height="750" fill="${wall}"/>
<rect x="80" y="90" width="1040" height="570" rx="230" fill="#f4f1ea"/>
<rect x="130" y="140" width="940" height="470" rx="190" fill="#1d2636"/>
<rect x="130" y="140" width="940" height="470" rx="190" fill="url(#glow)"/>
<rect x="220" y="168" width="760" height="16" rx="8" fill="${accent}"/>
<rect x="170" y="430" width="860" height="130" rx="50" fill="#eef2f7"/>
<rect x="170" y="470" width="860" height="90" rx="40" fill="${pick(r, ['#c9d6e8', '#d9cfe9', '#cfe6dc'])}"/>
<rect x="200" y="380" width="200" height="80" rx="36" fill="#ffffff"/>
<rect x="860" y="260" width="110" height="70" rx="14" fill="#0f1622" stroke="${accent}" stroke-width="3"/>
<circle cx="890" cy="295" r="9" fill="${accent}"/><circle cx="920" cy="295" r="9" fill="#7d8aa0"/><circle cx="950" cy="295" r="9" fill="#7d8aa0"/>
<rect x="0" y="660" width="1200" height="90" fill="#20283a"/>`;
  return frame(body, defs);
}

/** A corridor of two-level capsules with the branch's light. */
export function podCorridor(seed: string): string {
  const r = randomFrom(seed);
  const accent = pick(r, ACCENTS);
  let pods = '';
  for (let i = 0; i < 5; i++) {
    const scale = 1 - i * 0.14;
    const w = 230 * scale;
    const h = 120 * scale;
    const x = 40 + i * 118;
    const cy = 375;
    pods +=
      capsule(x, cy - h - 10 * scale, w, h, accent, r() > 0.3) + capsule(x, cy + 10 * scale, w, h, accent, r() > 0.3);
    pods +=
      capsule(1160 - x - w, cy - h - 10 * scale, w, h, accent, r() > 0.3) +
      capsule(1160 - x - w, cy + 10 * scale, w, h, accent, r() > 0.3);
  }
  const body = `<rect width="1200" height="750" fill="#e9e5dc"/>
<polygon points="0,750 1200,750 700,430 500,430" fill="#b9a78f"/>
<polygon points="0,0 1200,0 700,300 500,300" fill="#f6f4ef"/>
<rect x="500" y="300" width="200" height="130" fill="#d5cfc3"/>
<rect x="540" y="330" width="120" height="100" fill="${accent}" opacity="0.4"/>
${pods}
<line x1="600" y1="0" x2="600" y2="300" stroke="${accent}" stroke-width="6" opacity="0.7"/>`;
  return frame(body);
}

/** The shared lounge: long table, stools, plants and a window on the city. */
export function podLounge(seed: string): string {
  const r = randomFrom(seed);
  const sky = pick(r, SKIES);
  const accent = pick(r, ACCENTS);
  let stools = '';
  for (let i = 0; i < 6; i++)
    stools += `<rect x="${250 + i * 120}" y="540" width="14" height="90" fill="#3b3b3b"/><ellipse cx="${257 + i * 120}" cy="540" rx="38" ry="12" fill="${accent}"/>`;
  const plant = (x: number) =>
    `<rect x="${x - 30}" y="560" width="60" height="70" rx="8" fill="#c96f4a"/><ellipse cx="${x}" cy="520" rx="60" ry="70" fill="#3f8f5a"/><ellipse cx="${x - 30}" cy="500" rx="30" ry="50" fill="#4fa56a"/>`;
  const body = `<rect width="1200" height="750" fill="#f1ece2"/>
<rect x="120" y="80" width="960" height="320" rx="12" fill="url(#sky)"/>${sky.night ? stars(r, 25, 300).replace(/cy="(\d+)/g, (_, y) => `cy="${80 + (Number(y) % 300)}`) : ''}
<path d="M120 400 L120 300 L220 300 L220 250 L330 250 L330 320 L450 320 L450 220 L560 220 L560 300 L700 300 L700 260 L820 260 L820 330 L960 330 L960 240 L1080 240 L1080 400 Z" fill="${sky.night ? '#28324a' : '#9db0c5'}"/>
<rect x="110" y="70" width="980" height="340" rx="14" fill="none" stroke="#c8bfae" stroke-width="20"/>
<line x1="600" y1="80" x2="600" y2="400" stroke="#c8bfae" stroke-width="12"/>
<rect x="0" y="630" width="1200" height="120" fill="#b08d6a"/>
<rect x="200" y="470" width="800" height="34" rx="10" fill="#8a6a4c"/>
<rect x="230" y="504" width="18" height="126" fill="#5e4733"/><rect x="952" y="504" width="18" height="126" fill="#5e4733"/>
${stools}${plant(90)}${plant(1110)}
<circle cx="420" cy="455" r="14" fill="#fff"/><rect x="700" y="440" width="70" height="30" rx="6" fill="#37474f"/>`;
  return frame(body, skyDefs('sky', sky));
}

export type Setting = 'forest' | 'pine' | 'tea' | 'lake' | 'beach' | 'volcano' | 'savanna' | 'paddy';

function landscape(r: Rand, setting: Setting, night: boolean): string {
  const dark = (c: string, d: string) => (night ? d : c);
  const ridge = (y: number, amp: number, color: string) => {
    let d = `M0 ${y}`;
    for (let x = 0; x <= SCENE_WIDTH; x += 100) d += ` L${x} ${n(y - between(r, 0, amp))}`;
    return `<path d="${d} L1200 750 L0 750 Z" fill="${color}"/>`;
  };
  const trees = (count: number, y: number, color: string, pine: boolean) => {
    let s = '';
    for (let i = 0; i < count; i++) {
      const x = between(r, 0, SCENE_WIDTH);
      const h = between(r, 60, 130);
      s += pine
        ? `<polygon points="${n(x)},${n(y - h)} ${n(x - h * 0.3)},${n(y)} ${n(x + h * 0.3)},${n(y)}" fill="${color}"/>`
        : `<rect x="${n(x - 4)}" y="${n(y - h * 0.4)}" width="8" height="${n(h * 0.4)}" fill="#5b4330"/><circle cx="${n(x)}" cy="${n(y - h * 0.55)}" r="${n(h * 0.3)}" fill="${color}"/>`;
    }
    return s;
  };
  switch (setting) {
    case 'beach':
      return `${ridge(430, 60, dark('#7fa7a0', '#2e4350'))}<rect x="0" y="440" width="1200" height="120" fill="${dark('#2f9fc4', '#1e3f63')}"/><path d="M0 470 Q300 455 600 470 T1200 470" stroke="#fff" stroke-width="4" fill="none" opacity="0.6"/><path d="M0 560 Q600 520 1200 560 L1200 750 L0 750 Z" fill="${dark('#f1d9a4', '#8a7a5e')}"/>`;
    case 'lake':
      return `${ridge(380, 140, dark('#6f8fa8', '#2b3b55'))}${ridge(450, 60, dark('#4f7f5f', '#24402f'))}<rect x="0" y="470" width="1200" height="110" fill="${dark('#5ab0d6', '#23476b')}"/>${ridge(600, 30, dark('#5d9b55', '#2a4a2a'))}${trees(8, 610, dark('#2f6b45', '#1b3325'), true)}`;
    case 'volcano':
      return `<polygon points="250,470 600,170 950,470" fill="${dark('#7b6f78', '#34303d')}"/><polygon points="540,222 600,170 660,222 630,236 600,220 570,236" fill="#e8e4ea"/><rect x="0" y="470" width="1200" height="100" fill="${dark('#4f9cc4', '#23476b')}"/>${ridge(600, 40, dark('#5d8f4f', '#2a4a2a'))}${trees(6, 610, dark('#356e44', '#1b3325'), false)}`;
    case 'savanna':
      return `${ridge(470, 90, dark('#c7b477', '#5d5538'))}${ridge(560, 50, dark('#b99f5c', '#4f472f'))}${trees(4, 560, dark('#6f8a3f', '#2f3b1e'), false)}`;
    case 'paddy': {
      let terraces = '';
      for (let i = 0; i < 6; i++)
        terraces += `<path d="M0 ${480 + i * 45} Q600 ${450 + i * 45} 1200 ${480 + i * 45} L1200 ${525 + i * 45} Q600 ${495 + i * 45} 0 ${525 + i * 45} Z" fill="${i % 2 ? dark('#7cbf4f', '#2f4a22') : dark('#9bd36a', '#3a5a2a')}"/>`;
      return `${ridge(470, 80, dark('#4f8f5f', '#22402c'))}${trees(7, 480, dark('#2f7a45', '#1b3325'), false)}${terraces}`;
    }
    case 'tea': {
      let rows = '';
      for (let i = 0; i < 7; i++)
        rows += `<path d="M0 ${500 + i * 38} Q600 ${470 + i * 38} 1200 ${500 + i * 38}" stroke="${dark('#3f8a44', '#20401f')}" stroke-width="18" fill="none" stroke-linecap="round"/>`;
      return `${ridge(420, 140, dark('#7ea58c', '#2b3b45'))}<rect x="0" y="480" width="1200" height="270" fill="${dark('#8cc46a', '#2f4a22')}"/>${rows}`;
    }
    case 'pine':
      return `${ridge(400, 160, dark('#6e8e9e', '#2b3b55'))}${ridge(520, 60, dark('#4d7d52', '#1f3a26'))}${trees(22, 560, dark('#22583a', '#142a1c'), true)}<rect x="0" y="560" width="1200" height="190" fill="${dark('#6b9a4e', '#263d22')}"/>`;
    default:
      return `${ridge(420, 160, dark('#6f9a88', '#2b3b45'))}${ridge(520, 70, dark('#4f8a55', '#20402a'))}${trees(16, 560, dark('#2f7a45', '#17301f'), false)}<rect x="0" y="560" width="1200" height="190" fill="${dark('#77ad55', '#263d22')}"/>`;
  }
}

/** A cabin with its glass front, on a deck, in the site's landscape. */
function cabin(x: number, y: number, s: number, glow: string, night: boolean) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">
<rect x="-20" y="210" width="400" height="26" fill="#8a5f3c"/>
<rect x="0" y="236" width="10" height="50" fill="#6b4a2f"/><rect x="350" y="236" width="10" height="50" fill="#6b4a2f"/>
<polygon points="0,210 180,0 360,210" fill="#2e3440"/>
<polygon points="40,210 180,48 320,210" fill="${night ? '#ffcf7a' : '#cfe3ee'}"/>
<polygon points="40,210 180,48 320,210" fill="${glow}" opacity="${night ? 0.35 : 0.15}"/>
<line x1="180" y1="48" x2="180" y2="210" stroke="#2e3440" stroke-width="6"/>
<line x1="110" y1="130" x2="250" y2="130" stroke="#2e3440" stroke-width="5"/>
<rect x="70" y="170" width="220" height="40" fill="#f4efe6" opacity="${night ? 0.9 : 0.6}"/>
</g>`;
}

export function cabinExterior(seed: string, setting: Setting, night?: boolean): string {
  const r = randomFrom(seed);
  const sky = night === undefined ? pick(r, SKIES) : night ? SKIES[2]! : pick(r, [SKIES[0]!, SKIES[1]!, SKIES[3]!]);
  const accent = pick(r, ACCENTS);
  const body = `<rect width="1200" height="750" fill="url(#sky)"/>${sunOrMoon(r, sky)}${sky.night ? '' : clouds(r, 2)}
${landscape(r, setting, sky.night)}
${cabin(between(r, 180, 520), 380, 1.05, accent, sky.night)}${r() > 0.4 ? cabin(between(r, 760, 900), 430, 0.6, accent, sky.night) : ''}`;
  return frame(body, skyDefs('sky', sky));
}

/** Looking out from the cabin bed through the glass wall. */
export function cabinInterior(seed: string, setting: Setting): string {
  const r = randomFrom(seed);
  const sky = pick(r, [SKIES[0]!, SKIES[1]!, SKIES[3]!]);
  const body = `<svg x="150" y="60" width="900" height="420" viewBox="150 200 900 420" preserveAspectRatio="xMidYMid slice"><rect x="0" y="0" width="1200" height="750" fill="url(#sky)"/>${landscape(r, setting, false)}</svg>
<rect width="1200" height="750" fill="#d9c4a3" mask="url(#win)"/>
<rect x="140" y="50" width="920" height="440" fill="none" stroke="#3a3f4a" stroke-width="20"/>
<line x1="600" y1="50" x2="600" y2="490" stroke="#3a3f4a" stroke-width="12"/>
<rect x="0" y="560" width="1200" height="190" fill="#a77e57"/>
<rect x="180" y="470" width="840" height="150" rx="24" fill="#f7f4ee"/>
<rect x="180" y="540" width="840" height="80" rx="20" fill="${pick(r, ['#c9b79c', '#b8c7b0', '#c8b8cf'])}"/>
<rect x="220" y="440" width="220" height="70" rx="30" fill="#fff"/><rect x="760" y="440" width="220" height="70" rx="30" fill="#fff"/>
<rect x="40" y="430" width="90" height="190" rx="10" fill="#6f4f33"/><circle cx="85" cy="410" r="26" fill="#ffd98a"/>`;
  const defs = `${skyDefs('sky', sky)}<mask id="win"><rect width="1200" height="750" fill="#fff"/><rect x="150" y="60" width="900" height="420" fill="#000"/></mask>`;
  return frame(body, defs);
}

/** The deck at night: chairs, a fire bowl and the stars. */
export function cabinDeck(seed: string, setting: Setting): string {
  const r = randomFrom(seed);
  const sky = SKIES[2]!;
  const chair = (x: number) =>
    `<g transform="translate(${x} 520)"><rect x="0" y="40" width="110" height="16" rx="6" fill="#c08a5a"/><rect x="80" y="-20" width="16" height="76" rx="6" fill="#c08a5a"/><rect x="6" y="56" width="10" height="50" fill="#7a5538"/><rect x="92" y="56" width="10" height="50" fill="#7a5538"/></g>`;
  const body = `<rect width="1200" height="750" fill="url(#sky)"/>${sunOrMoon(r, sky)}${landscape(r, setting, true)}
<rect x="0" y="600" width="1200" height="150" fill="#6b4a2f"/>
${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 100}" y1="600" x2="${i * 100}" y2="750" stroke="#5a3d26" stroke-width="4"/>`).join('')}
${chair(330)}${chair(760)}
<ellipse cx="600" cy="640" rx="80" ry="22" fill="#3b3f46"/>
<path d="M560 630 Q580 560 600 590 Q615 540 640 630 Z" fill="#ff9a3c"/><path d="M580 630 Q595 590 610 630 Z" fill="#ffe08a"/>
<circle cx="600" cy="600" r="140" fill="#ffb347" opacity="0.12"/>`;
  return frame(body, skyDefs('sky', sky));
}

/** Room-type pictures: the pod or cabin type itself. */
export function roomPicture(kind: string): string {
  const r = randomFrom(`room:${kind}`);
  const accent = pick(r, ACCENTS);
  if (['single_sky', 'single_earth', 'double_sky', 'double_earth', 'co_living'].includes(kind)) {
    const double = kind.startsWith('double') || kind === 'co_living';
    const sky = kind.endsWith('sky');
    const w = double ? 560 : 420;
    const pods =
      kind === 'co_living'
        ? capsule(120, 170, 440, 200, accent, true) +
          capsule(640, 170, 440, 200, accent, true) +
          capsule(120, 400, 440, 200, accent, false) +
          capsule(640, 400, 440, 200, accent, true)
        : capsule(600 - w / 2, sky ? 150 : 360, w, 220, accent, true) +
          capsule(600 - w / 2, sky ? 390 : 120, w, 220, '#7d8aa0', false);
    const ladder = sky
      ? `<g stroke="#9aa3ad" stroke-width="8">${[0, 1, 2, 3].map((i) => `<line x1="${600 + w / 2 + 40}" y1="${390 + i * 60}" x2="${600 + w / 2 + 100}" y2="${390 + i * 60}"/>`).join('')}<line x1="${600 + w / 2 + 40}" y1="360" x2="${600 + w / 2 + 40}" y2="620"/><line x1="${600 + w / 2 + 100}" y1="360" x2="${600 + w / 2 + 100}" y2="620"/></g>`
      : '';
    return frame(
      `<rect width="1200" height="750" fill="#e6e1d7"/><rect x="0" y="640" width="1200" height="110" fill="#b9a78f"/>${pods}${kind === 'co_living' ? '' : ladder}`,
    );
  }
  if (kind === 'camper_van') {
    const body = `<rect width="1200" height="750" fill="url(#sky)"/>${clouds(r, 2)}${landscape(r, 'beach', false)}
<g transform="translate(300 380)"><rect x="0" y="40" width="600" height="210" rx="60" fill="#f2efe8"/><rect x="0" y="150" width="600" height="30" fill="${accent}"/><rect x="40" y="70" width="150" height="80" rx="16" fill="#3b4a5e"/><rect x="230" y="70" width="220" height="80" rx="16" fill="#3b4a5e"/><rect x="470" y="70" width="100" height="80" rx="16" fill="#3b4a5e"/><circle cx="130" cy="260" r="46" fill="#2e3440"/><circle cx="470" cy="260" r="46" fill="#2e3440"/><circle cx="130" cy="260" r="18" fill="#9aa3ad"/><circle cx="470" cy="260" r="18" fill="#9aa3ad"/></g>`;
    return frame(body, skyDefs('sky', SKIES[3]!));
  }
  const settings: Record<string, Setting> = {
    standard: 'forest',
    deluxe: 'pine',
    deluxe_hot_tub: 'lake',
    executive: 'volcano',
    premier: 'paddy',
    family: 'tea',
  };
  const setting = settings[kind] ?? 'forest';
  if (kind === 'deluxe_hot_tub') {
    const base = cabinExterior(`room:${kind}`, setting, false);
    return base.replace(
      '</svg>',
      `<g transform="translate(760 560)"><ellipse cx="140" cy="60" rx="150" ry="50" fill="#7a5538"/><ellipse cx="140" cy="50" rx="130" ry="38" fill="#5fc6e6"/><path d="M90 10 Q100 -30 90 -60 M140 0 Q150 -40 140 -80 M190 10 Q200 -30 190 -60" stroke="#fff" stroke-width="6" fill="none" opacity="0.7"/></g></svg>`,
    );
  }
  return kind === 'family' ? cabinInterior(`room:${kind}`, setting) : cabinExterior(`room:${kind}`, setting, false);
}

/** A coupon tag: a ticket with punched notches and a percent sign drawn in shapes (no text). */
function couponTag(x: number, y: number, angle: number, color: string) {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">
<rect x="-150" y="-90" width="300" height="180" rx="22" fill="${color}"/>
<circle cx="-150" cy="0" r="26" fill="#fff" opacity="0.9"/><circle cx="150" cy="0" r="26" fill="#fff" opacity="0.9"/>
<line x1="-90" y1="-70" x2="-90" y2="70" stroke="#fff" stroke-width="5" stroke-dasharray="12 10" opacity="0.8"/>
<circle cx="-5" cy="-35" r="22" fill="none" stroke="#fff" stroke-width="12"/><circle cx="75" cy="35" r="22" fill="none" stroke="#fff" stroke-width="12"/>
<line x1="80" y1="-55" x2="-10" y2="55" stroke="#fff" stroke-width="14" stroke-linecap="round"/>
</g>`;
}

/** A phone showing a booking, for app and e-wallet promos. */
function phone(x: number, y: number, accent: string, wallet: boolean) {
  const screen = wallet
    ? `<rect x="30" y="90" width="180" height="110" rx="16" fill="${accent}"/><rect x="50" y="170" width="90" height="14" rx="7" fill="#fff" opacity="0.8"/><circle cx="175" cy="120" r="16" fill="#fff" opacity="0.8"/>
<rect x="30" y="225" width="180" height="22" rx="8" fill="#cbd5e1"/><rect x="30" y="262" width="120" height="22" rx="8" fill="#cbd5e1"/><rect x="30" y="360" width="180" height="48" rx="24" fill="#f59e0b"/>`
    : `<rect x="30" y="90" width="180" height="110" rx="16" fill="#24344d"/><rect x="45" y="105" width="150" height="12" rx="6" fill="${accent}"/>
<rect x="45" y="160" width="150" height="26" rx="10" fill="#eef2f7"/><rect x="30" y="225" width="180" height="22" rx="8" fill="#cbd5e1"/><rect x="30" y="360" width="180" height="48" rx="24" fill="#f59e0b"/>`;
  return `<g transform="translate(${n(x)} ${n(y)})"><rect x="0" y="0" width="240" height="470" rx="36" fill="#111827"/><rect x="14" y="40" width="212" height="400" rx="20" fill="#f8fafc"/>${screen}</g>`;
}

export type PromoTheme = 'beach' | 'cabin' | 'pod' | 'wallet' | 'festive' | 'sale' | 'fireworks' | 'voucher' | 'night';

/** A promo banner: the promo's world on the left, a coupon tag on the right. */
export function promoBanner(seed: string, theme: PromoTheme): string {
  const r = randomFrom(`promo:${seed}`);
  const accent = pick(r, ACCENTS);
  const tag = pick(r, ['#f97316', '#ef4444', '#8b5cf6', '#0ea5e9', '#10b981']);
  const tagAt = couponTag(between(r, 880, 960), between(r, 250, 330), between(r, -14, 14), tag);
  switch (theme) {
    case 'beach':
    case 'cabin': {
      const setting: Setting = theme === 'beach' ? 'beach' : pick(r, ['forest', 'pine', 'lake', 'tea'] as const);
      const scene = cabinExterior(`promo:${seed}`, setting, false);
      return scene.replace('</svg>', `${tagAt}</svg>`);
    }
    case 'pod': {
      let pods = '';
      for (let row = 0; row < 2; row++)
        for (let col = 0; col < 3; col++)
          pods += capsule(60 + col * 220, 180 + row * 200, 200, 150, accent, (row + col) % 3 !== 1);
      return frame(
        `<rect width="1200" height="750" fill="#e6e1d7"/><rect x="0" y="600" width="1200" height="150" fill="#b9a78f"/><rect x="40" y="150" width="680" height="450" rx="30" fill="#d8d1c3"/>${pods}${tagAt}`,
      );
    }
    case 'wallet':
      return frame(
        `<rect width="1200" height="750" fill="#ede9fe"/><circle cx="380" cy="375" r="300" fill="${accent}" opacity="0.18"/>${phone(260, 140, accent, true)}<rect x="540" y="420" width="200" height="130" rx="20" fill="#1f2937"/><rect x="540" y="450" width="200" height="26" fill="${accent}"/><circle cx="700" cy="520" r="14" fill="#fbbf24"/>${tagAt}`,
      );
    case 'voucher':
      return frame(
        `<rect width="1200" height="750" fill="#fef3c7"/><circle cx="360" cy="380" r="280" fill="${accent}" opacity="0.16"/><g transform="translate(160 230)"><rect x="0" y="60" width="400" height="300" rx="18" fill="#f43f5e"/><rect x="170" y="60" width="60" height="300" fill="#fde68a"/><rect x="-20" y="0" width="440" height="90" rx="16" fill="#e11d48"/><rect x="170" y="0" width="60" height="90" fill="#fcd34d"/><path d="M200 0 C 140 -80 80 -40 120 0 Z M200 0 C 260 -80 320 -40 280 0 Z" fill="#fcd34d"/></g>${tagAt}`,
      );
    case 'festive': {
      let ketupat = '';
      for (let i = 0; i < 4; i++) {
        const x = 120 + i * 150;
        const y = 150 + (i % 2) * 60;
        ketupat += `<line x1="${x}" y1="0" x2="${x}" y2="${y - 60}" stroke="#a16207" stroke-width="4"/><g transform="translate(${x} ${y}) rotate(45)"><rect x="-50" y="-50" width="100" height="100" fill="#65a30d"/><path d="M-50 -17 H50 M-50 17 H50 M-17 -50 V50 M17 -50 V50" stroke="#d9f99d" stroke-width="8"/></g>`;
      }
      const mosque = `<g fill="#0f766e"><rect x="140" y="480" width="480" height="160"/><path d="M260 480 Q380 300 500 480 Z"/><rect x="100" y="380" width="40" height="260"/><rect x="620" y="380" width="40" height="260"/><polygon points="100,380 120,330 140,380"/><polygon points="620,380 640,330 660,380"/></g><rect x="340" y="540" width="80" height="100" rx="40" fill="#fde68a"/>`;
      return frame(
        `<rect width="1200" height="750" fill="url(#sky)"/>${stars(r, 30, 300)}<circle cx="1040" cy="120" r="60" fill="#fde68a"/><circle cx="1065" cy="105" r="56" fill="#1f2f5c"/>${ketupat}${mosque}<rect x="0" y="640" width="1200" height="110" fill="#134e4a"/>${tagAt}`,
        skyDefs('sky', SKIES[2]!),
      );
    }
    case 'sale': {
      const bag = (x: number, y: number, color: string) =>
        `<g transform="translate(${x} ${y})"><path d="M40 0 Q40 -60 90 -60 Q140 -60 140 0" stroke="#374151" stroke-width="10" fill="none"/><rect x="0" y="0" width="180" height="210" rx="14" fill="${color}"/></g>`;
      return frame(
        `<rect width="1200" height="750" fill="#fee2e2"/><circle cx="380" cy="380" r="300" fill="#fca5a5" opacity="0.5"/>${bag(150, 330, '#ef4444')}${bag(360, 290, accent)}${bag(260, 420, '#f59e0b')}<rect x="0" y="640" width="1200" height="110" fill="#fecaca"/>${tagAt}`,
      );
    }
    case 'fireworks': {
      let bursts = '';
      for (let i = 0; i < 5; i++) {
        const cx = between(r, 100, 760);
        const cy = between(r, 100, 380);
        const color = pick(r, ['#fde68a', '#f472b6', '#60a5fa', '#34d399', '#fb923c']);
        for (let k = 0; k < 12; k++) {
          const a = (k / 12) * Math.PI * 2;
          const len = between(r, 50, 90);
          bursts += `<line x1="${n(cx + Math.cos(a) * 14)}" y1="${n(cy + Math.sin(a) * 14)}" x2="${n(cx + Math.cos(a) * len)}" y2="${n(cy + Math.sin(a) * len)}" stroke="${color}" stroke-width="6" stroke-linecap="round"/>`;
        }
      }
      return frame(
        `<rect width="1200" height="750" fill="url(#sky)"/>${stars(r, 40, 500)}${bursts}${landscape(r, 'beach', true)}${tagAt}`,
        skyDefs('sky', SKIES[2]!),
      );
    }
    case 'night':
    default: {
      const body = `<rect width="1200" height="750" fill="url(#sky)"/>${sunOrMoon(r, SKIES[2]!)}<rect x="60" y="300" width="700" height="330" rx="40" fill="#1b2638"/>${capsule(100, 340, 300, 160, accent, true)}${capsule(420, 340, 300, 160, accent, false)}${capsule(260, 520, 300, 90, accent, true)}<rect x="0" y="630" width="1200" height="120" fill="#20283a"/>${tagAt}`;
      return frame(body, skyDefs('sky', SKIES[2]!));
    }
  }
}

/** The home page's hero: a pod branch in the city on the left, a cabin in nature on the right. */
export function homeHero(seed: string): string {
  const inner = (svg: string, id: string) =>
    svg
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '')
      .replaceAll('id="sky"', `id="${id}"`)
      .replaceAll('url(#sky)', `url(#${id})`);
  const city = inner(podFacade(`${seed}:city`), 'skyCity');
  const nature = inner(cabinExterior(`${seed}:nature`, 'pine', false), 'skyNature');
  return frame(
    `<g clip-path="url(#right)"><g transform="translate(300 0)">${nature}</g></g><g clip-path="url(#left)"><g transform="translate(-260 0)">${city}</g></g><path d="M640 0 L520 750" stroke="#fff" stroke-width="10"/>`,
    `<clipPath id="left"><polygon points="0,0 640,0 520,750 0,750"/></clipPath><clipPath id="right"><polygon points="640,0 1200,0 1200,750 520,750"/></clipPath>`,
  );
}
