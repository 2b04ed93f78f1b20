import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { Temporal } from '../../core/temporal.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, chooseHotel, dismissAlert, signInPage } from './journey-helpers.ts';
import { JS_BUDGET, pageScriptBytes } from './journey-budget.ts';

// axe-core on the island pages (home, hotel page, review) in both languages, with the calendar
// open, and the compressed-JavaScript budgets of the island pages (tests/e2e/journey-budget.ts).

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const checkin = () => Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate().add({ days: 12 });

for (const { lang, prefix } of LANG_CASES) {
  test(`axe: home with the search filter and its calendar open (${lang})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await chooseHotel(page, '6-bobobox-malioboro');
    expect(await axe(page)).toEqual([]);
    await page.locator('[data-search-filter] button[name=checkin]').click();
    await expect(page.locator('[data-calendar]')).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test(`axe: hotel page with rooms (${lang})`, async ({ page }) => {
    const d = checkin();
    await page.goto(`${prefix}/search/6-bobobox-malioboro/?checkin=${d}&checkout=${d.add({ days: 1 })}&id=6`);
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    await dismissAlert(page);
    expect(await axe(page)).toEqual([]);
  });

  test(`axe: reservation review and its carbon-offset step (${lang})`, async ({ page, request, hotel }) => {
    const guest = await apiGuest(request, `${lang}-axe`);
    const r = await apiReservation(request, guest.accessToken, hotel.id);
    await signInPage(page, guest);
    await page.goto(`${prefix}/reservation/review/${r.id}/`);
    await expect(page.locator('[data-review]')).toBeVisible();
    await expect(page.locator('[data-insurance]')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: dict[lang].booking.continue, exact: true }).click();
    await expect(page.locator('[data-carbon-step]')).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });
}

test.describe('byte budget of the island pages @desktop', () => {
  for (const { lang, prefix } of LANG_CASES) {
    test(`${prefix || 'en'}: home, /search/, the hotel page and sign-in stay within their JavaScript budgets, one React runtime, no Temporal polyfill`, async ({
      browser,
    }) => {
      const d = checkin();
      const pages: [string, number][] = [
        [`${prefix}/`, JS_BUDGET.home],
        [`${prefix}/search/`, JS_BUDGET.home],
        [`${prefix}/search/6-bobobox-malioboro/?checkin=${d}&checkout=${d.add({ days: 1 })}&id=6`, JS_BUDGET.hotel],
        [`${prefix}/signin/`, JS_BUDGET.signIn],
        [`${prefix}/signup/`, JS_BUDGET.signIn],
      ];
      for (const [path, budget] of pages) {
        const context = await browser.newContext(); // a cold cache, so every script is counted
        const page = await context.newPage();
        const asked: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(url.pathname);
        });
        const { total, scripts } = await pageScriptBytes(page, path);
        if (budget === JS_BUDGET.hotel) {
          // Its hotel list, calendar, longest stay and priced rooms came with the page: the islands show
          // them without asking the API (no client token either) and without the HTTP library.
          await expect(page.locator('[data-select-room]')).toBeVisible();
          const [before, after] = dict[lang].search.maxInfo.split('{n}');
          await expect(page.getByText(new RegExp(`^${before}\\d+${after!.replace('.', '\\.')}$`))).toBeVisible();
          expect(asked, path).toEqual([]);
          expect(scripts.filter((s) => /class extends Error\{name=`KyError`/.test(s.body)).map((s) => s.url)).toEqual(
            [],
          );
        }
        await context.close();
        console.log(`[budget] ${path}: ${scripts.length} scripts, ${total} compressed bytes (budget ${budget})`);
        expect(total, path).toBeLessThanOrEqual(budget);
        // This Chromium has Temporal: the polyfill is never downloaded (core/temporal.ts).
        expect(scripts.filter((s) => /temporal-polyfill/.test(s.url)).map((s) => s.url)).toEqual([]);
        const reactDoms = scripts.filter(
          (s) =>
            /react-dom|__SECRET_INTERNALS|react\.transitional\.element/.test(s.body) &&
            /createRoot|hydrateRoot/.test(s.body),
        );
        // Sign-in and sign-up ship no React at all (their views render on the server: plain-form.ts).
        expect(reactDoms.length, path).toBeLessThanOrEqual(budget === JS_BUDGET.signIn ? 0 : 1);
      }
    });
  }
});
