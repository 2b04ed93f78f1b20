import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readContentEnv } from './content/content-env.ts';
import { bundledSource, parseNdjson } from './content/content-source.ts';
import { ContentError, createContent } from './content/content.ts';

// Settings links (footer, menu, social, app stores) go through the rich-text link rule at build time:
// a javascript: link written into the site settings never reaches a page.

const DATASET = fileURLToPath(new URL('../../content/dataset/production.ndjson', import.meta.url));

function withSettings(change: (settings: Record<string, any>) => void) {
  const docs = parseNdjson(readFileSync(DATASET, 'utf8'));
  const settings = docs.find((d) => d._type === 'siteSettings') as Record<string, any>;
  change(settings);
  const env = readContentEnv({ CONTENT_NOW: '2026-06-01T00:00:00Z', CONTENT_DATASET: DATASET });
  return createContent(
    env,
    bundledSource(async () => docs),
  );
}

describe('site settings links', () => {
  test('a javascript: footer or menu link is left out; the safe links around it stay', async () => {
    const content = withSettings((s) => {
      s.footerGroups[0].links[1].url = 'javascript:alert(document.cookie)';
      s.footerGroups[0].links[2].url = ' java\tscript:alert(1)';
      s.footerGroups[1].links[0].url = 'data:text/html,<script>alert(1)</script>';
      s.nav[0].url = 'JavaScript:alert(1)';
    });
    for (const lang of ['en', 'id'] as const) {
      const settings = await content.getSiteSettings(lang);
      const urls = [
        ...settings.footerGroups.flatMap((g) => g.links.map((l) => l.url)),
        ...settings.nav.map((l) => l.url),
      ];
      expect(urls.filter((url) => /script:|^data:/i.test(url.replace(/\s/g, '')))).toEqual([]);
      expect(settings.footerGroups[0].links.map((l) => l.url)).toEqual(['/about/', '/promo/', '/contact/']);
    }
  });

  test('a javascript: social or app-store link fails the build naming the document and field', async () => {
    const social = withSettings((s) => (s.social.instagram = 'javascript:alert(1)'));
    await expect(social.getSiteSettings('en')).rejects.toThrow(ContentError);
    await expect(social.getSiteSettings('en')).rejects.toMatchObject({
      documentId: 'siteSettings',
      field: 'social.instagram',
    });
    const store = withSettings((s) => (s.appStores.android = 'javascript:alert(1)'));
    await expect(store.getSiteSettings('id')).rejects.toMatchObject({ field: 'appStores.android' });
  });

  test('the bundled settings pass unchanged', async () => {
    const settings = await withSettings(() => undefined).getSiteSettings('en');
    expect(settings.social.instagram).toBe('https://www.instagram.com/bobobox.example');
    expect(settings.footerGroups[0].links).toHaveLength(5);
  });
});
