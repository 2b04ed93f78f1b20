import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, dismissAlert, signInPage } from './journey-helpers.ts';
import { JOURNEY_JS_BUDGET, pageScriptBytes } from './journey-budget.ts';

// axe-core on the island pages (home, hotel page, review) in both languages, with the calendar
// open, and the compressed-JavaScript budget of the home and hotel pages.

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
    await page.locator('[data-search-filter] select[name=hotel]').selectOption('6-bobobox-malioboro');
    await expect(page.locator('[data-search-filter] button[type=submit]')).toBeEnabled();
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
  for (const { prefix } of LANG_CASES) {
    test(`${prefix || 'en'}: home and hotel page stay under ${JOURNEY_JS_BUDGET} compressed bytes of JavaScript, one React runtime`, async ({
      browser,
    }) => {
      const d = checkin();
      for (const path of [
        `${prefix}/`,
        `${prefix}/search/6-bobobox-malioboro/?checkin=${d}&checkout=${d.add({ days: 1 })}&id=6`,
      ]) {
        const context = await browser.newContext(); // a cold cache, so every script is counted
        const page = await context.newPage();
        const { total, scripts } = await pageScriptBytes(page, path);
        await context.close();
        console.log(`[budget] ${path}: ${scripts.length} scripts, ${total} compressed bytes`);
        expect(total).toBeLessThan(JOURNEY_JS_BUDGET);
        const reactDoms = scripts.filter(
          (s) =>
            /react-dom|__SECRET_INTERNALS|react\.transitional\.element/.test(s.body) &&
            /createRoot|hydrateRoot/.test(s.body),
        );
        expect(reactDoms.length).toBeLessThanOrEqual(1);
      }
    });
  }
});
