import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import type { FixtureHotel } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, signInPage } from './journey-helpers.ts';
import { fill } from '../../core/i18n/fill.ts';
import { formatRupiah } from '../../core/money.ts';
import { apiEn } from '../../core/i18n/api-en.ts';
import { apiId } from '../../core/i18n/api-id.ts';

// Payment in both languages against the built server with the embedded sandbox gateway: pay
// through /dev/payment-simulator/ like a bank would, and watch the status page follow.

async function setup(page: Page, request: APIRequestContext, hotel: FixtureHotel, tag: string) {
  const guest = await apiGuest(request, tag);
  const reservation = await apiReservation(request, guest.accessToken, hotel.id);
  await signInPage(page, guest);
  return { guest, reservation };
}

/**
 * Tick or untick the terms with the keyboard (Space on the focused checkbox). A pointer click on a
 * phone-sized page in Indonesian can land while the sticky header resizes the page under it.
 */
async function toggleTerms(page: Page) {
  await page.locator('[data-terms]').focus();
  await page.keyboard.press('Space');
}

async function simulate(page: Page, query: string, action: 'pay' | 'expire') {
  const sim = await page.context().newPage();
  await sim.setExtraHTTPHeaders(FROM_THIS_MACHINE);
  await sim.goto(`/dev/payment-simulator/?q=${encodeURIComponent(query)}`);
  await sim.locator(`tr[data-status="pending"] button[value="${action}"]`).first().click();
  await expect(sim.getByRole('status')).toContainText(`:${action}:ok`);
  await sim.close();
}

for (const { lang } of LANG_CASES) {
  const t = dict[lang].payment;

  test(`BCA VA paid through the simulator: pending with an 11-digit VA, then success by itself (${lang}) @desktop`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, reservation } = await setup(page, request, hotel, `bca${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await expect(page.locator('[data-channel="internal_settlement"]')).toHaveCount(0);
    await page.locator('[data-channel="bca_va"]').check();
    await expect(page.locator('[data-bank-steps="bca"]')).toContainText(t.instructionsAtm);
    await toggleTerms(page);
    await expect(page.locator('[data-terms]')).toBeChecked();
    await page.locator('[data-pay]').click();
    await expect(page).toHaveURL(new RegExp(`/payment/status/${reservation.id}/$`));
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusPending);
    const va = (await page.locator('[data-va-number]').textContent()) ?? '';
    expect(va).toMatch(/^\d{11}$/);
    await expect(page.locator('[data-countdown]')).toBeVisible();
    await simulate(page, va, 'pay');
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusSuccess, { timeout: 15_000 });
    await expect(page.locator('[data-steps] [data-step="4"]')).toHaveAttribute('data-state', 'active');
    await expect(page.locator('[data-points-pending]')).toBeVisible();
    // The confirmation e-mail in the guest's language, with the QR code and the calendar file.
    await expect(async () => {
      const mails = (await (await request.get('/api/dev/outbox', { headers: FROM_THIS_MACHINE })).json()).messages as {
        to: string;
        subject: string;
        attachments: { contentType: string }[];
      }[];
      const mine = mails.find(
        (m) =>
          m.to === guest.email && m.subject.includes(lang === 'id' ? 'Pesanan terkonfirmasi' : 'Booking confirmed'),
      );
      expect(mine?.attachments.map((a) => a.contentType).sort()).toEqual(['image/png', 'text/calendar']);
    }).toPass({ timeout: 15_000 });
  });

  test(`QRIS paid: the QR shows while pending and the page turns to success (${lang}) @desktop`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await setup(page, request, hotel, `qris${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await expect(page.locator('[data-channel="bca_va"]')).toBeVisible(); // hydrated and loaded
    await page.getByRole('button', { name: t.categories.qris, exact: true }).click();
    await page.locator('[data-channel="qris"]').check();
    await toggleTerms(page);
    await expect(page.locator('[data-terms]')).toBeChecked();
    await page.locator('[data-pay]').click();
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusPending);
    const qr = page.locator('img[data-qr]');
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('data-qr-string')).toMatch(/^000201/);
    const order = (await page.getByText(`${t.orderId}:`).textContent())?.split(':')[1]?.trim() ?? '';
    await simulate(page, order, 'pay');
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusSuccess, { timeout: 15_000 });
  });

  test(`a charge left to expire shows the failed copy (${lang}) @desktop`, async ({ page, request, hotel }) => {
    const { reservation } = await setup(page, request, hotel, `exp${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await page.locator('[data-channel="bni_va"]').check();
    await toggleTerms(page);
    await expect(page.locator('[data-terms]')).toBeChecked();
    await page.locator('[data-pay]').click();
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusPending);
    const va = (await page.locator('[data-va-number]').textContent()) ?? '';
    await simulate(page, va, 'expire');
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusFailed, { timeout: 15_000 });
  });

  test(`a voucher is removed by a method it does not support; cancelling asks first (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await setup(page, request, hotel, `vch${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await page.getByPlaceholder(t.voucherSearch).fill('STAYLAGI25');
    await page.getByRole('button', { name: t.voucherSearchButton }).click();
    await page.locator('[data-voucher="STAYLAGI25"] button').click();
    await expect(page.locator('[data-voucher-applied]')).toContainText('STAYLAGI25');
    await page.getByRole('button', { name: t.voucherCancel }).click();
    await expect(page.getByRole('alertdialog')).toContainText('STAYLAGI25');
    await page.getByRole('button', { name: t.voucherCancelNo }).click();
    await expect(page.locator('[data-voucher-applied]')).toBeVisible();
    await page.getByRole('button', { name: t.categories.ewallet }).click();
    await page.locator('[data-channel="gopay"]').check();
    await expect(page.locator('[data-voucher-notice]')).toHaveText(t.voucherRemovedByMethod);
    await expect(page.locator('[data-voucher-applied]')).toHaveCount(0);
  });

  test(`the voucher list says which apply and what each saves, and follows the chosen method (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const api = { en: apiEn, id: apiId }[lang];
    const { reservation } = await setup(page, request, hotel, `vls${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    const voucher = (code: string) => page.locator(`[data-voucher="${code}"]`);
    // A cabin voucher on a pod stay: the reason, and no button that could only be refused.
    await expect(voucher('JALANJALAN50').locator('[data-voucher-reason]')).toHaveText(api['promotions.notForHotel']);
    await expect(voucher('JALANJALAN50')).toContainText(t.voucherNotApplicable);
    await expect(voucher('JALANJALAN50').getByRole('button')).toHaveCount(0);
    await expect(voucher('DOMPETDIGITAL').getByRole('button', { name: t.voucherApply })).toBeVisible();

    // A bank transfer: the e-wallet voucher no longer applies, and the list says so at once.
    await page.locator('[data-channel="bca_va"]').check();
    await expect(voucher('DOMPETDIGITAL').locator('[data-voucher-reason]')).toHaveText(
      api['promotions.methodNotEligible'],
    );
    await expect(voucher('DOMPETDIGITAL').getByRole('button')).toHaveCount(0);

    // An e-wallet: offered again, with what it saves; applying it saves exactly that.
    await page.getByRole('button', { name: t.categories.ewallet }).click();
    await page.locator('[data-channel="gopay"]').check();
    const estimate = voucher('DOMPETDIGITAL').locator('[data-voucher-estimate]');
    await expect(estimate).toBeVisible();
    const shown = await estimate.textContent();
    const applied = page.waitForResponse(
      (r) => r.url().includes('/reservations/update') && (r.request().postData() ?? '').includes('DOMPETDIGITAL'),
    );
    await voucher('DOMPETDIGITAL').getByRole('button', { name: t.voucherApply }).click();
    const body = (await (await applied).json()) as { data: { priceBreakdown: { promo_value: number } } };
    const saved = formatRupiah(body.data.priceBreakdown.promo_value);
    expect(body.data.priceBreakdown.promo_value).toBeGreaterThan(0);
    expect(shown).toBe(fill(t.voucherEstimate, { amount: saved }));
    await expect(page.locator('[data-voucher-applied]')).toHaveText(
      fill(t.voucherApplied, { code: 'DOMPETDIGITAL', amount: saved }),
    );
  });

  test(`Bobopoints: not enough and not a multiple of 5.000 are refused, 10.000 is redeemed (${lang}) @desktop`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await setup(page, request, hotel, `pts${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await expect(page.locator('[data-points-section]')).toContainText('15.000');
    const before = await page.locator('[data-total]').textContent();
    const input = page.getByLabel(t.pointsAmount);
    await input.fill('20000');
    await page.getByRole('button', { name: t.pointsUse }).click();
    await expect(page.locator('[data-points-error]')).toContainText(t.pointsErrorTitle);
    await expect(page.locator('[data-points-error]')).toContainText(t.pointsNotEnough);
    await input.fill('7000');
    await page.getByRole('button', { name: t.pointsUse }).click();
    await expect(page.locator('[data-points-error]')).toContainText(t.pointsStep);
    await input.fill('10000');
    await page.getByRole('button', { name: t.pointsUse }).click();
    await expect(page.locator('[data-points-used]')).toContainText('10.000');
    await expect(page.locator('[data-total]')).not.toHaveText(before ?? '');
  });

  test(`the terms checkbox blocks paying until ticked (${lang})`, async ({ page, request, hotel }) => {
    const { reservation } = await setup(page, request, hotel, `trm${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await page.locator('[data-channel="bca_va"]').check();
    await expect(page.locator('[data-pay]')).toBeDisabled();
    await expect(page.getByText(t.termsRequired)).toBeVisible();
    await toggleTerms(page);
    await expect(page.locator('[data-terms]')).toBeChecked();
    await expect(page.locator('[data-pay]')).toBeEnabled();
    await toggleTerms(page);
    await expect(page.locator('[data-terms]')).not.toBeChecked();
    await expect(page.locator('[data-pay]')).toBeDisabled();
  });
}
