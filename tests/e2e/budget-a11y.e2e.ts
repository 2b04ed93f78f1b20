import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LANG_CASES } from '../helpers/i18n.ts';
import { JS_BUDGET } from './journey-budget.ts';

// Pages that hold none of the four island families (search filter, booking, payment, account).
// The home page holds the search filter island: its budget is checked in journey-a11y.e2e.ts.
const PLAIN_PAGES = ['/privacy-policy/', '/this-page-is-missing/', '/promo/', '/bobocabin/ubud/', '/faq/'];

async function scriptBytes(page: Page, path: string) {
  const scripts: { url: string; bytes: number; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = await response.request().sizes();
    scripts.push({ url: response.url(), bytes: sizes.responseBodySize, body: await response.text() });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return scripts;
}

test.describe('byte budget @desktop', () => {
  for (const { prefix } of LANG_CASES) {
    for (const path of PLAIN_PAGES) {
      test(`${prefix}${path} loads no React and at most ${JS_BUDGET.content} bytes of compressed JavaScript`, async ({
        page,
      }) => {
        const scripts = await scriptBytes(page, `${prefix}${path}`);
        expect(scripts.length).toBeGreaterThan(0); // the chrome scripts do load
        const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
        console.log(`[budget] ${prefix}${path}: ${scripts.length} scripts, ${total} compressed bytes`);
        expect(total).toBeLessThanOrEqual(JS_BUDGET.content);
        // Signed out: the header's signed-in view and the session stores are not downloaded.
        expect(scripts.filter((s) => /header-session|public-session/.test(s.url)).map((s) => s.url)).toEqual([]);
        for (const script of scripts) {
          expect(script.body, script.url).not.toMatch(/react-dom|__SECRET_INTERNALS|react\.transitional\.element/);
        }
        await expect(page.locator('astro-island')).toHaveCount(0);
      });
    }
  }
});

test.describe('accessibility (axe-core)', () => {
  for (const { lang, prefix } of LANG_CASES) {
    for (const path of ['/', '/nope-not-here/']) {
      test(`no serious or critical violations on ${prefix}${path} (${lang})`, async ({ page }) => {
        await page.goto(`${prefix}${path}`);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});
