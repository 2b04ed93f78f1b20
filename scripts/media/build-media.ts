// Renders the product's own pictures (scripts/media/scenes.ts) to site/public/media/ as AVIF and
// WebP in the widths of core/media.ts, before the Astro build copies them into the site. A picture
// whose drawing has not changed is not rendered again (media.json keeps each drawing's hash).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MEDIA_FORMATS, MEDIA_WIDTHS, mediaFile, type MediaUse } from '../../core/media.ts';
import { CABIN_SITES, OFFERINGS, POD_BRANCHES } from '../../api/seed/seed-data.ts';
import { hotelMediaKeys, roomMediaKey } from '../../api/seed/seed-media.ts';
import {
  cabinDeck,
  cabinExterior,
  cabinInterior,
  podCorridor,
  podFacade,
  podInterior,
  podLounge,
  promoBanner,
  roomPicture,
  type PromoTheme,
  type Setting,
} from './scenes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MEDIA_DIR = path.join(root, 'site', 'public');

const CABIN_SETTINGS: Record<string, Setting> = {
  'bobocabin-baturraden': 'forest',
  'bobocabin-cobanrondo': 'pine',
  'bobocabin-gunung-mas': 'tea',
  'bobocabin-kintamani': 'volcano',
  'bobocabin-madasari': 'beach',
  'bobocabin-padusan': 'lake',
  'bobocabin-sumba': 'savanna',
  'bobocabin-ubud': 'paddy',
  'bobocabin-mandalika-campsite': 'beach',
};

/**
 * The booking API's seeded promotions (api/seed/seed.ts, `imageUrl: '/media/promos/<name>'`) and their
 * banner themes; scripts/media/seed-pictures.int.test.ts holds the two lists together.
 */
export const PROMO_BANNERS: Record<string, PromoTheme> = {
  bobohemat: 'pod',
  jalanjalan50: 'cabin',
  dompetdigital: 'wallet',
  staylagi: 'voucher',
  lebaran: 'festive',
  diam: 'pod',
  malamgratis: 'night',
};
export const promoMediaKey = (name: string) => `/media/promos/${name}`;

type Drawing = { key: string; use: MediaUse; svg: () => string };

export function allDrawings(): Drawing[] {
  const out: Drawing[] = [];
  for (const b of POD_BRANCHES) {
    const k = hotelMediaKeys(b.slug);
    out.push({ key: k.main, use: 'hero', svg: () => podFacade(b.slug) });
    out.push({ key: k.gallery[0]!, use: 'card', svg: () => podInterior(`${b.slug}:1`) });
    out.push({ key: k.gallery[1]!, use: 'card', svg: () => podCorridor(`${b.slug}:2`) });
    out.push({ key: k.gallery[2]!, use: 'card', svg: () => podLounge(`${b.slug}:3`) });
  }
  for (const s of CABIN_SITES) {
    const k = hotelMediaKeys(s.slug);
    const setting = CABIN_SETTINGS[s.slug] ?? 'forest';
    out.push({ key: k.main, use: 'hero', svg: () => cabinExterior(s.slug, setting, false) });
    out.push({ key: k.gallery[0]!, use: 'card', svg: () => cabinInterior(`${s.slug}:1`, setting) });
    out.push({ key: k.gallery[1]!, use: 'card', svg: () => cabinDeck(`${s.slug}:2`, setting) });
    out.push({ key: k.gallery[2]!, use: 'card', svg: () => cabinExterior(`${s.slug}:3`, setting, true) });
  }
  for (const kind of Object.keys(OFFERINGS))
    out.push({ key: roomMediaKey(kind), use: 'card', svg: () => roomPicture(kind) });
  for (const [name, theme] of Object.entries(PROMO_BANNERS))
    out.push({ key: promoMediaKey(name), use: 'card', svg: () => promoBanner(name, theme) });
  return out;
}

/** Render every picture that changed; answers how many files were written. */
export async function buildMedia(outRoot = MEDIA_DIR): Promise<number> {
  const manifestPath = path.join(outRoot, 'media', 'media.json');
  const before: Record<string, string> = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>)
    : {};
  const after: Record<string, string> = {};
  let written = 0;
  const jobs = allDrawings().map(async (d) => {
    const svg = d.svg();
    const hash = createHash('sha256').update(svg).update(JSON.stringify(MEDIA_WIDTHS[d.use])).digest('hex');
    after[d.key] = hash;
    const files = MEDIA_WIDTHS[d.use].flatMap((w) =>
      MEDIA_FORMATS.map((f) => ({ w, f, file: path.join(outRoot, mediaFile(d.key, w, f)) })),
    );
    if (before[d.key] === hash && files.every((x) => existsSync(x.file))) return;
    mkdirSync(path.dirname(files[0]!.file), { recursive: true });
    for (const { w, f, file } of files) {
      const img = sharp(Buffer.from(svg)).resize(w);
      const buf =
        f === 'avif'
          ? await img.avif({ quality: 55, effort: 3 }).toBuffer()
          : await img.webp({ quality: 78 }).toBuffer();
      writeFileSync(file, buf);
      written++;
    }
  });
  await Promise.all(jobs);
  mkdirSync(path.dirname(manifestPath), { recursive: true });
  writeFileSync(manifestPath, JSON.stringify(after, null, 1));
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const written = await buildMedia();
  console.log(`[media] ${written} picture files written in ${Math.round(performance.now() - t0)} ms`);
}
