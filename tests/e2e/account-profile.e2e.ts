import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { Temporal } from '../../core/temporal.ts';
import { accountPointsEn } from '../../core/i18n/account-points-en.ts';
import { accountPointsId } from '../../core/i18n/account-points-id.ts';
import { accountProfileApiEn } from '../../core/i18n/account-profile-api-en.ts';
import { accountProfileApiId } from '../../core/i18n/account-profile-api-id.ts';
import { accountProfileEn } from '../../core/i18n/account-profile-en.ts';
import { accountProfileId } from '../../core/i18n/account-profile-id.ts';
import { formatDate } from '../../core/dates.ts';
import { fill } from '../../core/i18n/fill.ts';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { apiGuest, apiReservation, codeFor, hydrated, signInPage, uniqueGuest, WEB } from './journey-helpers.ts';

// The account area, part B, in both languages on a phone and a desktop: the Bobopoints page with its
// three tabs for a guest who has active, pending and past points (made through the API and the
// payment simulator; the browser's clock pinned for the earning date), the profile (a picture upload,
// an oversized one and a renamed non-image, both refused with nothing saved; an e-mail change
// confirmed by its code), account deletion refused with a scheduled stay and allowed without, and
// axe on both pages.

const copy = {
  en: { points: accountPointsEn, profile: accountProfileEn, api: accountProfileApiEn },
  id: { points: accountPointsId, profile: accountProfileId, api: accountProfileApiId },
} as const;

type Guest = Awaited<ReturnType<typeof apiGuest>>;
const auth = (g: Guest) => ({ Authorization: `Bearer ${g.accessToken}` });

/** Pay a waiting reservation by BCA VA through the simulator, optionally with Bobopoints. */
async function pay(request: APIRequestContext, guest: Guest, reservationId: number, points = 0) {
  if (points > 0) {
    const update = await request.put('/api/clients/v1/reservations/update', {
      headers: auth(guest),
      data: { reservationId, isUseGiftCertificate: true, giftCertificate: points, paymentChannelCode: 'bca_va' },
    });
    expect(update.status(), await update.text()).toBe(200);
  }
  const charge = await request.post('/api/clients/v1/payment/charge', {
    headers: auth(guest),
    data: { reservation_id: reservationId, payment_channel_code: 'bca_va', terms_accepted: true },
  });
  expect(charge.status(), await charge.text()).toBe(200);
  const order = ((await charge.json()) as { data: { order_id: string } }).data.order_id;
  const sim = await request.post(`/dev/payment-simulator/${order}/pay/`, { headers: FROM_THIS_MACHINE });
  expect(sim.ok()).toBe(true);
  await expect(async () => {
    const status = await request.get(`/api/clients/v1/payment/status?reservationId=${reservationId}`, {
      headers: auth(guest),
    });
    expect(((await status.json()) as { data: { payment_status: number } }).data.payment_status).toBe(2);
  }).toPass({ timeout: 15_000 });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** 10:00 in Jakarta on a date: the browser's "today" for the pending tab. */
const jakartaTen = (date: Temporal.PlainDate) =>
  new Date(date.toZonedDateTime({ timeZone: 'Asia/Jakarta', plainTime: '10:00' }).epochMilliseconds);

const phoneJpeg = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: '#3a77c2' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1' } })
    .toBuffer();

for (const { lang } of LANG_CASES) {
  const t = copy[lang];

  test(`Bobopoints: total, worth and expiry; the Active, Pending and History tabs (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    test.setTimeout(90_000);
    // Verified: 15,000 welcome points. One stay paid with 5,000 of them (it earns none), one paid in
    // full (15,000 pending until its check-out).
    const guest = await apiGuest(request, `pts${lang}`);
    await pay(request, guest, (await apiReservation(request, guest.accessToken, hotel.id)).id, 5_000);
    await pay(request, guest, (await apiReservation(request, guest.accessToken, hotel.id)).id);
    const pending = await request.get('/api/v1/status/pending', { headers: auth(guest) });
    const earnDate = ((await pending.json()) as { data: { items: { earn_date: string }[] } }).data.items[0]!.earn_date;
    const today = Temporal.Now.plainDateISO('Asia/Jakarta');
    const days = today.until(Temporal.PlainDate.from(earnDate)).days;
    expect(days).toBeGreaterThan(1);

    await page.clock.setFixedTime(jakartaTen(today));
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/point/'));
    await hydrated(page);
    await expect(page.locator('[data-points-total]')).toHaveText(fill(t.points.points, { points: '10.000' }));
    await expect(page.locator('[data-points-worth]')).toContainText(fill(t.points.worth, { amount: 'Rp 10.000' }));
    await expect(page.locator('[data-points-expiry]')).toHaveText(
      fill(t.points.expires, { date: formatDate(today.add({ years: 1 }).toString(), lang) }),
    );

    // Active: the welcome bonus.
    const tab = (name: string) => page.getByRole('tab', { name });
    await expect(tab(t.points.tabActive)).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('[data-points-entry]')).toHaveCount(1);
    await expect(panel.locator('[data-points-entry="welcome"]')).toContainText(t.points.kinds.welcome);
    await expect(panel.locator('[data-points-entry="welcome"] [data-points-amount]')).toHaveText('+15.000');

    // Pending: the stay's 15,000 with its earning date, counted from the browser's today.
    await tab(t.points.tabPending).click();
    await expect(tab(t.points.tabPending)).toHaveAttribute('aria-selected', 'true');
    const stay = panel.locator('[data-points-entry="stay"]');
    await expect(stay.locator('[data-points-amount]')).toHaveText('+15.000');
    await expect(stay.locator('[data-points-date]')).toHaveText(
      `${fill(t.points.earnOn, { date: formatDate(earnDate, lang) })} · ${fill(t.points.earnIn, { days })}`,
    );

    // History (keyboard: the arrow key moves to the next tab): the redemption and the welcome bonus.
    await tab(t.points.tabPending).press('ArrowRight');
    await expect(tab(t.points.tabHistory)).toBeFocused();
    await expect(tab(t.points.tabHistory)).toHaveAttribute('aria-selected', 'true');
    await expect(panel.locator('[data-points-entry]')).toHaveCount(2);
    await expect(panel.locator('[data-points-entry="redeem"] [data-points-amount]')).toHaveText('−5.000');
    await expect(panel.locator('[data-points-entry="redeem"]')).toContainText(t.points.kinds.redeem);
    expect(await seriousViolations(page)).toEqual([]);

    // On the earning date the pending line says so (the job activates it on the server that day).
    await page.clock.setFixedTime(jakartaTen(Temporal.PlainDate.from(earnDate)));
    await page.reload();
    await hydrated(page);
    await tab(t.points.tabPending).click();
    await expect(stay.locator('[data-points-date]')).toContainText(t.points.earnToday);

    // The gift-certificate view of the same balance.
    await page.getByRole('link', { name: t.points.giftLink }).click();
    await expect(page.locator('[data-gift-figure="balance"]')).toContainText('Rp 10.000');
    await expect(page.locator('[data-gift-figure="usable"]')).toContainText('Rp 10.000');
    await expect(page.locator('[data-gift-item="used"]')).toContainText('Rp 5.000');
  });

  test(`a guest without points sees the "no pending Bobopoints" notice (${lang}) @mobile`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `nopts${lang}`);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/point/Bobopoint/'));
    await hydrated(page);
    await page.getByRole('tab', { name: t.points.tabPending }).click();
    await expect(page.locator('[data-points-empty="pending"]')).toHaveText(t.points.emptyPending);
  });

  test(`profile: a picture upload, an oversized one and a renamed non-image refused, an e-mail change confirmed by code (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const guest = await apiGuest(request, `prof${lang}`);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    // Each file chooser (the picture, the ID card, the selfie) looks like a button to tap, not the bare
    // "Choose File" text the reset stylesheet leaves.
    const choosers = page.locator('input[type=file]');
    await expect(choosers).toHaveCount(3);
    for (const chooser of await choosers.all()) {
      const look = await chooser.evaluate((el) => {
        const button = getComputedStyle(el, '::file-selector-button');
        return { background: button.backgroundColor, padding: parseFloat(button.paddingLeft) };
      });
      expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(look.padding).toBeGreaterThan(0);
    }

    const input = page.getByLabel(t.profile.pictureChoose);
    await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg() });
    await expect(page.locator('[data-picture-notice]')).toHaveText(t.profile.updated);
    const picture = page.locator('img[data-profile-picture]');
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
    const src = await picture.getAttribute('src');
    expect(src).toMatch(/^\/api\/files\?id=/);

    // Over 2 MB: refused before it is sent (and the API refuses it too: 413, nothing saved).
    const big = Buffer.alloc(2 * 1024 * 1024 + 200_000, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await input.setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(page.locator('[data-picture-error]')).toHaveText(t.profile.tooLarge);
    const direct = await request.post('/api/clients/v1/my-account/upload-profile-picture', {
      headers: { ...auth(guest), 'Accept-Language': lang },
      multipart: { files: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: big } },
    });
    expect(direct.status()).toBe(413);
    expect(((await direct.json()) as { message: string }).message).toBe(t.api['uploads.tooLarge'](2));

    // A text file renamed .jpg: the API reads its bytes and refuses it.
    await input.setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these are notes, not a photo\n'.repeat(40)),
    });
    await expect(page.locator('[data-picture-error]')).toHaveText(t.api['uploads.notImage']);
    await expect(picture).toHaveAttribute('src', src!);
    const me = await request.get('/api/clients/v1/my-account', { headers: auth(guest) });
    expect(((await me.json()) as { data: { profile_picture_url: string } }).data.profile_picture_url).toBe(src);

    // A new e-mail: the old one stays until the code sent to the new one is entered.
    const next = uniqueGuest(`new${lang}`).email;
    await page.getByLabel(t.profile.email, { exact: true }).fill(next);
    await page.getByRole('button', { name: t.profile.save }).click();
    const confirm = page.locator('[data-confirm-change="email"]');
    await expect(confirm).toContainText(next);
    const before = await request.get('/api/clients/v1/my-account', { headers: auth(guest) });
    expect(((await before.json()) as { data: { email: string } }).data.email).toBe(guest.email);
    await confirm.getByLabel(t.profile.code).fill(await codeFor(request, next));
    await confirm.getByRole('button', { name: t.profile.verify }).click();
    await expect(page.locator('[data-profile-notice]')).toHaveText(t.profile.updated);
    await expect(confirm).toHaveCount(0);
    const after = await request.get('/api/clients/v1/my-account', { headers: auth(guest) });
    expect(((await after.json()) as { data: { email: string; is_email_verified: boolean } }).data).toMatchObject({
      email: next,
      is_email_verified: true,
    });
  });

  test(`account deletion: refused with a scheduled stay, allowed without (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    test.setTimeout(90_000);
    const booked = await apiGuest(request, `delb${lang}`);
    await pay(request, booked, (await apiReservation(request, booked.accessToken, hotel.id)).id);
    await signInPage(page, booked);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    await page.getByRole('button', { name: t.profile.deleteButton }).click();
    await expect(page.getByRole('alertdialog')).toContainText(t.profile.deleteConfirm);
    await page.getByRole('button', { name: t.profile.deleteYes }).click();
    await expect(page.locator('[data-delete-error]')).toHaveText(
      `${t.api['account.deletionBlocked']} ${t.api['account.blockedScheduledStay']}`,
    );
    const still = await request.get('/api/clients/v1/my-account', { headers: auth(booked) });
    expect(still.status()).toBe(200);

    const free = await apiGuest(request, `delf${lang}`);
    const other = await page.context().newPage();
    await signInPage(other, free);
    await other.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(other);
    await other.getByRole('button', { name: t.profile.deleteButton }).click();
    await other.getByRole('button', { name: t.profile.deleteYes }).click();
    // Signed out here and everywhere: home with logout=true, the stored session gone, the token dead.
    await expect(other).toHaveURL(new RegExp(`${lang === 'id' ? '/id' : ''}/\\?logout=true$`));
    expect(await other.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    const gone = await request.get('/api/clients/v1/my-account', { headers: auth(free) });
    expect(gone.status()).toBe(401);
    await other.close();
  });

  test(`signed-in devices: this one first and a phone; signing the others out ends the phone's session (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `dev${lang}`);
    // The same guest signs in on a phone too.
    const phone = await request.post('/api/oauth2/token', {
      form: { grant_type: 'password', client_id: WEB.client_id, username: guest.email, password: guest.password },
      headers: {
        'x-api-key': WEB.apiKey,
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      },
    });
    expect(phone.status(), await phone.text()).toBe(200);
    const phoneTokens = (await phone.json()) as { access_token: string; refresh_token: string };

    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    const section = page.getByRole('region', { name: t.profile.devicesTitle });
    const items = section.locator('[data-device]');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toHaveAttribute('data-device', 'current');
    await expect(items.first()).toContainText(t.profile.deviceThis);
    await expect(items.nth(1)).toContainText('Chrome 156 · Android');
    await expect(
      items.nth(1).getByRole('button', { name: new RegExp(`^${t.profile.deviceSignOut} Chrome 156`) }),
    ).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('[data-devices]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    await section.getByRole('button', { name: t.profile.devicesSignOutOthers }).click();
    await expect(section.locator('[data-devices-message]')).toHaveText(t.profile.devicesSignedOut);
    await expect(items).toHaveCount(1);
    await expect(section).toContainText(t.profile.devicesOnlyThis);
    // The phone's tokens are dead: its refresh is refused, its access token too; this page stays signed in.
    const refused = await request.post('/api/oauth2/token', {
      form: { grant_type: 'refresh_token', client_id: WEB.client_id, refresh_token: phoneTokens.refresh_token },
      headers: { 'x-api-key': WEB.apiKey },
    });
    expect(refused.status()).toBe(400);
    const me = await request.get('/api/clients/v1/my-account', {
      headers: { Authorization: `Bearer ${phoneTokens.access_token}` },
    });
    expect(me.status()).toBe(401);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-profile-page]')).toBeVisible();
  });
}
