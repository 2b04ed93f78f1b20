import { expect, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { createContent } from '../../site/lib/content/content.ts';
import { LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// Issue 13: the home page renders the Studio's home page document and the announcements, in both
// languages, on a phone and a desktop. Expected text comes from the same content module and bundled
// dataset the build reads (at the real current time, like the build).
const content = createContent(readContentEnv({}));

/** Every picture URL an HTML page names (<img src/srcset>, <source srcset>), absolute to the page. */
function pictureUrls(html: string, pageUrl: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replace(/&amp;/g, '&');
    const src = attr('src');
    if (src) urls.add(src);
    for (const candidate of (attr('srcset') ?? '').split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) urls.add(url);
    }
  }
  return [...urls].map((u) => new URL(u, pageUrl).href);
}

/** Every picture of the page at `path` answers 200 with an image, from our own server. */
async function expectPicturesServed(request: APIRequestContext, baseURL: string, path: string) {
  const page = await request.get(path);
  expect(page.status(), path).toBe(200);
  const urls = pictureUrls(await page.text(), new URL(path, baseURL).href);
  expect(urls.length, `pictures of ${path}`).toBeGreaterThan(0);
  for (const url of urls) {
    expect(new URL(url).origin, url).toBe(new URL(baseURL).origin);
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type'], url).toMatch(/^image\//);
  }
  return urls;
}

/** Scroll to the bottom so every lazy picture is asked for (the fixture fails on any that breaks). */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
}

for (const { lang, prefix } of LANG_CASES) {
  test(`the home page shows the Studio's home page document and the announcements (${lang})`, async ({ page }) => {
    const home = await content.getHomePage(lang);
    const announcements = await content.getAnnouncements(lang);
    const response = await page.goto(`${prefix}/`);
    expect(response?.status()).toBe(200);

    await expect(page.locator('h1')).toHaveText(home.heroTitle);
    await expect(page.locator('[data-home-hero]')).toContainText(home.heroSubtitle);
    await expect(page.locator('meta[name=description]')).toHaveAttribute('content', home.description);

    const features = page.locator('[data-home-features] [data-feature]');
    await expect(features).toHaveCount(home.features.length);
    for (const feature of home.features) await expect(features.getByText(feature.title, { exact: true })).toBeVisible();

    const promos = page.locator('[data-home-promos]');
    await expect(promos.getByRole('heading', { level: 2 })).toHaveText(home.promoHeading);
    expect(home.promos.length).toBeGreaterThan(0);
    await expect(promos.locator('[data-promo-card]')).toHaveCount(home.promos.length);
    for (const promo of home.promos)
      await expect(promos.locator(`[data-promo-card="${promo.slug}"] a`)).toHaveAttribute(
        'href',
        localizedPath(lang, `/promo/${promo.slug}/`),
      );
    await expect(promos.locator('[data-all-promos]')).toHaveAttribute('href', localizedPath(lang, '/promo/'));

    const destinations = page.locator('[data-home-destinations]');
    await expect(destinations.getByRole('heading', { level: 2 })).toHaveText(home.destinationHeading);
    expect(home.destinations.length).toBeGreaterThan(0);
    expect(await destinations.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      home.destinations.map((d) => localizedPath(lang, `/${d.section}/${d.slug}/`)),
    );

    expect(announcements.length).toBeGreaterThan(0);
    for (const a of announcements) {
      const banner = page.locator(`[data-announcement="${a._id}"]`);
      await expect(banner).toHaveText(a.message);
      await expect(banner).toHaveAttribute('data-tone', a.tone);
      if (a.url?.startsWith('/'))
        await expect(banner.getByRole('link')).toHaveAttribute('href', localizedPath(lang, a.url));
    }

    // Static HTML: the search filter stays the page's only island; the empty band is gone.
    const islands = await page
      .locator('astro-island')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('component-export') ?? ''));
    expect(islands).toEqual(['SearchFilter']);
    await expect(page.locator('[aria-hidden="true"].h-\\[150vh\\]')).toHaveCount(0);
  });

  test(`home page links lead to existing promo and destination pages (${lang})`, async ({ page, request }) => {
    const home = await content.getHomePage(lang);
    for (const promo of home.promos)
      expect((await request.get(localizedPath(lang, `/promo/${promo.slug}/`))).status(), promo.slug).toBe(200);
    for (const d of home.destinations)
      expect((await request.get(localizedPath(lang, `/${d.section}/${d.slug}/`))).status(), d.slug).toBe(200);

    // Follow one of each as a guest does.
    await page.goto(`${prefix}/`);
    const promo = home.promos[0];
    await page.locator(`[data-promo-card="${promo.slug}"] a`).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, `/promo/${promo.slug}/`)}$`));
    await expect(page.locator('h1')).toHaveText(promo.title);

    await page.goto(`${prefix}/`);
    const destination = home.destinations[0];
    await page.locator('[data-home-destinations] a').first().click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, `/${destination.section}/${destination.slug}/`)}$`));
    await expect(page.locator('h1')).toHaveText(destination.title);
  });

  test(`every picture of the home, promo and destination pages is ours and answers 200 (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const home = await content.getHomePage(lang);
    await page.goto(`${prefix}/`);
    // The hero picture comes at once and first; every other picture waits for the scroll.
    const pictures = page.locator('main img');
    const attrs = await pictures.evaluateAll((imgs) =>
      imgs.map((i) => ({
        loading: i.getAttribute('loading'),
        priority: i.getAttribute('fetchpriority'),
        width: Number(i.getAttribute('width')),
        height: Number(i.getAttribute('height')),
        alt: i.getAttribute('alt'),
      })),
    );
    expect(attrs.length).toBe(1 + home.promos.length + home.destinations.length);
    expect(attrs[0]).toMatchObject({ loading: 'eager', priority: 'high', alt: home.heroImage.alt });
    expect(attrs.slice(1).every((a) => a.loading === 'lazy' && a.priority === null)).toBe(true);
    expect(attrs.every((a) => a.width > 0 && a.height > 0 && a.alt)).toBe(true);
    await scrollThrough(page);
    const loaded = await pictures.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((i) => ({ src: i.currentSrc, ok: i.complete && i.naturalWidth > 0 })),
    );
    for (const p of loaded) expect(p.ok, `${p.src} did not load`).toBe(true);

    const origin = baseURL ?? '';
    const homeUrls = await expectPicturesServed(request, origin, `${prefix}/`);
    // Responsive sizes in a modern format from the image pipeline, never a remote placeholder.
    expect(homeUrls.some((u) => /\.(?:webp|avif)$/.test(new URL(u).pathname))).toBe(true);
    for (const promo of home.promos)
      await expectPicturesServed(request, origin, localizedPath(lang, `/promo/${promo.slug}/`));
    for (const d of home.destinations)
      await expectPicturesServed(request, origin, localizedPath(lang, `/${d.section}/${d.slug}/`));
    await expectPicturesServed(request, origin, localizedPath(lang, '/promo/'));
  });
}
