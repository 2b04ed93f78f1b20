import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import type { FixtureHotel } from './fixtures.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Dictionary } from '../../core/i18n/en.ts';
import { CARBON_OFFSET_PACKAGE } from '../../api/seed/seed-data.ts';
import { rupiah } from '../../api/payments/test-money.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, hydrated, signInPage } from './journey-helpers.ts';

// What the guest is told about the money matches what is charged, in both languages: the payment
// page and the status page list every part of the price (insurance and carbon offset included) as
// lines that add up to the total; the payment page counts down the hold; a payment shows as done
// (the fourth step lit), also when the gateway's notification never arrives.

/** A waiting reservation with travel insurance and the carbon offset chosen, its guest signed in. */
async function setup(page: Page, request: APIRequestContext, hotel: FixtureHotel, tag: string) {
  const guest = await apiGuest(request, tag);
  const reservation = await apiReservation(request, guest.accessToken, hotel.id);
  const chosen = await request.put('/api/clients/v1/reservations/update', {
    headers: { Authorization: `Bearer ${guest.accessToken}` },
    data: { reservationId: reservation.id, isUseAddon: true, ancillaryPackageUUIDs: [CARBON_OFFSET_PACKAGE.uuid] },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await signInPage(page, guest);
  return { guest, reservation };
}

/** The summary's lines (label, amount) and its total, as the guest reads them. */
async function readSummary(summary: Locator) {
  const rows = summary.locator('[data-price-line]');
  const lines: { key: string; label: string; amount: number }[] = [];
  for (const row of await rows.all())
    lines.push({
      key: (await row.getAttribute('data-price-line')) ?? '',
      label: (await row.locator('dt').textContent()) ?? '',
      amount: rupiah((await row.locator('dd').textContent()) ?? ''),
    });
  return { lines, total: rupiah((await summary.locator('[data-total]').textContent()) ?? '') };
}

/** Each line in the one money format, and together exactly the total. */
async function expectHonest(summary: Locator, t: Dictionary['payment']) {
  await expect(summary.locator('[data-price-line="carbonOffset"]')).toBeVisible();
  const { lines, total } = await readSummary(summary);
  expect(lines.map((l) => [l.key, l.label])).toEqual(
    expect.arrayContaining([
      ['room', t.priceRoom],
      ['tax', t.priceTax],
      ['service', t.priceService],
      ['insurance', t.priceInsurance],
      ['carbonOffset', t.priceCarbon],
    ]),
  );
  for (const l of lines) if (l.key !== 'voucher' && l.key !== 'points') expect(l.amount).toBeGreaterThan(0);
  expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(total);
  return total;
}

async function toggleTerms(page: Page) {
  await page.locator('[data-terms]').focus();
  await page.keyboard.press('Space');
}

/** Do what the bank would, on the developer simulator (this machine only). */
async function simulate(page: Page, query: string, action: 'pay' | 'pay-silent') {
  const sim = await page.context().newPage();
  await sim.setExtraHTTPHeaders(FROM_THIS_MACHINE);
  await sim.goto(`/dev/payment-simulator/?q=${encodeURIComponent(query)}`);
  // The keyboard, not a tap: on a phone-sized page the wide table overlaps its own buttons.
  await sim.locator(`tr[data-status="pending"] button[value="${action}"]`).first().press('Enter');
  await expect(sim.getByRole('status')).toContainText(`:${action}:ok`);
  await sim.close();
}

/** Pay the reservation by BCA virtual account from the payment page; returns the VA number. */
async function payByTransfer(page: Page, lang: 'en' | 'id', reservationId: number) {
  const t = dict[lang].payment;
  await page.locator('[data-channel="bca_va"]').check();
  await toggleTerms(page);
  await expect(page.locator('[data-terms]')).toBeChecked();
  await page.locator('[data-pay]').click();
  await expect(page).toHaveURL(new RegExp(`/payment/status/${reservationId}/$`));
  await expect(page.locator('[data-status-heading]')).toHaveText(t.statusPending);
  return (await page.locator('[data-va-number]').textContent()) ?? '';
}

async function expectDoneLit(page: Page, lang: 'en' | 'id') {
  const steps = page.locator('[data-steps] [data-step]');
  await expect(steps).toHaveCount(4);
  const done = page.locator('[data-steps] [data-step="4"]');
  await expect(done).toHaveAttribute('data-state', 'active');
  await expect(done).toHaveAttribute('aria-current', 'step');
  await expect(done).toContainText(dict[lang].steps.done);
  await expect(done.locator('span').first()).toHaveClass(/bg-brand-600/);
  await expect(page.locator('[data-steps] [data-step="3"]')).toHaveAttribute('data-state', 'finished');
  await expect(page.locator('[data-steps] [data-step="3"] span').first()).toHaveText('✓');
  await expect(page.locator('[data-steps] [aria-current="step"]')).toHaveCount(1);
}

for (const { lang } of LANG_CASES) {
  const t = dict[lang].payment;

  test(`the payment and status summaries add up to the total charged; paying lights Done (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await setup(page, request, hotel, `sum${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await hydrated(page);
    await expect(page.locator('[data-channel="bca_va"]')).toBeVisible();

    // The hold counts down, second by second.
    const hold = page.locator('[data-hold-countdown] [role="timer"]');
    const [head, tail] = t.holdCountdown.split('{time}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(hold).toHaveText(new RegExp(`^${head}\\d{1,2}:\\d{2}(:\\d{2})?${tail}$`));
    const before = await hold.textContent();
    await expect(hold).not.toHaveText(before ?? '', { timeout: 3_000 });

    const listTotal = await expectHonest(page.locator('[data-price-summary]'), t);
    await payByTransfer(page, lang, reservation.id);

    // The status page: four steps, the same honest summary, and its total is the amount charged.
    await expect(page.locator('[data-steps] [data-step]')).toHaveCount(4);
    await expect(page.locator('[data-steps] [data-step="3"]')).toHaveAttribute('data-state', 'active');
    const summary = page.locator('[data-price-summary]');
    const charged = await expectHonest(summary, t);
    expect(rupiah((await page.locator('[data-charged]').textContent()) ?? '')).toBe(charged);
    expect(charged).toBeGreaterThanOrEqual(listTotal); // the transfer may add its fee, listed as a line

    const va = (await page.locator('[data-va-number]').textContent()) ?? '';
    await simulate(page, va, 'pay');
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusSuccess, { timeout: 15_000 });
    await expectDoneLit(page, lang);
    await expect(summary.locator('dt').last()).toHaveText(t.paidTotal);
    expect(await expectHonest(summary, t)).toBe(charged);
  });

  test(`a transfer whose notification never arrives still shows as paid within seconds (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await setup(page, request, hotel, `lost${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await hydrated(page);
    const va = await payByTransfer(page, lang, reservation.id);
    await simulate(page, va, 'pay-silent');
    // No notification: the status poll asks the gateway (at most every few seconds) and finds it paid.
    await expect(page.locator('[data-status-heading]')).toHaveText(t.statusSuccess, { timeout: 15_000 });
    await expectDoneLit(page, lang);
  });
}
