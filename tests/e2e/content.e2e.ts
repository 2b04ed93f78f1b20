import { expect, test } from './fixtures.ts';
import { LANDING_KEYS, LEGAL_KEYS, PAGE_KEYS } from '../../content-schemas/constants.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { createContent } from '../../site/lib/content/content.ts';
import type { Lang } from '../../core/locales.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';

// Content routes through the real server. Expected text comes from the same content module and
// UI strings the pages use (bundled dataset, evaluated at the real current time like the build).
const content = createContent(readContentEnv({}));
const titleOf = (lang: Lang, title: string) => `${title} | ${dict[lang].meta.productName}`;

type RouteCase = { path: string; title: (lang: Lang) => Promise<string>; text: (lang: Lang) => Promise<string> };

const routes: RouteCase[] = [
  ...PAGE_KEYS.map((p) => ({
    path: p.path,
    title: async (lang: Lang) => (await content.getPage(p.value, lang)).title,
    text: async (lang: Lang) => (await content.getPage(p.value, lang)).intro,
  })),
  ...LANDING_KEYS.map((p) => ({
    path: p.path,
    title: async (lang: Lang) => (await content.getLandingPage(p.value, lang)).title,
    text: async (lang: Lang) => (await content.getLandingPage(p.value, lang)).headline,
  })),
  ...LEGAL_KEYS.map((d) => ({
    path: d.path,
    title: async (lang: Lang) => (await content.getLegalDocument(d.value, lang)).title,
    text: async (lang: Lang) => (await content.getLegalDocument(d.value, lang)).items[0].title,
  })),
  {
    path: '/faq/',
    title: async (lang) => contentStrings(lang).faq.title,
    text: async (lang) => (await content.getFaq(lang))[0].items[0].question,
  },
  {
    path: '/promo/',
    title: async (lang) => contentStrings(lang).promo.listTitle,
    text: async (lang) => (await content.getPromos(lang))[0].title,
  },
];

test.describe('content routes', () => {
  test.beforeAll(async () => {
    // Destination and promo detail routes come from the content itself.
    for (const d of await content.getDestinations('en')) {
      routes.push({
        path: `/${d.section}/${d.slug}/`,
        title: async (lang) => (await content.getDestination(d.section, d.slug, lang))!.title,
        text: async (lang) => (await content.getDestination(d.section, d.slug, lang))!.summary,
      });
    }
    for (const p of await content.getPromos('en')) {
      routes.push({
        path: `/promo/${p.slug}/`,
        title: async (lang) => (await content.getPromo(p.slug, lang))!.title,
        text: async (lang) => (await content.getPromo(p.slug, lang))!.summary,
      });
    }
  });

  for (const { lang, prefix } of LANG_CASES) {
    test(`every content route answers 200 in ${lang} with lang, title and localized text @desktop`, async ({
      request,
    }) => {
      expect(routes.length).toBeGreaterThanOrEqual(40); // 8 pages, 5 landings, 3 legal, FAQ, promo list, 17 destinations, 5+ promos
      for (const route of routes) {
        const response = await request.get(`${prefix}${route.path}`);
        expect(response.status(), `${prefix}${route.path}`).toBe(200);
        const html = (await response.text()).replace(/&#39;|&#x27;/g, "'");
        expect(html, route.path).toContain(`<html lang="${lang}"`);
        const title = titleOf(lang, await route.title(lang));
        expect(html, route.path).toContain(`<title>${escapeHtml(title)}</title>`);
        expect(html, route.path).toContain(escapeHtml(await route.text(lang)));
      }
    });

    test(`the promo list shows only active promos (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/promo/`);
      const listed = await page
        .locator('[data-promo]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-promo')));
      expect(listed).toEqual((await content.getPromos(lang)).map((p) => p.slug));
      expect(listed).toContain('endless-summer');
      expect(listed).toContain('idul-fitri-getaway');
      for (const gone of ['lebaran-lalu', 'harbolnas-2023', 'diam-dulu', 'tahun-baru-2031'])
        expect(listed).not.toContain(gone);
      expect((await page.request.get(`${prefix}/promo/lebaran-lalu/`)).status()).toBe(404);
    });

    test(`copying a promo code confirms it (${lang})`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(`${prefix}/promo/endless-summer/`);
      await page.locator('[data-promo-code="ENDLESSSUMMER"] [data-copy-button]').click();
      await expect(page.locator('[data-promo-code="ENDLESSSUMMER"] [role=status]')).toHaveText(
        lang === 'en' ? 'Promo code has been copied' : 'Kode promo berhasil disalin',
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ENDLESSSUMMER');
    });

    test(`the scheduled destination is absent until its time (${lang}) @desktop`, async ({ request }) => {
      expect((await request.get(`${prefix}/bobocabin/labuan-bajo/`)).status()).toBe(404);
      const list = await (await request.get(`${prefix}/bobocabin/`)).text();
      expect(list).toContain(`${prefix}/bobocabin/ubud/`);
      expect(list).not.toContain('labuan-bajo');
    });

    test(`FAQ carries FAQPage JSON-LD and destinations LodgingBusiness (${lang}) @desktop`, async ({ request }) => {
      const faq = await (await request.get(`${prefix}/faq/`)).text();
      expect(faq).toContain('"@type":"FAQPage"');
      const ubud = await (await request.get(`${prefix}/bobocabin/ubud/`)).text();
      expect(ubud).toContain('"@type":"LodgingBusiness"');
      // The address says each place once (the street address, its locality, its region).
      expect(ubud).toContain('"streetAddress":"Jl. Raya Sayan, Ubud","addressLocality":"Gianyar"');
      expect(ubud).toContain('Jl. Raya Sayan, Ubud, Gianyar, Bali');
      expect(ubud).not.toContain('Gianyar, Gianyar');
    });
  }

  test('sitemap lists both languages with hreflang and leaves out the scheduled page @desktop', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toMatch(/<loc>[^<]*\/id\/bobocabin\/ubud\/<\/loc>/);
    expect(xml).toMatch(/hreflang="x-default"/);
    expect(xml).not.toContain('labuan-bajo');
    expect(xml).not.toContain('lebaran-lalu');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('/sitemap.xml');
  });
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
