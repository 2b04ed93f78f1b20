import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readContentEnv } from './content-env.ts';
import { createContent } from './content.ts';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

const DATASET = fileURLToPath(new URL('../../../content/dataset/production.ndjson', import.meta.url));
const at = (iso: string) => createContent(readContentEnv({ CONTENT_NOW: iso, CONTENT_DATASET: DATASET }));

describe('sitemap', () => {
  test('lists every content route, without expired promos or future destinations', async () => {
    const paths = await sitemapPaths(at('2026-06-01T00:00:00Z'));
    for (const p of [
      '/',
      '/about/',
      '/bobocabin/',
      '/bobocabin/ubud/',
      '/bobocabin/work-from-cabin/',
      '/campsite/mandalika/',
      '/promo/endless-summer/',
      '/terms-condition/',
      '/privacy-policy/',
      '/term/',
      '/members-club/',
      '/pod/',
      '/faq/',
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths).not.toContain('/promo/lebaran-lalu/');
    expect(paths).not.toContain('/promo/tahun-baru-2031/');
    expect(paths).not.toContain('/bobocabin/labuan-bajo/');
    expect(await sitemapPaths(at('2031-07-01T00:00:00Z'))).toContain('/bobocabin/labuan-bajo/');
  });

  test('each URL appears per language with hreflang pairs and x-default', () => {
    const xml = sitemapXml(['/promo/endless-summer/'], 'https://bobobox.example');
    expect(xml).toContain('<loc>https://bobobox.example/promo/endless-summer/</loc>');
    expect(xml).toContain('<loc>https://bobobox.example/id/promo/endless-summer/</loc>');
    expect(xml.match(/hreflang="id" href="https:\/\/bobobox.example\/id\/promo\/endless-summer\/"/g)).toHaveLength(2);
    expect(xml.match(/hreflang="x-default" href="https:\/\/bobobox.example\/promo\/endless-summer\/"/g)).toHaveLength(
      2,
    );
  });

  test('robots.txt points at the sitemap and keeps private areas out', () => {
    const txt = robotsTxt('https://bobobox.example');
    expect(txt).toContain('Sitemap: https://bobobox.example/sitemap.xml');
    expect(txt).toContain('Disallow: /api/');
  });
});
