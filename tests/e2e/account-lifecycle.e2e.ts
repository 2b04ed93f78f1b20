import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { Temporal } from '../../core/temporal.ts';
import { accountPointsEn } from '../../core/i18n/account-points-en.ts';
import { accountPointsId } from '../../core/i18n/account-points-id.ts';
import { accountProfileEn } from '../../core/i18n/account-profile-en.ts';
import { accountProfileId } from '../../core/i18n/account-profile-id.ts';
import { apiEn } from '../../core/i18n/api-en.ts';
import { apiId } from '../../core/i18n/api-id.ts';
import { fill } from '../../core/i18n/fill.ts';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { readQrCode } from '../helpers/qr-reader.ts';
import { ACCOUNT_PAGE_PATHS } from './account-budget.ts';
import { apiDoublePod, apiGuest, apiPay, apiReservation, hydrated, signInPage } from './journey-helpers.ts';

// The account area over time, in both languages on a phone and a desktop:
// - after check-out the stay is in the history and its points are pending, then active once the
//   activation job has run on the earning date: the page's API calls are answered at an injected
//   instant (the development fixture /api/dev/fixtures/at/<instant>/..., the same API with its clock
//   set) and the job runs at injected instants through /api/dev/fixtures/jobs/points.activate;
// - the ID verification states after the operator's command (`npm run ops -- identity ...`, run by
//   /api/dev/fixtures/ops inside the server, whose embedded database the command line may not open);
// - a deleted account reactivated by the operator signs in again; after the 30-day purge (the job at
//   an injected instant) its personal data is gone and signing in fails;
// - signed-out visitors of the points and profile pages go to sign-in and come back;
// - axe-core on every account page, signed in, for a guest with an order, a stay (whose pass is read
//   from its pixels and whose secondary guest is listed) and points.

test.describe.configure({ timeout: 120_000 });
// The My stay page's service worker would answer API calls itself, out of the routes' reach.
test.use({ serviceWorkers: 'block' });

const copy = {
  en: { points: accountPointsEn, profile: accountProfileEn, api: apiEn },
  id: { points: accountPointsId, profile: accountProfileId, api: apiId },
} as const;

type Guest = Awaited<ReturnType<typeof apiGuest>>;
const auth = (g: Guest) => ({ Authorization: `Bearer ${g.accessToken}` });

/** Pay a waiting reservation by BCA VA through the payment simulator. */
/** The operator command, run inside the e2e server (api/operator.ts). */
async function ops(request: APIRequestContext, args: string[], at?: Date) {
  const res = await request.post('/api/dev/fixtures/ops', {
    data: { args, ...(at ? { at: at.toISOString() } : {}) },
    headers: FROM_THIS_MACHINE,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { code: number; out: string[] } }).data;
}

/** An account job at an injected instant, for one guest (server/dev/test-fixtures.routes.ts). */
async function runJob(request: APIRequestContext, job: 'points.activate' | 'accounts.purge', userId: number, at: Date) {
  const res = await request.post(`/api/dev/fixtures/jobs/${job}`, {
    data: { userId, at: at.toISOString() },
    headers: FROM_THIS_MACHINE,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { result: unknown } }).data.result;
}

/**
 * From now on the page's API calls are answered at `at`, and its own clock reads `at` too: the
 * account area as the guest sees it on that day.
 */
async function pageAt(page: Page, at: Date) {
  await page.clock.setFixedTime(at);
  await page.route(
    (url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/dev/'),
    async (route) => {
      const req = route.request();
      const url = new URL(req.url());
      url.pathname = `/api/dev/fixtures/at/${at.toISOString()}${url.pathname}`;
      const headers = req.headers();
      await route.continue({
        url: url.href,
        headers: { ...headers, 'x-forwarded-for': '127.0.0.1', 'x-fixture-client': headers['x-forwarded-for'] ?? '' },
      });
    },
  );
}

/** A Jakarta wall-clock time on a day, as a Date. */
const jakartaAt = (date: string, time: string) =>
  new Date(Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime('Asia/Jakarta').epochMilliseconds);

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const photo = (background: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .jpeg()
    .toBuffer();

for (const { lang } of LANG_CASES) {
  const t = dict[lang];
  const c = copy[lang];

  test(`after check-out the stay is in the history with its points pending, active once the job runs on the earning date (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `out${lang}`);
    const reservation = await apiReservation(request, guest.accessToken, hotel.id);
    await apiPay(request, guest.accessToken, reservation.id);
    const pending = await request.get('/api/v1/status/pending', { headers: auth(guest) });
    const items = ((await pending.json()) as { data: { items: { earn_date: string }[] } }).data.items;
    expect(items).toHaveLength(1);
    const earnDate = items[0]!.earn_date;
    const view = await request.get(`/api/clients/v1/reservations/view?reservationId=${reservation.id}`, {
      headers: auth(guest),
    });
    const checkOut = ((await view.json()) as { data: { info: { checkOut: string } } }).data.info.checkOut;
    // The earning date is the check-out day.
    expect(checkOut.slice(0, 10)).toBe(earnDate);

    // A minute before the earning date: the job finds nothing due for this guest.
    const eve = Temporal.PlainDate.from(earnDate).subtract({ days: 1 }).toString();
    expect(await runJob(request, 'points.activate', guest.user.id, jakartaAt(eve, '23:59:00'))).toEqual({
      activated: 0,
      cancelled: 0,
    });

    // 13:00 on the check-out day (check-out was at 12:00): the stay is over.
    const afterCheckOut = jakartaAt(earnDate, '13:00:00');
    await pageAt(page, afterCheckOut);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    await expect(page.locator('[data-account-empty]')).toHaveText(t.account.emptyStay);
    await page.goto(localizedPath(lang, '/my-account/history/'));
    const item = page.locator(`[data-history="${reservation.id}"]`);
    await expect(item).toHaveAttribute('data-status', 'completed');
    await expect(item.locator('[data-status-label]')).toHaveText(c.api['reservations.stayCompleted']);
    await expect(item).toContainText(hotel.name);
    expect(await seriousViolations(page)).toEqual([]);

    // Points: the welcome bonus is active; the stay's 15,000 are pending, earned today.
    await page.goto(localizedPath(lang, '/my-account/point/'));
    await hydrated(page);
    await expect(page.locator('[data-points-total]')).toHaveText(fill(c.points.points, { points: '15.000' }));
    const tab = (name: string) => page.getByRole('tab', { name });
    const panel = page.getByRole('tabpanel');
    await tab(c.points.tabPending).click();
    const stayPoints = panel.locator('[data-points-entry="stay"]');
    await expect(stayPoints.locator('[data-points-amount]')).toHaveText('+15.000');
    await expect(stayPoints.locator('[data-points-date]')).toContainText(c.points.earnToday);
    expect(await seriousViolations(page)).toEqual([]);

    // The activation job runs that day: the points join the balance.
    expect(await runJob(request, 'points.activate', guest.user.id, afterCheckOut)).toEqual({
      activated: 1,
      cancelled: 0,
    });
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-points-total]')).toHaveText(fill(c.points.points, { points: '30.000' }));
    await expect(page.locator('[data-points-worth]')).toContainText(fill(c.points.worth, { amount: 'Rp 30.000' }));
    await expect(panel.locator('[data-points-entry="stay"] [data-points-amount]')).toHaveText('+15.000');
    await tab(c.points.tabPending).click();
    await expect(page.locator('[data-points-empty="pending"]')).toHaveText(c.points.emptyPending);
    // A replayed job changes nothing.
    expect(await runJob(request, 'points.activate', guest.user.id, afterCheckOut)).toEqual({
      activated: 0,
      cancelled: 0,
    });
  });

  test(`the ID verification state follows the operator's command: rejected, sent again, verified (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `idv${lang}`);
    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    const state = page.locator('[data-identity-state]');
    await expect(state).toHaveAttribute('data-identity-state', 'not_submitted');
    const send = async () => {
      await page.getByLabel(c.profile.idCard, { exact: true }).setInputFiles({
        name: 'ktp.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo('#2d6cdf'),
      });
      await page.getByLabel(c.profile.selfie, { exact: true }).setInputFiles({
        name: 'selfie.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo('#c27c3a'),
      });
      await page.getByRole('button', { name: c.profile.submitIdentity }).click();
      await expect(page.locator('[data-identity-notice]')).toHaveText(c.profile.identitySent);
      await expect(state).toHaveAttribute('data-identity-state', 'submitted');
    };
    await send();
    await expect(state).toContainText(c.profile.identityStates.submitted);

    // The thumbnails come through the guest's own signed-in request (object URLs, nothing cached);
    // the path they come from, opened by a signed-out browser, is refused.
    const thumbs = page.locator('[data-private-picture]');
    await expect(thumbs).toHaveCount(2);
    for (const img of await thumbs.all()) {
      await expect(img).toHaveAttribute('src', /^blob:/);
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    const refused = await request.get('/api/clients/v1/my-account/identity-files/id-card', {
      headers: { 'accept-language': lang },
    });
    expect(refused.status()).toBe(401);

    // The operator sees the state and how to look (an audited command, no link), then rejects.
    const shown = await ops(request, ['identity', guest.email]);
    expect(shown.code).toBe(0);
    expect(shown.out[0]).toBe(`#${guest.user.id} ${guest.email}: submitted`);
    expect(shown.out.slice(1, 3).join('\n')).toMatch(
      /^ {2}ID card: on file since \S+\n {2}selfie: +on file since \S+$/,
    );
    expect(await ops(request, ['identity', guest.email, 'reject'])).toEqual({
      code: 0,
      out: [`#${guest.user.id} ${guest.email}: submitted -> rejected`],
    });
    await page.reload();
    await hydrated(page);
    await expect(state).toHaveAttribute('data-identity-state', 'rejected');
    await expect(state).toContainText(c.profile.identityStates.rejected);
    expect(await seriousViolations(page)).toEqual([]);

    // A rejected guest sends again; the operator approves: verified, and nothing more to send.
    await send();
    expect((await ops(request, ['identity', String(guest.user.id), 'approve'])).out).toEqual([
      `#${guest.user.id} ${guest.email}: submitted -> verified`,
    ]);
    await page.reload();
    await hydrated(page);
    await expect(state).toHaveAttribute('data-identity-state', 'verified');
    await expect(state).toContainText(c.profile.identityStates.verified);
    await expect(page.locator('[data-identity-form]')).toHaveCount(0);
    // Approving twice changes nothing, and says so.
    expect((await ops(request, ['identity', guest.email, 'approve'])).code).toBe(1);
  });

  test(`a deleted account is reactivated by the operator, and after the 30-day purge it is gone (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `life${lang}`);
    const signIn = async () => {
      await page.goto(
        `${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, '/my-account/profile/'))}`,
      );
      await hydrated(page);
      await page.getByLabel(t.auth.username).fill(guest.email);
      await page.getByLabel(t.auth.password, { exact: true }).fill(guest.password);
      await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
    };
    const deleteFromProfile = async () => {
      await page.getByRole('button', { name: c.profile.deleteButton }).click();
      await page.getByRole('button', { name: c.profile.deleteYes }).click();
      await expect(page).toHaveURL(new RegExp(`${lang === 'id' ? '/id' : ''}/\\?logout=true$`));
    };

    await signInPage(page, guest);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    await deleteFromProfile();
    const deletedAt = new Date();
    await signIn();
    await expect(page.locator('[data-form-error]')).toHaveText(c.api['account.deactivated']);

    // Customer service reactivates it: the guest signs in again and lands on the page asked for.
    const back = await ops(request, ['reactivate', guest.email]);
    expect(back).toEqual({
      code: 0,
      out: [`#${guest.user.id} ${guest.email}: reactivated; the guest can sign in again.`],
    });
    await signIn();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    await expect(page.getByLabel(c.profile.email, { exact: true })).toHaveValue(guest.email);

    // Deleted again, and never reactivated: 29 days on the purge leaves it; 31 days on it erases it.
    await deleteFromProfile();
    const day = 86_400_000;
    expect(await runJob(request, 'accounts.purge', guest.user.id, new Date(deletedAt.getTime() + 29 * day))).toBe(0);
    const purgeAt = new Date(Date.now() + 31 * day);
    const tooLate = await ops(request, ['reactivate', guest.email], purgeAt);
    expect(tooLate.code).toBe(1);
    expect(tooLate.out[0]).toContain('cannot be reactivated');
    expect(await runJob(request, 'accounts.purge', guest.user.id, purgeAt)).toBe(1);
    expect(await runJob(request, 'accounts.purge', guest.user.id, purgeAt)).toBe(0);

    // The personal data is gone: no account answers to the e-mail, the profile is blank, sign-in fails.
    expect(await ops(request, ['identity', guest.email])).toEqual({
      code: 1,
      out: [`No account matches ${JSON.stringify(guest.email)}.`],
    });
    const erased = await ops(request, ['identity', String(guest.user.id)]);
    expect(erased.out[0]).toBe(`#${guest.user.id} deleted-${guest.user.id}@deleted.invalid: not_submitted`);
    await signIn();
    await expect(page.locator('[data-form-error]')).toHaveText(c.api['auth.invalidCredentials']);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test(`a visitor of the points and profile pages goes to sign-in and comes back to the same page (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `gp${lang}`);
    for (const path of ['/my-account/point/GiftCertificate/', '/my-account/profile/']) {
      const target = localizedPath(lang, path);
      await page.goto(`${target}?from=mail`);
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === localizedPath(lang, '/signin/') &&
          url.searchParams.get('redirect') === `${target}?from=mail`,
      );
      await hydrated(page);
      await page.getByLabel(t.auth.username).fill(guest.email);
      await page.getByLabel(t.auth.password, { exact: true }).fill(guest.password);
      await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === target && url.search === '?from=mail');
      await hydrated(page);
      if (path.includes('Gift')) await expect(page.locator('[data-gift-figure="balance"]')).toContainText('Rp 15.000');
      else await expect(page.getByLabel(c.profile.email, { exact: true })).toHaveValue(guest.email);
      // Signed out again for the next page.
      await page.evaluate(() => localStorage.clear());
    }
  });

  test(`every account page passes axe-core, signed in with an order, a stay and points; the pass reads back and the secondary guest shows (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const guest = await apiGuest(request, `axe${lang}`);
    const friend = await apiGuest(request, `axf${lang}`);
    const stay = await apiDoublePod(request, guest.accessToken, hotel.id);
    const named = await request.put('/api/clients/v1/reservations/update', {
      headers: auth(guest),
      data: { reservationId: stay, secondaryGuests: [friend.email] },
    });
    expect(named.status(), await named.text()).toBe(200);
    // The friend is on the stay once they accept the invitation in their own account.
    const invited = await request.get('/api/clients/v1/stays/invitations', { headers: auth(friend) });
    const [invitation] = ((await invited.json()) as { data: { shareId: number }[] }).data;
    const accepted = await request.post('/api/clients/v1/stays/invitations/accept', {
      headers: auth(friend),
      data: { shareId: invitation!.shareId },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await apiPay(request, guest.accessToken, stay);
    const order = await apiReservation(request, guest.accessToken, hotel.id);
    await signInPage(page, guest);

    const ready: Record<(typeof ACCOUNT_PAGE_PATHS)[number], string> = {
      '/my-account/': `[data-order="${order.id}"]`,
      '/my-account/order/': `[data-order="${order.id}"]`,
      '/my-account/history/': '[data-account-empty]',
      '/my-account/my-stay/': `[data-stay="${stay}"]`,
      '/my-account/point/': '[data-points-summary]',
      '/my-account/point/Bobopoint/': '[data-points-summary]',
      '/my-account/point/GiftCertificate/': '[data-gift-figure="balance"]',
      '/my-account/profile/': '[data-profile-page]',
    };
    for (const path of ACCOUNT_PAGE_PATHS) {
      await page.goto(localizedPath(lang, path));
      await hydrated(page);
      await expect(page.locator(ready[path]).first()).toBeVisible();
      if (path === '/my-account/my-stay/') {
        const card = page.locator(`[data-stay="${stay}"]`);
        await expect(card.locator('[data-secondary-guest]')).toHaveText(
          `${t.accountArea.stays.secondaryGuest}: ${friend.name}`,
        );
        const token = (await readQrCode(card.locator('svg[data-qr]'))).text;
        expect(token).toMatch(new RegExp(`^BBXSP1\\.${stay}\\.`));
      }
      expect(await seriousViolations(page), `${lang} ${path}`).toEqual([]);
    }
  });
}
