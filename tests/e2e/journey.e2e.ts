import { expect, test } from './fixtures.ts';
import { formatRupiah } from '../../core/money.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import {
  chooseHotel,
  codeFor,
  dismissAlert,
  hydrated,
  keepTodayIfAsked,
  uniqueGuest,
  userTokens,
} from './journey-helpers.ts';

// The whole booking journey in a real browser, both languages, phone and desktop:
// home search -> hotel page -> room choice -> sign up with the outbox code -> review with
// insurance and carbon offset -> the total on screen is the API's total.

for (const { lang, prefix } of LANG_CASES) {
  test(`home search to review with insurance and carbon offset (${lang})`, async ({ page, request, hotel }) => {
    test.setTimeout(90_000);
    const t = dict[lang];
    // The real clock (no pinned time): the hold below is timed by the server's clock.
    await page.goto(`${prefix}/`);
    // A hotel of this test's own (tests/e2e/fixtures.ts): nobody else books its rooms.
    const slug = `${hotel.id}-${hotel.slug}`;
    await chooseHotel(page, slug);
    await page.locator('[data-search-filter] select[name=duration]').selectOption('2');
    await page.getByRole('button', { name: t.search.search, exact: true }).click();
    await keepTodayIfAsked(page, t.search);

    await expect(page).toHaveURL(
      new RegExp(
        `${prefix}/search/${slug}/\\?checkin=\\d{4}-\\d{2}-\\d{2}&checkout=\\d{4}-\\d{2}-\\d{2}&id=${hotel.id}`,
      ),
    );
    await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
    const room = page
      .locator('[data-room-type]')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }) })
      .first();
    await expect(room.locator('[data-price]')).toContainText('Rp ');
    await dismissAlert(page);
    await room.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();

    // Signed out: sign-in, then register, keeping the way back.
    await expect(page).toHaveURL(new RegExp(`${prefix}/signin/\\?redirect=`));
    const signUpLink = page.getByRole('link', { name: t.auth.signUpLink });
    await expect(signUpLink).toHaveAttribute('href', /redirect=/);
    await signUpLink.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/signup/\\?redirect=`));
    await hydrated(page); // typing into the server-rendered form before React takes over would be lost
    const guest = uniqueGuest(`${lang}-j`);
    await page.getByLabel(t.auth.fullName).fill(guest.name);
    await page.getByRole('textbox', { name: t.auth.email, exact: true }).fill(guest.email);
    await page.getByLabel(t.auth.phone).fill(guest.phone);
    await page.getByLabel(t.auth.password, { exact: true }).fill(guest.password);
    await page.getByLabel(t.auth.confirmPassword).fill(guest.password);
    await page.getByRole('button', { name: t.auth.signUp, exact: true }).click();
    await expect(page).toHaveURL(/complete-registration\/\?channel=email/);
    await hydrated(page);
    await page.getByLabel(t.auth.code).fill(await codeFor(request, guest.email));
    await page.getByRole('button', { name: t.auth.verify, exact: true }).click();

    // Back on the hotel page, the same choice continues to the review.
    await expect(page).toHaveURL(new RegExp(`${prefix}/reservation/review/\\d+/$`), { timeout: 20_000 });
    const id = Number(/review\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name: t.booking.reviewTitle })).toBeVisible();
    await expect(page.locator('[aria-current="step"]').first()).toContainText(t.steps.booking);
    await expect(page.getByText(guest.email)).toBeVisible();
    await expect(page.locator('[data-countdown]')).toContainText(/\d{2}:\d{2}/);

    const insurance = page.getByRole('checkbox', { name: new RegExp(t.booking.insuranceAdd.split(' (')[0]) });
    await insurance.click();
    await expect(insurance).toBeChecked();
    await expect(page.locator('[data-price-row=insurance]')).not.toHaveText('Rp 0');
    await expect(page.locator('[data-insurance] a', { hasText: t.booking.terms })).toHaveAttribute('href', /^https?:/);
    await page.getByRole('button', { name: t.booking.continue, exact: true }).click();
    await expect(page.locator('[data-carbon-step]')).toBeVisible();
    const carbon = page.locator('[data-carbon-step]').getByRole('checkbox').first();
    await carbon.click();
    await expect(carbon).toBeChecked();
    await expect(page.locator('[data-price-row=carbon]')).not.toHaveText('Rp 0');
    // Back and forth keeps the choices.
    await page.getByRole('button', { name: t.booking.back, exact: true }).click();
    await expect(insurance).toBeChecked();
    await page.getByRole('button', { name: t.booking.continue, exact: true }).click();

    const { accessToken } = await userTokens(page);
    const api = await request.get(`/api/clients/v1/reservations/view?reservationId=${id}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const detail = (await api.json()).data as {
      priceDetail: { guestPrice: number; insurance: number; carbonOffset: number; tax: number };
    };
    expect(detail.priceDetail.insurance).toBeGreaterThan(0);
    expect(detail.priceDetail.carbonOffset).toBeGreaterThan(0);
    await expect(page.locator('[data-price-row=total]')).toHaveText(formatRupiah(detail.priceDetail.guestPrice));
    await expect(page.locator('[data-price-row=tax]')).toHaveText(formatRupiah(detail.priceDetail.tax));
    await expect(page.getByRole('link', { name: t.booking.toPayment })).toHaveAttribute(
      'href',
      `${prefix}/payment/list/${id}/`,
    );
    expect(await page.evaluate(() => sessionStorage.getItem('reservationId'))).toBe(String(id));
    // The header badge counts this unpaid reservation.
    await expect(page.locator('[data-pending-badge]').first()).toHaveText('1');
  });
}
