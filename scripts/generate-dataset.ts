// Regenerates the bundled dataset (content/dataset/production.ndjson and its images) from the
// readable sources in content/dataset/source/. Run after editing the copy:
//   node_modules/.bin/node scripts/generate-dataset.ts
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { destinationDocs, placeAliasDocs } from '../content/dataset/source/destinations.ts';
import { faqDocs } from '../content/dataset/source/faq.ts';
import { resetKeys } from '../content/dataset/source/helpers.ts';
import { announcementDocs, hotelDocs } from '../content/dataset/source/hotels.ts';
import { ILLUSTRATIONS } from '../content/dataset/source/images.ts';
import { legalDocs } from '../content/dataset/source/legal.ts';
import { landingDocs, pageDocs } from '../content/dataset/source/pages.ts';
import { promoDocs } from '../content/dataset/source/promos.ts';
import { settingsDocs } from '../content/dataset/source/settings.ts';

export function buildDatasetDocuments() {
  resetKeys();
  return [
    ...settingsDocs(),
    ...pageDocs(),
    ...landingDocs(),
    ...legalDocs(),
    ...faqDocs(),
    ...promoDocs(),
    ...destinationDocs(),
    ...hotelDocs(),
    ...announcementDocs(),
    ...placeAliasDocs(),
  ];
}

async function main() {
  const root = fileURLToPath(new URL('../content/dataset/', import.meta.url));
  await mkdir(`${root}images`, { recursive: true });
  // Pictures no longer drawn go, so the folder holds exactly what the documents can point at.
  for (const file of await readdir(`${root}images`)) if (!(file in ILLUSTRATIONS)) await rm(`${root}images/${file}`);
  for (const [file, draw] of Object.entries(ILLUSTRATIONS)) {
    // Every picture 1200x630 (the cards' and Open Graph's shape); the 16:10 scenes are cropped to it.
    const png = await sharp(Buffer.from(draw()))
      .resize(1200, 630, { fit: 'cover' })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    await writeFile(`${root}images/${file}`, png);
  }
  const docs = buildDatasetDocuments();
  await writeFile(`${root}production.ndjson`, `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`);
  console.log(`Wrote ${docs.length} documents and ${Object.keys(ILLUSTRATIONS).length} images to ${root}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
