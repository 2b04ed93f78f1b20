import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dict, localizedPath } from '../helpers/i18n.ts';
import type { Lang } from '../../core/locales.ts';
import { apiGuest, hydrated } from './journey-helpers.ts';
import { accountProfileEn } from '../../core/i18n/account-profile-en.ts';

// Issue 27, item 3: a shared device keeps nothing of the last guest. Wherever the session ends (the
// header's account menu or the phone's menu, the account sidebar, a refresh the API refuses, deleting
// the account, or a sign-out in another tab), every storage area of the page is read afterwards: local
// and session storage, IndexedDB, the service worker's caches and registrations, and the account's
// cookies. Before each sign-out the test checks those areas do hold the guest's traces (the saved My
// stay, the offline page's cache, a database), so an empty result means they were cleared.

type Guest = Awaited<ReturnType<typeof apiGuest>>;

/** Everything the page can see of what the site keeps in this browser. */
async function storageOf(page: Page) {
  return page.evaluate(async () => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
    databases: (await indexedDB.databases()).map((d) => d.name).sort(),
    caches: (await caches.keys()).sort(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    cookies: document.cookie
      .split(';')
      .map((c) => c.trim().split('=')[0])
      .filter((name) => name === 'isLoggedIn' || name === 'auth_token'),
  }));
}
/**
 * What is left of the guest: every area but what the home page starts afresh after the sign-out for
 * anyone (no person behind either): the tracker's new random browser id, and the web client's
 * anonymous token.
 */
async function guestTraces(page: Page) {
  const left = await storageOf(page);
  return {
    ...left,
    local: left.local.filter((key) => key !== 'bbxClientId'),
    session: left.session.filter((key) => key !== 'clientToken'),
  };
}
const NOTHING = { local: [], session: [], databases: [], caches: [], workers: 0, cookies: [] };

/** Signed in as `guest` (the way the site keeps a session), on My stay, with its traces in every area. */
async function signedInWithTraces(page: Page, guest: Guest, lang: Lang) {
  await page.goto(localizedPath(lang, '/'));
  await page.evaluate((g) => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('auth', btoa(JSON.stringify({ accessToken: g.accessToken, refreshToken: g.refreshToken })));
    localStorage.setItem('profile', JSON.stringify(g.user));
    document.cookie = 'isLoggedIn=true; path=/';
  }, guest);
  await page.goto(localizedPath(lang, '/my-account/my-stay/'));
  await hydrated(page);
  await expect(page.locator('[data-account-empty]')).toBeVisible();
  // What a guest's device accumulates: the offline page's cache and worker, a database, the booking
  // flow's session values.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/stay-pass-sw.js', { scope: location.pathname });
    // Once the worker is active (it deletes caches other than its own when it activates), its cache
    // holds the page, as when the guest keeps My stay for offline use.
    await navigator.serviceWorker.ready;
    await (await caches.open('stay-pass-v1')).put(location.pathname, new Response('my stay'));
    await new Promise((resolve) => {
      const open = indexedDB.open('bobobox-traces');
      open.onsuccess = () => {
        open.result.close();
        resolve(null);
      };
    });
    sessionStorage.setItem('lastSearch', '/search/?hotel=1');
  });
  const before = await storageOf(page);
  expect(before.local).toEqual(expect.arrayContaining(['isLoggedIn', 'auth', 'profile']));
  expect(before.caches.length).toBeGreaterThan(0);
  expect(before.databases).toContain('bobobox-traces');
  expect(before.workers).toBeGreaterThan(0);
}

const home = (lang: Lang) => new RegExp(`${lang === 'id' ? '/id' : ''}/\\?logout=true$`);

test.describe('signing out forgets the device', () => {
  test('from the header (the account menu, or the menu on a phone): nothing left, the session revoked (en)', async ({
    page,
    request,
  }, info) => {
    const lang = 'en';
    const guest = await apiGuest(request, 'soheader');
    await signedInWithTraces(page, guest, lang);
    await page.goto(localizedPath(lang, '/'));
    if (info.project.name === 'mobile') {
      await page.getByRole('button', { name: dict[lang].a11y.openMenu }).click();
      await page.locator('[data-offcanvas]').getByRole('button', { name: dict[lang].account.signOut }).click();
    } else {
      await page.locator('[data-account-toggle]').click();
      await page
        .getByRole('menu', { name: dict[lang].header.accountMenu })
        .getByRole('menuitem', { name: dict[lang].account.signOut })
        .click();
    }
    await expect(page).toHaveURL(home(lang));
    expect(await guestTraces(page)).toEqual(NOTHING);
    const me = await request.get('/api/clients/v1/my-account', {
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(me.status()).toBe(401);
  });

  test('from the account sidebar (id)', async ({ page, request }) => {
    const lang = 'id';
    const guest = await apiGuest(request, 'sosidebar');
    await signedInWithTraces(page, guest, lang);
    await page.locator('[data-account-sidebar]').getByRole('button', { name: dict[lang].account.signOut }).click();
    await expect(page).toHaveURL(home(lang));
    expect(await guestTraces(page)).toEqual(NOTHING);
  });

  test('when the API refuses the refresh (en)', async ({ page, request }) => {
    const lang = 'en';
    const guest = await apiGuest(request, 'sorefresh');
    await signedInWithTraces(page, guest, lang);
    // Both tokens dead (as after a password reset elsewhere): the next call's refresh is refused.
    await page.evaluate(() =>
      localStorage.setItem(
        'auth',
        btoa(JSON.stringify({ accessToken: 'expired.access.token', refreshToken: 'revoked-refresh' })),
      ),
    );
    await page.goto(localizedPath(lang, '/my-account/order/'));
    await expect(page).toHaveURL(home(lang));
    expect(await guestTraces(page)).toEqual(NOTHING);
  });

  test('in another tab: this tab follows, and a page with the guest data goes home (id)', async ({ page, request }) => {
    const lang = 'id';
    const guest = await apiGuest(request, 'sotab');
    await signedInWithTraces(page, guest, lang);
    const other = await page.context().newPage();
    await other.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(other);
    await other.locator('[data-account-sidebar]').getByRole('button', { name: dict[lang].account.signOut }).click();
    await expect(other).toHaveURL(home(lang));
    // The first tab was on My stay: it went home too, and shows a signed-out header.
    await expect(page).toHaveURL(home(lang));
    expect(await guestTraces(page)).toEqual(NOTHING);
    await other.close();
  });

  test('after deleting the account (en)', async ({ page, request }) => {
    const lang = 'en';
    const guest = await apiGuest(request, 'sodelete');
    await signedInWithTraces(page, guest, lang);
    await page.goto(localizedPath(lang, '/my-account/profile/'));
    await hydrated(page);
    await page.getByRole('button', { name: accountProfileEn.deleteButton }).click();
    await page.getByRole('button', { name: accountProfileEn.deleteYes }).click();
    await expect(page).toHaveURL(home(lang));
    expect(await guestTraces(page)).toEqual(NOTHING);
  });
});
