import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readContentEnv } from './content-env.ts';
import { overlayDraft, previewTarget, signPreview, verifyPreview } from './preview.ts';

const DATASET = fileURLToPath(new URL('../../../content/dataset/production.ndjson', import.meta.url));
const SECRET = 'a-test-preview-secret-of-32-chars!';
const NOW = new Date('2026-11-26T03:00:00Z');
const env = readContentEnv({ CONTENT_NOW: NOW.toISOString(), CONTENT_DATASET: DATASET });

describe('signed preview links', () => {
  test('a signed link names its document until it expires', () => {
    const q = new URLSearchParams(signPreview(SECRET, 'drafts.promo-natal-ceria', NOW));
    expect(verifyPreview(SECRET, q, NOW)).toBe('drafts.promo-natal-ceria');
    expect(verifyPreview(SECRET, q, new Date(NOW.getTime() + 59 * 60_000))).toBe('drafts.promo-natal-ceria');
    expect(verifyPreview(SECRET, q, new Date(NOW.getTime() + 61 * 60_000))).toBeNull();
  });

  test('no secret, another secret, another document or a later expiry: no preview', () => {
    const q = new URLSearchParams(signPreview(SECRET, 'promo-tahun-baru-2031', NOW));
    expect(verifyPreview(undefined, q, NOW)).toBeNull();
    expect(verifyPreview(`${SECRET}x`, q, NOW)).toBeNull();
    const other = new URLSearchParams(q);
    other.set('id', 'promo-endless-summer');
    expect(verifyPreview(SECRET, other, NOW)).toBeNull();
    const longer = new URLSearchParams(q);
    longer.set('expires', String(Number(q.get('expires')) + 3600));
    expect(verifyPreview(SECRET, longer, NOW)).toBeNull();
    expect(verifyPreview(SECRET, new URLSearchParams('id=promo-endless-summer'), NOW)).toBeNull();
  });

  test('PREVIEW_SECRET shorter than 32 characters is refused at start', () => {
    expect(() => readContentEnv({ PREVIEW_SECRET: 'short' })).toThrow(/PREVIEW_SECRET/);
  });
});

describe('preview content', () => {
  test("the previewed draft replaces its published document; other documents' drafts stay out", () => {
    const docs = [
      { _id: 'a', _type: 'promo', v: 1 },
      { _id: 'drafts.a', _type: 'promo', v: 2 },
      { _id: 'drafts.b', _type: 'promo', v: 3 },
      { _id: 'c', _type: 'promo', v: 4 },
    ];
    expect(overlayDraft(docs, 'drafts.a')).toEqual([
      { _id: 'c', _type: 'promo', v: 4 },
      { _id: 'a', _type: 'promo', v: 2 },
    ]);
    // A published id (a scheduled document): the published documents only.
    expect(overlayDraft(docs, 'c')).toEqual([
      { _id: 'a', _type: 'promo', v: 1 },
      { _id: 'c', _type: 'promo', v: 4 },
    ]);
  });

  test('a draft renders from its draft text; the public content does not have it', async () => {
    const target = (await previewTarget('drafts.promo-natal-ceria', NOW, env))!;
    expect(target).toMatchObject({ type: 'promo', slug: 'natal-ceria', draft: true, scheduledFor: null });
    expect((await target.content.getPromo('natal-ceria', 'en'))?.title).toBe('Merry Christmas: 20% off cabins');
  });

  test('a scheduled promo renders as at its publish time', async () => {
    const target = (await previewTarget('promo-tahun-baru-2031', NOW, env))!;
    expect(target.scheduledFor?.toISOString()).toBe('2031-10-31T17:00:00.000Z');
    expect((await target.content.getPromo('tahun-baru-2031', 'id'))?.title).toBe('Sambut Tahun Baru 2031');
  });

  test('the home page previews its draft, not an unfinished draft of a promo it lists', async () => {
    const target = (await previewTarget('drafts.homePage', NOW, env))!;
    expect(target).toMatchObject({ type: 'homePage', draft: true });
    expect((await target.content.getHomePage('id')).heroTitle).toBe(
      'Libur akhir tahun? Pod dan kabin siap menyambutmu',
    );
  });

  test('a document that renders no page has no preview', async () => {
    expect(await previewTarget('siteSettings', NOW, env)).toBeNull();
    expect(await previewTarget('promo-does-not-exist', NOW, env)).toBeNull();
  });
});
