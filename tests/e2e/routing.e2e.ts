import { expect, test } from './fixtures.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// Spec section 2 routing rules, through the real server.
test.describe('routing rules', () => {
  for (const { lang, prefix } of LANG_CASES) {
    test(`home answers in ${lang} with lang, canonical and hreflang alternates`, async ({ page, baseURL }) => {
      const response = await page.goto(`${prefix}/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(`${dict[lang].meta.productName} - ${dict[lang].meta.tagline}`);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${baseURL}${prefix}/`);
      await expect(page.locator('link[rel=alternate][hreflang=id]')).toHaveAttribute('href', `${baseURL}/id/`);
      await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', `${baseURL}/`);
      await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute('href', `${baseURL}/`);
    });

    test(`every internal link on the ${lang} home ends with a slash and keeps the language`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(`${prefix}/`);
      // The language switch (hreflang) is the one link meant to lead to the other language's page.
      const other = lang === 'id' ? '/' : '/id/';
      await expect(page.locator('header a[href^="/"][hreflang]')).toHaveAttribute('href', other);
      const hrefs = await page
        .locator('a[href^="/"]:not([hreflang])')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(10);
      for (const href of hrefs) {
        const pathname = new URL(href, baseURL).pathname;
        expect(pathname.endsWith('/'), href).toBe(true);
        if (lang === 'id') expect(pathname.startsWith('/id/'), href).toBe(true);
        else expect(pathname.startsWith('/id/'), href).toBe(false);
      }
    });

    test(`a path without its trailing slash redirects (${lang})`, async ({ request }) => {
      const response = await request.get(`${prefix}/my-account/order?tab=1`, { maxRedirects: 0 });
      expect([301, 308]).toContain(response.status());
      expect(response.headers().location).toBe(`${prefix}/my-account/order/?tab=1`);
    });

    test(`unmatched routes give the ${lang} 404 page`, async ({ page }) => {
      const response = await page.goto(`${prefix}/this-route-does-not-exist/`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('[data-error-code]')).toHaveText('404');
      await expect(page.locator('[data-error-message]')).toHaveText(dict[lang].errors.messages['404']);
      const home = page.locator('[data-error-home]');
      await expect(home).toHaveText(dict[lang].errors.backHome);
      await expect(home).toHaveAttribute('href', localizedPath(lang, '/'));
      await expect(page.getByRole('img', { name: dict[lang].errors.mascotAlt })).toBeVisible();
    });

    test(`the generic error page shows the status and its message (${lang})`, async ({ page }) => {
      for (const status of [500, 503, 418]) {
        const response = await page.goto(`${prefix}/__fault/${status}/`);
        expect(response?.status()).toBe(status);
        await expect(page.locator('[data-error-code]')).toHaveText(String(status));
        const key = (status === 418 ? '400' : String(status)) as '500' | '503' | '400';
        await expect(page.locator('[data-error-message]')).toHaveText(dict[lang].errors.messages[key]);
        await expect(page.locator('[data-error-home]')).toHaveAttribute('href', localizedPath(lang, '/'));
      }
    });

    test(`a failing error page falls back to a plain page with a home link (${lang})`, async ({ page }) => {
      const response = await page.goto(`${prefix}/__fault/error-page/`);
      expect(response?.status()).toBe(500);
      await expect(page.locator('[data-error-fallback]')).toHaveText(dict[lang].errors.fallbackBody);
      await expect(page.getByRole('link', { name: dict[lang].errors.backHome })).toHaveAttribute(
        'href',
        localizedPath(lang, '/'),
      );
    });
  }

  test('Indonesian copy of the 404 and 500 pages', async ({ page }) => {
    await page.goto('/id/nyasar/');
    await expect(page.getByText('Oooppss... Kayanya kamu nyasar deh')).toBeVisible();
    await page.goto('/id/__fault/500/');
    await expect(page.getByText('Terjadi Kesalahan...')).toBeVisible();
  });

  test('/en/ redirects to the unprefixed URL with the query kept', async ({ request }) => {
    for (const [from, to] of [
      ['/en/', '/'],
      ['/en', '/'],
      ['/en/my-account/history/?page=2&x=%20y', '/my-account/history/?page=2&x=%20y'],
      ['/en/my-account/history', '/my-account/history/'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect([301, 308], from).toContain(response.status());
      expect(response.headers().location, from).toBe(to);
    }
  });

  test('unsupported language prefixes give 404 "This page could not be found"', async ({ page }) => {
    for (const path of ['/fr/about/', '/xx/', '/pt-br/promo/', '/de/']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('This page could not be found')).toBeVisible();
    }
  });

  test('paths that merely begin with "id" or "en" are not treated as language prefixes', async ({ request }) => {
    for (const path of ['/endless-summer/', '/idea/', '/enigma/', '/identity/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      // No language redirect, no prefix stripping: an ordinary English 404.
      expect(response.status(), path).toBe(404);
      expect(response.headers().location, path).toBeUndefined();
      const html = await response.text();
      expect(html, path).toContain('lang="en"');
    }
  });

  test('pre-rendered error pages are not public routes', async ({ request }) => {
    for (const path of ['/errors/404/', '/id/errors/500/', '/404.html']) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
  });

  test('static assets are immutable, HTML revalidates, both are compressed', async ({ page, request }) => {
    await page.goto('/');
    const asset = await page.locator('script[src^="/_astro/"]').first().getAttribute('src');
    expect(asset).toBeTruthy();
    const js = await request.get(asset!, { headers: { 'accept-encoding': 'br' } });
    expect(js.headers()['cache-control']).toContain('immutable');
    expect(js.headers()['content-encoding']).toBe('br');
    const html = await request.get('/id/', { headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers()['cache-control']).toContain('must-revalidate');
    expect(html.headers()['etag']).toBeTruthy();
    expect(html.headers()['content-encoding']).toBe('gzip');
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    const body = await health.json();
    expect(body.database.ok).toBe(true);
    expect(body.build.present).toBe(true);
    expect(body.build.stale).toBe(false);
  });
});
