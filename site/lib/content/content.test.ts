import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readContentEnv } from './content-env.ts';
import { bundledSource, parseNdjson } from './content-source.ts';
import { ContentError, createContent, jakartaDate } from './content.ts';

const DATASET = fileURLToPath(new URL('../../../content/dataset/production.ndjson', import.meta.url));
const at = (iso: string) => createContent(readContentEnv({ CONTENT_NOW: iso, CONTENT_DATASET: DATASET }));

describe('content module over the bundled dataset (groq-js)', () => {
  test('uses the bundled dataset when SANITY_PROJECT_ID is not set', () => {
    expect(at('2026-06-01T00:00:00Z').source.kind).toBe('bundled');
  });

  test('getSiteSettings returns the header/footer shape localized to the language', async () => {
    const en = await at('2026-06-01T00:00:00Z').getSiteSettings('en');
    const id = await at('2026-06-01T00:00:00Z').getSiteSettings('id');
    expect(en.productName).toBe('Bobobox');
    expect(en.seoSections).toHaveLength(6);
    expect(en.footerGroups.map((g) => g.key)).toEqual(['about', 'product', 'business', 'support', 'contact']);
    expect(en.footerGroups[0].links[0]).toEqual({ label: 'Profile', url: '/about/', external: false });
    expect(id.footerGroups[0].links[0]).toEqual({ label: 'Profil', url: '/about/', external: false });
    expect(en.contact.whatsappUrl).toBe('https://wa.me/6281112345678');
    expect(en.contact.tradeRegistrations).toHaveLength(2);
    expect(id.tagline).not.toBe(en.tagline);
    expect(Object.keys(en).sort()).toEqual([
      'appStores',
      'contact',
      'footerGroups',
      'nav',
      'productName',
      'seoSections',
      'social',
      'tagline',
    ]);
    expect(en.nav[0]).toEqual({ label: 'Promos', url: '/promo/' });
  });

  test('promos: only active ones; expired, switched-off and future-scheduled are absent', async () => {
    const slugs = (await at('2026-06-01T00:00:00Z').getPromos('en')).map((p) => p.slug);
    expect(slugs).toContain('endless-summer');
    expect(slugs).toContain('idul-fitri-getaway');
    expect(slugs).not.toContain('lebaran-lalu'); // booking period ended 2023-05-15
    expect(slugs).not.toContain('harbolnas-2023');
    expect(slugs).not.toContain('diam-dulu'); // active flag off
    expect(slugs).not.toContain('tahun-baru-2031'); // publishAt in the future
    expect(await at('2026-06-01T00:00:00Z').getPromo('lebaran-lalu', 'en')).toBeNull();
  });

  test('a scheduled promo appears at its publish time (Jakarta midnight) and not a second before', async () => {
    const before = await at('2031-10-31T16:59:59Z').getPromos('id');
    const after = await at('2031-10-31T17:00:00Z').getPromos('id');
    expect(before.map((p) => p.slug)).not.toContain('tahun-baru-2031');
    expect(after.map((p) => p.slug)).toContain('tahun-baru-2031');
  });

  test('a promo disappears the day after its booking period ends, in Jakarta time', async () => {
    // periodEnd 2023-05-15: still listed on the 15th in Jakarta (UTC 16:59), gone at 00:00 WIB on the 16th.
    expect((await at('2023-05-15T16:59:00Z').getPromos('en')).map((p) => p.slug)).toContain('lebaran-lalu');
    expect((await at('2023-05-15T17:00:00Z').getPromos('en')).map((p) => p.slug)).not.toContain('lebaran-lalu');
  });

  test('promo fields are localized and the coupon, period and terms are present', async () => {
    const en = await at('2026-06-01T00:00:00Z').getPromo('endless-summer', 'en');
    const id = await at('2026-06-01T00:00:00Z').getPromo('endless-summer', 'id');
    expect(en?.title).toBe('Endless Summer: 25% off beach cabins');
    expect(id?.title).toBe('Endless Summer: kabin pantai hemat 25%');
    expect(en?.couponCode).toBe('ENDLESSSUMMER');
    expect(en?.periodEnd).toBe('2027-03-31');
    expect(en?.terms.length).toBeGreaterThan(0);
    expect(en?.heroImage.source).toEqual({ kind: 'file', file: 'promo-endless-summer.png' });
  });

  test('a future-scheduled destination is absent until its time, then present', async () => {
    const now = at('2026-06-01T00:00:00Z');
    expect(await now.getDestination('bobocabin', 'labuan-bajo', 'en')).toBeNull();
    expect((await now.getDestinations('en')).map((d) => d.slug)).not.toContain('labuan-bajo');
    expect((await now.getSitemapDocuments()).destinations.map((d) => d.slug)).not.toContain('labuan-bajo');
    const later = at('2031-07-01T00:00:00Z');
    expect((await later.getDestination('bobocabin', 'labuan-bajo', 'en'))?.title).toBe('Bobocabin Labuan Bajo');
    expect((await later.getSitemapDocuments()).destinations.map((d) => d.slug)).toContain('labuan-bajo');
  });

  test('all 16 /bobocabin/ pages and /campsite/mandalika/ are published now', async () => {
    const list = await at('2026-06-01T00:00:00Z').getDestinations('id');
    expect(list.filter((d) => d.section === 'bobocabin')).toHaveLength(16);
    expect(list.find((d) => d.section === 'campsite')?.slug).toBe('mandalika');
    const ubud = await at('2026-06-01T00:00:00Z').getDestination('bobocabin', 'ubud', 'id');
    expect(ubud?.location?.region).toBe('Bali');
    expect(ubud?.summary).toBe('Kabin di antara sawah dan lembah Sungai Ayung.');
  });

  test('pages, landing pages, legal documents, FAQ, hotel content and announcements', async () => {
    const c = at('2026-06-01T00:00:00Z');
    expect((await c.getPage('about', 'id')).title).toBe('Tentang Bobobox');
    expect((await c.getLandingPage('members-club', 'en')).memberOffer).toEqual({
      cabinDiscountPercent: 20,
      podDiscountPercent: 15,
      memberLimit: 100,
    });
    const terms = await c.getLegalDocument('terms', 'en');
    expect(terms.items).toHaveLength(17);
    expect(terms.effectiveDate).toBe('2023-09-14');
    expect((await c.getLegalDocument('privacy', 'id')).items).toHaveLength(13);
    expect((await c.getFaq('en')).map((f) => f.key)).toEqual(['general', 'cancellation', 'bobopoints', 'pod', 'cabin']);
    const hotel = await c.getHotelContent(6, 'en');
    expect(hotel?.name).toBe('Bobobox Malioboro');
    expect(hotel?.facilities[0].label).toBe('Fast Wi-Fi');
    expect(await c.getHotelContent(9999, 'en')).toBeNull();
    expect((await c.getAnnouncements('en')).map((a) => a._id)).toEqual(['announcement-app-update']);
    const home = await c.getHomePage('id');
    expect(home.promos.length).toBeGreaterThan(0);
    expect(home.destinations.every((d) => d.kind === 'destination')).toBe(true);
  });

  test('the home page follows its document: an edited copy of the dataset changes the headline', async () => {
    const docs = parseNdjson(readFileSync(DATASET, 'utf8'));
    const env = readContentEnv({ CONTENT_NOW: '2026-06-01T00:00:00Z' });
    const original = await createContent(
      env,
      bundledSource(async () => docs),
    ).getHomePage('en');
    expect(original.heroTitle).toBe('Sleep well, everything set from one app');
    const edited = docs.map((doc) =>
      doc._id === 'homePage'
        ? {
            ...doc,
            heroTitle: { _type: 'localeString', id: 'Judul baru dari Studio', en: 'A new headline from the Studio' },
            features: [(doc.features as unknown[])[0]],
          }
        : doc,
    );
    const c = createContent(
      env,
      bundledSource(async () => edited),
    );
    const [en, id] = [await c.getHomePage('en'), await c.getHomePage('id')];
    expect(en.heroTitle).toBe('A new headline from the Studio');
    expect(id.heroTitle).toBe('Judul baru dari Studio');
    expect(en.features.map((f) => f.title)).toEqual([original.features[0].title]);
    // The promo and destination sections come from the same published lists as their own pages.
    expect(en.promos.map((p) => p.slug)).toEqual((await c.getPromos('en')).map((p) => p.slug));
    expect(en.destinations.map((d) => d.slug)).toContain('ubud');
    expect(en.destinations.map((d) => d.slug)).not.toContain('honeymoon');
  });

  test('an announcement shows only inside its schedule, newest first', async () => {
    const c = at('2031-11-01T00:00:00Z');
    const list = await c.getAnnouncements('id');
    expect(list.map((a) => a._id)).toEqual(['announcement-new-year-2031', 'announcement-app-update']);
    expect(list[0]).toMatchObject({ tone: 'promo', url: '/promo/tahun-baru-2031/' });
    expect((await at('2032-01-15T17:00:00Z').getAnnouncements('en')).map((a) => a._id)).toEqual([
      'announcement-app-update',
    ]);
  });

  test('broken content fails with the document id and the field', async () => {
    const docs = [
      {
        _id: 'promo-broken',
        _type: 'promo',
        active: true,
        periodEnd: '2030-01-01',
        title: { id: 'Rusak' },
        slug: { current: 'broken' },
        summary: { id: 'a', en: 'b' },
        couponCode: 'X1234',
      },
    ];
    const broken = createContent(
      readContentEnv({ CONTENT_NOW: '2026-06-01T00:00:00Z' }),
      bundledSource(async () => docs),
    );
    const error = await broken.getPromos('en').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).documentId).toBe('promo-broken');
    expect((error as ContentError).field).toBe('title');
    expect((error as Error).message).toMatch(/document "promo-broken", field "title"/);
  });

  test('drafts are never read from the bundle (published perspective)', async () => {
    const docs = [{ _id: 'drafts.homePage', _type: 'homePage' }];
    const { parseNdjson } = await import('./content-source.ts');
    expect(parseNdjson(docs.map((d) => JSON.stringify(d)).join('\n'))).toEqual([]);
  });

  test('CONTENT_NOW must be an ISO date-time', () => {
    expect(() => readContentEnv({ CONTENT_NOW: 'tomorrow' })).toThrow(/CONTENT_NOW/);
  });

  test('jakartaDate turns an instant into the Jakarta calendar date', () => {
    expect(jakartaDate(new Date('2024-03-31T16:59:59Z'))).toBe('2024-03-31');
    expect(jakartaDate(new Date('2024-03-31T17:00:00Z'))).toBe('2024-04-01');
  });
});
