import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { Temporal } from '../../core/temporal.ts';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { apiGuest, apiPay, apiReservation, hostVerify, hydrated, signInPage } from './journey-helpers.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { readQrCode } from '../helpers/qr-reader.ts';
import { pageScriptBytes } from './journey-budget.ts';
import { ACCOUNT_JS_BUDGET, ACCOUNT_PAGE_PATHS } from './account-budget.ts';

// The account area, part A, in both languages on a phone and a desktop: the order badge and the
// orders page (pay now, cancel with confirmation), the history, My stay with its stay pass (a QR the
// host's verification call accepts, an .ics file, the self check-in window on an injected clock, the
// pass offline), the sign-in detour for visitors and axe-core on every page.

test.describe.configure({ timeout: 90_000 });

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function fitsTheScreen(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** A Jakarta wall-clock time on a given day, as a Date. */
const jakartaAt = (date: string, time: string) =>
  new Date(Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime('Asia/Jakarta').epochMilliseconds);

for (const { lang } of LANG_CASES) {
  const t = dict[lang];
  const a = t.accountArea;

  test(`an unpaid order shows on the badge and the orders page, and is cancelled after the confirmation (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `ord${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/'));
    await hydrated(page);
    const sidebar = page.locator('[data-account-sidebar]');
    await expect(sidebar.locator('[data-pending-badge]')).toHaveText('1');
    const order = page.locator(`[data-order="${reservation.id}"]`);
    await expect(order).toContainText(hotel.name);
    await expect(order.locator('[data-countdown]')).toHaveText(
      new RegExp(a.orders.payWithin.replace('{time}', '(2\\d|30):\\d\\d')),
    );
    await expect(order.getByRole('link', { name: a.orders.payNow })).toHaveAttribute(
      'href',
      localizedPath(lang, `/payment/list/${reservation.id}/`),
    );
    await noSeriousViolations(page);
    await fitsTheScreen(page);

    // "No" keeps the order; "Yes" cancels it and the badge follows.
    await order.getByRole('button', { name: a.orders.cancel }).click();
    const confirm = order.getByRole('alertdialog', { name: a.orders.cancelConfirm });
    await expect(confirm).toBeVisible();
    if (lang === 'id') await expect(confirm).toContainText('Anda yakin ingin membatalkan pesanan?');
    await confirm.getByRole('button', { name: a.orders.cancelNo, exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(order).toBeVisible();
    await order.getByRole('button', { name: a.orders.cancel }).click();
    await order.getByRole('button', { name: a.orders.cancelYes }).click();
    await expect(page.locator('[data-order-notice="ok"]')).toBeVisible();
    await expect(order).toHaveCount(0);
    await expect(page.locator('[data-account-empty]')).toHaveText(t.account.emptyOrder);
    await expect(sidebar.locator('[data-pending-badge]')).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-account-empty]')).toHaveText(t.account.emptyOrder);
    await expect(sidebar.locator('[data-pending-badge]')).toBeHidden();

    // The history holds it, with its status label.
    await page.goto(localizedPath(lang, '/my-account/history/'));
    const item = page.locator(`[data-history="${reservation.id}"]`);
    await expect(item.locator('[data-status-label]')).toHaveText(
      lang === 'id' ? 'Pembayaran dibatalkan' : 'Payment cancelled',
    );
    await noSeriousViolations(page);
    await fitsTheScreen(page);
  });

  test(`on a phone an order code wraps only at its hyphens (${lang}) @mobile`, async ({ page, request, hotel }) => {
    const guest = await apiGuest(request, `code${lang}`);
    const waiting = await apiReservation(request, guest.accessToken, hotel.id);
    const paid = await apiReservation(request, guest.accessToken, hotel.id);
    await apiPay(request, guest.accessToken, paid.id);
    await signInPage(page, guest);
    // Per hyphen-separated part of the code, on how many lines it is drawn: a code the guest reads out
    // at the desk must not be cut inside a part ("BBX-20261208-T91HL5" / "XY" before).
    const linesPerPart = (code: Locator) =>
      code.evaluate((el) => {
        const text = el.firstChild as Text;
        let at = 0;
        return text.data.split('-').map((part) => {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + part.length);
          at += part.length + 1;
          return range.getClientRects().length;
        });
      });
    for (const [path, card] of [
      ['/my-account/order/', `[data-order="${waiting.id}"]`],
      ['/my-account/my-stay/', `[data-stay="${paid.id}"]`],
    ] as const) {
      await page.goto(localizedPath(lang, path));
      const code = page.locator(`${card} [data-order-id]`);
      await expect(code).toHaveText(/^BBX-/);
      const lines = await linesPerPart(code);
      expect(lines.length, path).toBeGreaterThan(2);
      expect(
        lines.every((n) => n === 1),
        `${path}: ${lines.join(',')}`,
      ).toBe(true);
    }
  });

  test(`a failed cancel says so in the spec's words (${lang})`, async ({ page, request, hotel }) => {
    const guest = await apiGuest(request, `cxf${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/order/'));
    const order = page.locator(`[data-order="${reservation.id}"]`);
    await expect(order).toBeVisible();
    // Paid meanwhile (another tab): the API refuses the cancel.
    await apiPay(request, guest.accessToken, reservation.id);
    await order.getByRole('button', { name: a.orders.cancel }).click();
    await order.getByRole('button', { name: a.orders.cancelYes }).click();
    await expect(page.locator('[data-order-notice="failed"]')).toHaveText(
      lang === 'id' ? 'Gagal membatalkan pesanan' : 'Failed to cancel the booking',
    );
  });

  test(`a paid stay shows its pass, the host accepts the QR's token, and the pass opens offline (${lang})`, async ({
    page,
    request,
    hotel,
    context,
  }) => {
    const guest = await apiGuest(request, `stay${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await apiPay(request, guest.accessToken, reservation.id);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    await expect(page.locator('[data-account-sidebar] [data-pending-badge]')).toBeHidden();
    const stay = page.locator(`[data-stay="${reservation.id}"]`);
    await expect(stay.getByRole('heading', { name: hotel.name })).toBeVisible();
    await expect(stay.locator('[data-check-in]')).toContainText('14:00 WIB');
    await expect(stay.locator('[data-check-out]')).toContainText('12:00 WIB');
    await expect(stay.locator('[data-map-link]')).toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=/);
    await expect(stay).toContainText(guest.name);

    // The pass: a QR of at least 240 CSS px; read from its pixels (as the host's phone would), it
    // carries the token, which the host's call accepts.
    const pass = stay.locator('[data-stay-pass]');
    const qr = pass.locator('svg[data-qr]');
    const box = (await qr.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(240);
    const token = (await readQrCode(qr)).text;
    expect(token).toMatch(new RegExp(`^BBXSP1\\.${reservation.id}\\.`));
    expect(await pass.getAttribute('data-token')).toBe(token);
    const verified = await hostVerify(request, token);
    expect(verified.status()).toBe(200);
    expect(((await verified.json()) as { data: unknown }).data).toMatchObject({
      reservationId: reservation.id,
      guestName: guest.name,
      hotel: { id: hotel.id, name: hotel.name },
    });
    const tampered = token.replace(`.${reservation.id}.`, `.${reservation.id + 1}.`);
    expect((await hostVerify(request, tampered)).status()).toBe(400);

    // Add to calendar: an .ics download of this booking.
    const [download] = await Promise.all([page.waitForEvent('download'), stay.locator('[data-calendar]').click()]);
    expect(download.suggestedFilename()).toMatch(/^bobobox-BBX-.*\.ics$/);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/DTSTART;TZID=Asia\/Jakarta:\d{8}T140000\r\n/);

    await noSeriousViolations(page);
    await fitsTheScreen(page);

    // Offline: once the page says the pass is saved, a reload without a connection still shows it.
    await expect(pass.locator('[data-offline-ready]')).toHaveText(a.stays.passSaved, { timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-saved-pass]')).toContainText(a.stays.offlineNotice.split('{date}')[0]!.trim());
    await expect(page.locator(`[data-stay="${reservation.id}"] [data-stay-pass]`)).toHaveAttribute('data-token', token);
    await context.setOffline(false);
  });

  test(`the insurance add-on shows what the insurer answered: being issued, then its own policy number (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `ins${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    const headers = { Authorization: `Bearer ${guest.accessToken}` };
    const added = await request.put('/api/clients/v1/reservations/update', {
      form: { reservationId: String(reservation.id), isUseAddon: 'true' },
      headers,
    });
    expect(added.status(), await added.text()).toBe(200);
    await apiPay(request, guest.accessToken, reservation.id);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    const policy = page.locator(`[data-stay="${reservation.id}"] [data-insurance] [data-policy-status]`);
    // Paid: asked of the (sandbox) insurer, not issued yet; no number is shown.
    await expect(policy).toHaveAttribute('data-policy-status', 'requested');
    await expect(policy).toHaveText(a.stays.policyRequested);

    // The sync job asks the insurer (now), then asks again a minute later: issued, under its number.
    const sync = async (at: Date) => {
      const res = await request.post('/api/dev/fixtures/jobs/insurance.sync', {
        data: { userId: guest.user.id, at: at.toISOString() },
        headers: FROM_THIS_MACHINE,
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await sync(new Date());
    await sync(new Date(Date.now() + 5 * 60_000));
    await page.reload();
    await hydrated(page);
    await expect(policy).toHaveAttribute('data-policy-status', 'issued');
    await expect(policy).toHaveText(new RegExp(`^${a.stays.policy.replace('{number}', 'SBX-[0-9A-F]{10}')}$`));
    await noSeriousViolations(page);
  });

  test(`self check-in opens 1 hour before check-in on the check-in day, for a verified booker (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `sci${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await apiPay(request, guest.accessToken, reservation.id);
    const headers = { Authorization: `Bearer ${guest.accessToken}` };
    const detail = await request.get(`/api/clients/v1/reservations/view?reservationId=${reservation.id}`, { headers });
    const checkInDate = ((await detail.json()) as { data: { info: { checkIn: string } } }).data.info.checkIn.slice(
      0,
      10,
    );
    await signInPage(page, guest);
    await page.clock.setFixedTime(jakartaAt(checkInDate, '12:59:00'));
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    const panel = page.locator(`[data-stay="${reservation.id}"] [data-self-checkin]`);
    await expect(panel).toHaveAttribute('data-self-checkin', 'closed');
    await expect(panel.locator('[data-checkin-button]')).toBeDisabled();
    await expect(panel.locator('[data-checkin-why]')).toContainText('13:00 WIB');
    // In the window, but the ID is not verified yet.
    await page.clock.setFixedTime(jakartaAt(checkInDate, '13:01:00'));
    await expect(panel).toHaveAttribute('data-self-checkin', 'identity');
    await expect(panel.locator('[data-checkin-why]')).toHaveText(a.stays.selfCheckInIdentity);
    // The operator verifies the ID: open.
    const verify = await request.post('/api/dev/fixtures/identity', {
      data: { userId: guest.user.id, status: 'verified' },
      headers: FROM_THIS_MACHINE,
    });
    expect(verify.status()).toBe(200);
    await page.clock.setFixedTime(jakartaAt(checkInDate, '12:59:00'));
    await page.reload();
    await expect(panel).toHaveAttribute('data-self-checkin', 'closed');
    await expect(panel.locator('[data-identity="verified"]')).toHaveText(a.stays.identity.verified);
    await page.clock.setFixedTime(jakartaAt(checkInDate, '13:00:30'));
    await expect(panel).toHaveAttribute('data-self-checkin', 'open');
    await expect(panel.getByRole('link', { name: a.stays.selfCheckInOpen })).toBeVisible();
  });

  test(`a visitor goes to sign-in and comes back to the same account page (${lang})`, async ({ page, request }) => {
    const guest = await apiGuest(request, `gate${lang}`);
    const target = localizedPath(lang, '/my-account/my-stay/');
    await page.goto(`${target}?entry=bobocabin`);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === localizedPath(lang, '/signin/') &&
        url.searchParams.get('redirect') === `${target}?entry=bobocabin`,
    );
    await hydrated(page);
    await page.getByLabel(t.auth.username).fill(guest.email);
    await page.getByLabel(t.auth.password, { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === target && url.search === '?entry=bobocabin');
    await expect(page.locator('[data-account-empty]')).toHaveText(t.account.emptyStay);
    await noSeriousViolations(page);
    // Sign-out from the sidebar, entered from the cabin site: back to the cabin home, signed out.
    await page.locator('[data-account-sidebar]').getByRole('button', { name: t.account.signOut }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === localizedPath(lang, '/bobocabin/') && url.search === '?logout=true',
    );
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });
}

test('the account pages ship under the JavaScript budget @desktop', async ({ browser, request }) => {
  const guest = await apiGuest(request, 'budget');
  for (const path of ACCOUNT_PAGE_PATHS) {
    // A fresh browser context per page: nothing comes from the cache of the page before.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInPage(page, guest);
    const { total, scripts } = await pageScriptBytes(page, path);
    console.log(`[budget] ${path}: ${scripts.length} scripts, ${total} compressed bytes`);
    expect(total, path).toBeLessThan(ACCOUNT_JS_BUDGET);
    await context.close();
  }
});
