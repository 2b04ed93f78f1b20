import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Temporal } from '../../core/temporal.ts';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import type { FixtureHotel } from './fixtures.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import {
  apiGuest,
  apiReservation,
  chooseHotel,
  dismissAlert,
  hydrated,
  keepTodayIfAsked,
  signInPage,
} from './journey-helpers.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';
import { fill } from '../../core/i18n/fill.ts';
import { formatRupiah } from '../../core/money.ts';
import { apiEn } from '../../core/i18n/api-en.ts';
import { apiId } from '../../core/i18n/api-id.ts';
import { inputMessages } from '../../core/contracts/auth.ts';
import { LOCALES } from '../../core/locales.ts';
import type { Lang } from '../../core/locales.ts';
import { PAYMENT_STATUS_LABELS, PaymentStatus } from '../../core/payment-status.ts';

// Issue 13's rough edges on the booking journey, in both languages: honest money on the hotel page
// and the review (the parts add up to what the guest pays), no hydration errors for a signed-in
// guest, copy that says what is wrong, the review's price before its buttons on a phone, linked
// terms, a language switch on a desktop, and a voucher the payment method refuses said so.

const apiMessages = { en: apiEn, id: apiId } as const;

/** "Rp 1.234.567" or "-Rp 50.000" (core's formatter) as a number; anything else fails the test. */
function rupiah(text: string | null): number {
  const m = /^(-?)Rp (\d{1,3}(?:\.\d{3})*)$/.exec((text ?? '').trim());
  expect(m, `a Rupiah amount written by formatRupiah, got "${text}"`).not.toBeNull();
  const value = Number(m![2].replaceAll('.', ''));
  return m![1] ? -value : value;
}

async function amount(locator: Locator): Promise<number> {
  return rupiah(await locator.textContent());
}

/** The review's price rows: every row but the total, and the total. */
async function reviewRows(page: Page): Promise<{ rows: Record<string, number>; total: number }> {
  const rows: Record<string, number> = {};
  for (const cell of await page.locator('[data-price-detail] [data-price-row]').all()) {
    const key = (await cell.getAttribute('data-price-row')) ?? '';
    rows[key] = await amount(cell);
  }
  const { total, ...rest } = rows;
  return { rows: rest, total };
}

/** Serious and critical axe findings on the page as it is now (the new links and layout add none). */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const sum = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

/** A stay of two nights starting in a few days (never today, so the Stay Now question never comes up). */
function stay() {
  const checkin = Temporal.Now.plainDateISO('Asia/Jakarta').add({ days: 3 });
  return { checkin: checkin.toString(), checkout: checkin.add({ days: 2 }).toString() };
}

function hotelPage(lang: Lang, hotel: FixtureHotel) {
  const { checkin, checkout } = stay();
  return `${localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/`)}?checkin=${checkin}&checkout=${checkout}&id=${hotel.id}`;
}

async function signedInReservation(page: Page, request: APIRequestContext, hotel: FixtureHotel, tag: string) {
  const guest = await apiGuest(request, tag);
  const reservation = await apiReservation(request, guest.accessToken, hotel.id);
  await signInPage(page, guest);
  return { guest, reservation };
}

for (const { lang } of LANG_CASES) {
  const t = dict[lang];
  const other: Lang = lang === 'en' ? 'id' : 'en';

  // 1. Money.

  test(`the hotel page's price for 2 nights includes tax and service and is the review's total (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `money${lang}`);
    await signInPage(page, guest);
    await page.goto(hotelPage(lang, hotel));
    const room = page
      .locator('[data-room-type]')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }) })
      .first();
    await expect(room.locator('[data-price]')).toBeVisible();
    await dismissAlert(page);
    // The price says what it holds, and its parts add up to it.
    await expect(room.locator('[data-price-note]')).toHaveText(
      fill(t.booking.perStay, { nights: fill(t.search.nights, { n: 2 }) }),
    );
    const price = await amount(room.locator('[data-price]'));
    const parts = {
      room: await amount(room.locator('[data-price-part=room]')),
      tax: await amount(room.locator('[data-price-part=tax]')),
      service: await amount(room.locator('[data-price-part=service]')),
    };
    expect(parts.tax).toBeGreaterThan(0);
    expect(parts.service).toBeGreaterThan(0);
    expect(parts.room + parts.tax + parts.service).toBe(price);

    await room.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/review/\\d+/$`));
    await expect(page.locator('[data-price-row=total]')).toBeVisible();
    const review = await reviewRows(page);
    expect(review.total).toBe(price);
    expect(review.rows).toEqual({ room: parts.room, tax: parts.tax, service: parts.service });
  });

  test(`the review's price rows add up to its total, with insurance and carbon offset chosen (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, reservation } = await signedInReservation(page, request, hotel, `sum${lang}`);
    await page.goto(localizedPath(lang, `/reservation/review/${reservation.id}/`));
    const aside = page.locator('[data-price-detail]');
    await expect(aside.locator('[data-price-row=total]')).toBeVisible();
    // Add-ons the guest has not chosen are not listed.
    await expect(aside.locator('[data-price-row=insurance]')).toHaveCount(0);
    await expect(aside.locator('[data-price-row=carbon]')).toHaveCount(0);
    let review = await reviewRows(page);
    expect(sum(review.rows)).toBe(review.total);

    const insurance = page.getByRole('checkbox', { name: new RegExp(t.booking.insuranceAdd.split(' (')[0]) });
    await insurance.click();
    await expect(insurance).toBeChecked();
    await expect(aside.locator('[data-price-row=insurance]')).not.toHaveText('Rp 0');
    await page.getByRole('button', { name: t.booking.continue, exact: true }).click();
    const carbon = page.locator('[data-carbon-step]').getByRole('checkbox').first();
    await carbon.click();
    await expect(carbon).toBeChecked();
    await expect(aside.locator('[data-price-row=carbon]')).not.toHaveText('Rp 0');
    await expect(aside).toHaveAttribute('aria-busy', 'false');

    review = await reviewRows(page);
    expect(Object.keys(review.rows).sort()).toEqual(['carbon', 'insurance', 'room', 'service', 'tax']);
    expect(sum(review.rows)).toBe(review.total);
    const view = await request.get(`/api/clients/v1/reservations/view?reservationId=${reservation.id}`, {
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(review.total).toBe(
      ((await view.json()).data as { priceDetail: { guestPrice: number } }).priceDetail.guestPrice,
    );
  });

  // 2. Hydration: the first client render equals the server's, for a signed-in guest.

  for (const [name, url, ready] of [
    ['review', (id: number) => localizedPath(lang, `/reservation/review/${id}/`), '[data-price-detail]'],
    ['payment status', (id: number) => localizedPath(lang, `/payment/status/${id}/`), '[data-result]'],
    ['hotel page with checkin', () => '', '[data-room-type]'],
  ] as const) {
    test(`the ${name} loads five times signed in without a hydration or console error (${lang})`, async ({
      page,
      request,
      hotel,
    }) => {
      test.setTimeout(90_000);
      const { reservation } = await signedInReservation(page, request, hotel, `hyd${lang}`);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      const target = url(reservation.id) || hotelPage(lang, hotel);
      for (let i = 0; i < 5; i++) {
        await page.goto(target);
        await expect(page.locator(ready).first()).toBeVisible();
        await hydrated(page);
      }
      expect(
        problems.filter((p) => /418|hydrat/i.test(p)),
        'React hydration errors',
      ).toEqual([]);
      expect(problems, 'console errors and page errors').toEqual([]);
    });
  }

  // 3. Copy.

  test(`the points error shows its title once and says what is wrong (${lang})`, async ({ page, request, hotel }) => {
    const { reservation } = await signedInReservation(page, request, hotel, `pts${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    await expect(page.locator('[data-points-section]')).toContainText('15.000');
    await page.getByLabel(t.payment.pointsAmount).fill('20000');
    await page.getByRole('button', { name: t.payment.pointsUse }).click();
    const box = page.locator('[data-points-error]');
    await expect(box.locator('strong')).toHaveText(t.payment.pointsErrorTitle);
    const text = (await box.textContent()) ?? '';
    expect(text.split(t.payment.pointsErrorTitle)).toHaveLength(2); // the title, once
    expect(text.replace(t.payment.pointsErrorTitle, '')).toBe(t.payment.pointsNotEnough);
  });

  test(`a cancelled booking is called cancelled on the review, not expired (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, reservation } = await signedInReservation(page, request, hotel, `cxl${lang}`);
    const cancelled = await request.post('/api/clients/v1/reservations/cancel', {
      form: { reservationId: String(reservation.id) },
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(cancelled.status()).toBe(200);
    await page.goto(localizedPath(lang, `/reservation/review/${reservation.id}/`));
    const closed = page.locator('[data-review-closed]');
    await expect(closed).toHaveText(
      fill(t.booking.notWaiting, { status: PAYMENT_STATUS_LABELS[PaymentStatus.cancelled][lang] }),
    );
    await expect(closed).not.toContainText(t.booking.expired);
    await expect(page.getByRole('button', { name: t.booking.continue, exact: true })).toBeDisabled();
  });

  test(`the newsletter names the plus sign in an e-mail, in the API and in the form (${lang})`, async ({ page }) => {
    await page.goto(localizedPath(lang, '/'));
    const footer = page.locator('[data-site-footer]');
    await footer.getByRole('textbox', { name: t.footer.newsletterLabel }).fill(`sari+promo-${Date.now()}@example.com`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/clients/v1/subscribe'));
    await footer.getByRole('button', { name: t.footer.newsletterSubmit }).click();
    const res = await answer;
    expect(res.status()).toBe(422);
    expect(((await res.json()) as { message: string }).message).toContain(inputMessages.email_plus[lang]);
    const dialog = page.getByRole('dialog', { name: t.footer.newsletterAlertTitle });
    await expect(dialog).toContainText(inputMessages.email_plus[lang]);
    await expect(dialog).not.toContainText(apiMessages[lang]['http.badRequest']);
    await expect(dialog).not.toContainText(inputMessages.invalid[lang]);
  });

  // 4. Layout.

  test(`on a phone the review's price detail comes before its buttons (${lang}) @mobile`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await signedInReservation(page, request, hotel, `lay${lang}`);
    await page.goto(localizedPath(lang, `/reservation/review/${reservation.id}/`));
    const price = page.locator('[data-price-detail]');
    const continueButton = page.getByRole('button', { name: t.booking.continue, exact: true });
    await expect(price.locator('[data-price-row=total]')).toBeVisible();
    await expect(continueButton).toBeVisible();
    expect(page.viewportSize()?.width).toBe(390);
    const [p, c] = [await price.boundingBox(), await continueButton.boundingBox()];
    expect(p!.y + p!.height).toBeLessThanOrEqual(c!.y);
    await continueButton.click();
    const toPayment = page.getByRole('link', { name: t.booking.toPayment });
    await expect(toPayment).toBeVisible();
    const [p2, c2] = [await price.boundingBox(), await toPayment.boundingBox()];
    expect(p2!.y + p2!.height).toBeLessThanOrEqual(c2!.y);
    expect(await axeProblems(page)).toEqual([]);
  });

  test(`the terms checkbox links the terms and the privacy policy in the page's language (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await signedInReservation(page, request, hotel, `trm${lang}`);
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    const terms = page.getByRole('link', { name: t.payment.termsLink, exact: true });
    const privacy = page.getByRole('link', { name: t.payment.privacyLink, exact: true });
    await expect(terms).toHaveAttribute('href', localizedPath(lang, '/terms-condition/'));
    await expect(privacy).toHaveAttribute('href', localizedPath(lang, '/privacy-policy/'));
    await expect(page.locator('[data-terms]')).toHaveAccessibleName(
      fill(t.payment.termsLabel, { terms: t.payment.termsLink, privacy: t.payment.privacyLink }),
    );
    for (const link of [terms, privacy]) {
      const res = await request.get((await link.getAttribute('href')) ?? '');
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(`lang="${LOCALES[lang].htmlLang}"`);
    }
    expect(await axeProblems(page)).toEqual([]);
  });

  test(`the desktop header switches to the same page in the other language, query kept (${lang}) @desktop`, async ({
    page,
    hotel,
  }) => {
    const switchLink = page
      .locator('[data-site-header]')
      .getByRole('link', { name: new RegExp(`^${LOCALES[other].label}\\b.*${LOCALES[other].name}`) });
    // A content page, by keyboard.
    await page.goto(`${localizedPath(lang, '/about/')}?ref=header`);
    await expect(switchLink).toBeVisible();
    await expect(switchLink).toHaveAttribute('lang', LOCALES[other].htmlLang);
    await switchLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${localizedPath(other, '/about/')}?ref=header`);
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[other].htmlLang);
    // The hotel page keeps its search (path and query).
    await page.goto(hotelPage(lang, hotel));
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    await dismissAlert(page);
    const query = new URL(page.url()).search;
    expect(query).toContain('checkin=');
    await switchLink.click();
    await expect(page).toHaveURL(`${localizedPath(other, `/search/${hotel.id}-${hotel.slug}/`)}${query}`);
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    await dismissAlert(page);
    expect(await axeProblems(page)).toEqual([]);
  });

  // 5. A voucher the chosen payment method does not support.

  test(`choosing a voucher the payment method does not support says so and changes nothing (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { reservation } = await signedInReservation(page, request, hotel, `vpm${lang}`);
    const notForMethod = apiMessages[lang]['promotions.methodNotEligible'];
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    const voucher = page.locator('[data-voucher="DOMPETDIGITAL"]');
    // No method chosen yet: the e-wallet voucher is offered.
    await expect(voucher.getByRole('button', { name: t.payment.voucherApply })).toBeVisible();

    // A bank transfer: the summary shows the total with the method's fee.
    const method = page.waitForResponse((r) => r.url().includes('/reservations/update') && r.status() === 200);
    await page.locator('[data-channel="bca_va"]').check();
    const priced = (await (await method).json()) as { data: { priceDetail: { guestPrice: number } } };
    const total = page.locator('[data-total]');
    const before = formatRupiah(priced.data.priceDetail.guestPrice);
    await expect(total).toHaveText(before);

    // The voucher says why beside it, and offers nothing to press; typed by hand, the same.
    await expect(voucher.locator('[data-voucher-reason]')).toHaveText(notForMethod);
    await expect(voucher.getByRole('button')).toHaveCount(0);
    await page.getByPlaceholder(t.payment.voucherSearch).fill('dompetdigital');
    await page.getByRole('button', { name: t.payment.voucherSearchButton }).click();
    await expect(voucher).toHaveCount(1);
    await expect(voucher.locator('[data-voucher-reason]')).toHaveText(notForMethod);
    await expect(voucher).toContainText(t.payment.voucherNotApplicable);
    await expect(voucher.getByRole('button')).toHaveCount(0);
    await expect(page.locator('[data-voucher-applied]')).toHaveCount(0);
    await expect(page.locator('[data-channel="bca_va"]')).toBeChecked();
    await expect(total).toHaveText(before);
  });

  test(`a voucher used in another tab since it was shown is refused, and the page says why (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, reservation } = await signedInReservation(page, request, hotel, `vtab${lang}`);
    const other = await apiReservation(request, guest.accessToken, hotel.id);
    const alreadyUsed = apiMessages[lang]['promotions.alreadyUsed'];
    await page.goto(localizedPath(lang, `/payment/list/${reservation.id}/`));
    // STAYLAGI25: once per guest, paid by virtual account.
    await page.locator('[data-channel="bca_va"]').check();
    await page.getByPlaceholder(t.payment.voucherSearch).fill('STAYLAGI25');
    await page.getByRole('button', { name: t.payment.voucherSearchButton }).click();
    const voucher = page.locator('[data-voucher="STAYLAGI25"]');
    await expect(voucher.locator('[data-voucher-estimate]')).toBeVisible();
    const total = page.locator('[data-total]');
    const before = await total.textContent();

    // Meanwhile the guest's other tab puts it on their other booking.
    const elsewhere = await request.put('/api/clients/v1/reservations/update', {
      data: { reservationId: other.id, isUsePromo: true, promoCode: 'STAYLAGI25', paymentChannelCode: 'bca_va' },
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(elsewhere.status()).toBe(200);

    const refused = page.waitForResponse(
      (r) => r.url().includes('/reservations/update') && (r.request().postData() ?? '').includes('STAYLAGI25'),
    );
    await voucher.getByRole('button', { name: t.payment.voucherApply }).click();
    expect((await refused).status()).toBe(409);
    await expect(page.locator('[data-voucher-error]')).toHaveText(alreadyUsed);
    // Judged again: the reason beside the voucher, nothing to press, nothing changed.
    await expect(voucher.locator('[data-voucher-reason]')).toHaveText(alreadyUsed);
    await expect(voucher.getByRole('button')).toHaveCount(0);
    await expect(page.locator('[data-voucher-applied]')).toHaveCount(0);
    await expect(total).toHaveText(before ?? '');
  });

  // 6. A promo code in the address (a shared link, a kept voucher) that the search refuses.

  test(`a promo code that does not apply here is said once, and the rooms still book without it (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `prm${lang}`);
    await signInPage(page, guest);
    const d = Temporal.Now.plainDateISO('Asia/Jakarta').add({ days: 2 });
    const stay = `checkin=${d}&checkout=${d.add({ days: 2 })}&id=${hotel.id}`;
    const room = page
      .locator('[data-room-type]')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }) })
      .first();
    // JALANJALAN50 is for cabins; the test's hotel is a pod hotel.
    await page.goto(localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/?${stay}&promocode=jalanjalan50`));
    await expect(page.locator('[data-promo-refused]')).toHaveText(
      fill(t.booking.promoRefused, { code: 'JALANJALAN50', reason: apiMessages[lang]['promotions.notForHotel'] }),
    );
    await expect(page.locator('[data-room-promo]')).toHaveCount(0);
    const price = await room.locator('[data-price]').textContent();
    await dismissAlert(page);
    await room.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/review/\\d+/$`));
    await expect(page.locator('[data-price-row=voucher]')).toHaveCount(0);
    await expect(page.locator('[data-price-row=total]')).toHaveText(price ?? '');

    // A code that applies rides along to the review as before.
    await page.goto(localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/?${stay}&promocode=DOMPETDIGITAL`));
    await expect(room.locator('[data-room-promo]')).toContainText('DOMPETDIGITAL');
    await expect(page.locator('[data-promo-refused]')).toHaveCount(0);
    await dismissAlert(page);
    await room.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/review/\\d+/$`));
    await expect(page.locator('[data-price-row=voucher]')).toBeVisible();

    // A code the search accepts that takes nothing off this room (a free night needs two nights): said
    // beside the room, not as a saving, and the room books without it, so the guest's once-only
    // voucher is not held (and spent) for nothing.
    const oneNight = `checkin=${d}&checkout=${d.add({ days: 1 })}&id=${hotel.id}`;
    await page.goto(localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/?${oneNight}&promocode=MALAMGRATIS`));
    await expect(room.locator('[data-room-promo]')).toHaveText(apiMessages[lang]['promotions.minNights']);
    await expect(room.locator('[data-room-promo]')).toHaveAttribute('data-room-promo', 'not-applied');
    await dismissAlert(page);
    await room.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/review/\\d+/$`));
    await expect(page.locator('[data-countdown]')).toBeVisible();
    await expect(page.locator('[data-price-row=voucher]')).toHaveCount(0);
  });

  // 7. A promo page's code, kept: it rides along with the guest's searches until removed.

  test(`"Book with this code" on a promo page keeps the code for the search, shown in the filter until removed (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const slug = `${hotel.id}-${hotel.slug}`;
    await page.goto(localizedPath(lang, '/promo/dompet-digital/'));
    await page.getByRole('link', { name: contentStrings(lang).promo.useCode }).click();
    // Home, with the code kept and out of the address.
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/')}$`));
    const kept = page.locator('[data-kept-code]');
    await expect(kept).toContainText(fill(t.search.keptCode, { code: 'DOMPETDIGITAL' }));
    // Day use takes no promo code: the line is gone while it is chosen, and its search carries none.
    const made = await request.post('/api/dev/fixtures/hotel?hourly=1', { headers: FROM_THIS_MACHINE });
    const hourly = ((await made.json()) as { data: FixtureHotel }).data;
    await page.getByRole('radio', { name: t.search.stayDayUse }).check();
    await expect(kept).toHaveCount(0);
    await page.locator('[data-search-filter] select[name=hotel]').selectOption(`${hourly.id}-${hourly.slug}`);
    await expect(page.locator('[data-search-filter] select[name=start]')).toBeEnabled();
    await page.getByRole('button', { name: t.search.search, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/search/${hourly.id}-${hourly.slug}/\\?.*hours=`));
    expect(new URL(page.url()).searchParams.get('promocode')).toBeNull();
    // The hotel page keeps that day use as the tab's last search once its island has read the address.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('lastSearch')))
      .toContain(`"hotelId":${hourly.id},`);
    await page.goto(localizedPath(lang, '/'));
    await hydrated(page);
    // The tab's last search (that day use) comes back first; checking overnight before it would be a
    // no-op the restore then undoes.
    await expect(page.getByRole('radio', { name: t.search.stayDayUse })).toBeChecked();
    await page.getByRole('radio', { name: t.search.stayOvernight }).check();
    await expect(kept).toBeVisible();
    await chooseHotel(page, slug);
    await page.getByRole('button', { name: t.search.search, exact: true }).click();
    await keepTodayIfAsked(page, t.search);
    await expect(page).toHaveURL(new RegExp(`/search/${slug}/\\?.*promocode=DOMPETDIGITAL`));
    const room = page.locator('[data-room-type]').filter({ has: page.locator('[data-room-promo=applied]') });
    await expect(room.first().locator('[data-room-promo]')).toContainText('DOMPETDIGITAL');

    // A hotel page reached another way (a place result) searches with it too.
    const d = Temporal.Now.plainDateISO('Asia/Jakarta').add({ days: 30 });
    await page.goto(
      `${localizedPath(lang, '/search/')}?q=${encodeURIComponent(hotel.name)}&checkin=${d}&checkout=${d.add({ days: 1 })}`,
    );
    await page
      .locator('[data-place-result]')
      .first()
      .getByRole('link', { name: fill(t.search.placeViewRooms, { name: hotel.name }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/search/${slug}/\\?checkin=${d}&.*promocode=DOMPETDIGITAL`));
    await expect(room.first().locator('[data-room-promo]')).toContainText('DOMPETDIGITAL');
    // Removed there, the page searches again without it.
    await dismissAlert(page);
    await kept.getByRole('button', { name: fill(t.search.keptCodeRemoveLabel, { code: 'DOMPETDIGITAL' }) }).click();
    await expect(kept).toHaveCount(0);
    await expect(page.locator('[data-room-promo]')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('promocode')).toBeNull();
    expect(new URL(page.url()).searchParams.get('checkin')).toBe(d.toString());

    // Gone for good: home shows no code, and its searches carry none.
    await page.goto(localizedPath(lang, '/'));
    await hydrated(page);
    await expect(kept).toHaveCount(0);
    await chooseHotel(page, slug);
    await page.getByRole('button', { name: t.search.search, exact: true }).click();
    await keepTodayIfAsked(page, t.search);
    await expect(page).toHaveURL(new RegExp(`/search/${slug}/\\?`));
    expect(new URL(page.url()).searchParams.get('promocode')).toBeNull();
  });
}
