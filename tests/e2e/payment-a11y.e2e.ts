import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, signInPage } from './journey-helpers.ts';

// Accessibility of the payment screens: the method list with a bank's steps open, and the
// status page while a virtual-account payment is pending.
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { lang } of LANG_CASES) {
  const t = dict[lang].payment;
  test(`axe: payment list and pending status page (${lang})`, async ({ page, request, hotel }) => {
    test.setTimeout(90_000);
    const guest = await apiGuest(request, `axe-pay-${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await page.locator('[data-channel="bca_va"]').check();
    await expect(page.locator('[data-bank-steps="bca"]')).toContainText(t.instructionsAtm);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-terms]').focus();
    await page.keyboard.press('Space');
    await page.locator('[data-pay]').click();
    await expect(page).toHaveURL(new RegExp(`/payment/status/${reservation.id}/$`));
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusPending);
    await expect(page.locator('[data-va-number]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
