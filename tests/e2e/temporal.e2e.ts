import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { chooseHotel } from './journey-helpers.ts';

// core/temporal.ts: the islands use the browser's own Temporal where it has one and download the
// polyfill only where it is missing. This Chromium has Temporal; a page that removes it before any
// script runs stands for a browser without it (Safari, an older Chrome).

async function openCalendar(page: Page, prefix: string, hotel: { id: number; slug: string }) {
  const polyfill: string[] = [];
  page.on('request', (r) => {
    if (/temporal-polyfill/.test(r.url())) polyfill.push(r.url());
  });
  await page.goto(`${prefix}/`);
  await chooseHotel(page, `${hotel.id}-${hotel.slug}`);
  await page.locator('[data-search-filter] button[name=checkin]').click();
  const calendar = page.locator('[data-calendar]');
  await expect(calendar).toBeVisible();
  // The calendar and the filter's dates come from Temporal: the month shown, its bookable days and
  // the check-in the filter chose (the first bookable day) are the same with either.
  const checkin = await page.locator('#checkin-value').textContent();
  const months = await calendar.locator('h3').allTextContents();
  const days = await calendar
    .locator('button[data-date]')
    .evaluateAll((buttons) =>
      buttons.map((b) => `${b.getAttribute('data-date')} ${b.getAttribute('data-state')} ${b.textContent}`),
    );
  return { polyfill, checkin, months, days };
}

for (const { lang, prefix } of LANG_CASES) {
  test(`the islands use the browser's Temporal, and load the polyfill only without it (${lang})`, async ({
    page,
    browser,
    hotel,
  }) => {
    const native = await openCalendar(page, prefix, hotel);
    expect(native.polyfill).toEqual([]);
    expect(native.days.filter((d) => d.includes(' available ')).length).toBeGreaterThan(0);

    const context = await browser.newContext();
    const bare = await context.newPage();
    const errors: string[] = [];
    bare.on('pageerror', (e) => errors.push(e.message));
    await bare.addInitScript(() => {
      delete (globalThis as { Temporal?: unknown }).Temporal;
    });
    const polyfilled = await openCalendar(bare, prefix, hotel);
    expect(await bare.evaluate(() => 'Temporal' in globalThis)).toBe(false);
    expect(polyfilled.polyfill.length).toBe(1);
    expect(polyfilled).toEqual({ ...native, polyfill: polyfilled.polyfill });
    expect(polyfilled.checkin).not.toBe(dict[lang].search.checkinPlaceholder);
    expect(errors).toEqual([]);
    await context.close();
  });
}
