import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isOwnMedia } from '../../core/media.ts';
import type { Database } from '../../api/platform/database.ts';
import { openSeededDatabase } from '../../api/db/test-booking.ts';
import { allDrawings } from './build-media.ts';

// Every picture the seeded booking API hands out is one this server serves: an own picture
// (/media/<key>, rendered by build-media in every width and format) or a file under site/public/.
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'site', 'public');
const drawn = new Set(allDrawings().map((d) => d.key));

let database: Database;
beforeAll(async () => {
  database = await openSeededDatabase();
});
afterAll(() => database.close());

const urls = async (sql: string) => (await database.executeSql(sql)).rows.map((row) => String(Object.values(row)[0]));

function served(url: string): boolean {
  if (isOwnMedia(url)) return drawn.has(url);
  return url.startsWith('/') && !url.startsWith('//') && existsSync(path.join(publicDir, url));
}

describe('pictures of the seeded booking data', () => {
  test('every promotion image is a drawn picture of our own', async () => {
    const images = await urls('select image_url from promotions order by id');
    expect(images.length).toBeGreaterThanOrEqual(7);
    for (const url of images) {
      expect(isOwnMedia(url), url).toBe(true);
      expect(drawn.has(url), `${url} is not drawn by scripts/media/build-media.ts`).toBe(true);
    }
  });

  test('every payment channel logo is a file of site/public', async () => {
    const logos = await urls('select logo_url from payment_channels order by id');
    expect(logos.length).toBeGreaterThanOrEqual(16);
    for (const url of logos) expect(served(url), `${url} is not in site/public`).toBe(true);
  });

  test('no seeded picture points at a placeholder host', async () => {
    const all = [
      ...(await urls('select image_url from promotions')),
      ...(await urls('select logo_url from payment_channels')),
      ...(await urls('select picture_url from hotels')),
    ];
    expect(all.filter((url) => !served(url))).toEqual([]);
  });
});
