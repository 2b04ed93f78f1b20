import { describe, expect, it } from 'vitest';
import { verifyPreview } from '../site/lib/content/preview.ts';
import { previewLinks } from './ops.ts';

// `npm run ops -- preview <id>`: how an editor of a production site gets a preview link, signed with
// the deployment's PREVIEW_SECRET and checked by the site's preview page.

const NOW = new Date('2026-11-26T08:00:00Z');
const SECRET = 'p'.repeat(40);

describe('ops preview', () => {
  it('signs links in both languages that the site accepts for an hour, and only for that document', () => {
    const { code, out } = previewLinks('drafts.promo-natal-ceria', { SITE_URL: 'https://bobobox.example/' }, NOW, {
      PREVIEW_SECRET: SECRET,
    });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^en: https:\/\/bobobox\.example\/preview\/\?/);
    expect(out[1]).toMatch(/^id: https:\/\/bobobox\.example\/id\/preview\/\?/);
    const query = new URL(out[1]!.slice(4)).searchParams;
    expect(verifyPreview(SECRET, query, NOW)).toBe('drafts.promo-natal-ceria');
    expect(verifyPreview(SECRET, query, new Date(NOW.getTime() + 61 * 60_000))).toBeNull();
    expect(verifyPreview('q'.repeat(40), query, NOW)).toBeNull();
  });

  it('says plainly when the deployment has no preview secret, and refuses a malformed id', () => {
    expect(previewLinks('promo-x', { SITE_URL: 'https://bobobox.example' }, NOW, {})).toEqual({
      code: 1,
      out: ['PREVIEW_SECRET is not set on this deployment: previews are off.'],
    });
    expect(previewLinks('../etc', { SITE_URL: 'https://bobobox.example' }, NOW, { PREVIEW_SECRET: SECRET }).code).toBe(
      2,
    );
  });
});
