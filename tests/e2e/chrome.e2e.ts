import { expect, test } from './fixtures.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { getSiteSettings } from '../../site/lib/content/content.ts';
import { hydrated } from './journey-helpers.ts';

/** The label the site-settings document gives an internal footer link. */
async function settingsLabel(lang: 'en' | 'id', url: string) {
  const settings = await getSiteSettings(lang);
  const link = settings.footerGroups.flatMap((g) => g.links).find((l) => l.url === url);
  if (!link) throw new Error(`no footer link to ${url} in site settings`);
  return link.label;
}

const signedIn = (name: string) => {
  const tokens = btoa(JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'r' }));
  return `localStorage.setItem('isLoggedIn','true');localStorage.setItem('auth','${tokens}');localStorage.setItem('profile',JSON.stringify({id:7,name:${JSON.stringify(name)}}));`;
};

test.describe('header', () => {
  test('turns sticky after 100 px of scroll and is shown after 400 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('[data-site-header]');
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await page.evaluate(() => window.scrollTo(0, 99));
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(header).toHaveAttribute('data-sticky', 'true');
    await expect(header).toHaveAttribute('data-shown', 'false');
    await expect(header).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 450));
    await expect(header).toHaveAttribute('data-shown', 'true');
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-sticky', 'false');
  });

  for (const { lang, prefix } of LANG_CASES) {
    test(`signed out shows promo, sign in and register (${lang})`, async ({ page, isMobile }) => {
      await page.goto(`${prefix}/`);
      const nav = page.getByRole('navigation', { name: dict[lang].a11y.mainNav }).first();
      await expect(nav.getByRole('link', { name: dict[lang].header.promo })).toHaveAttribute(
        'href',
        localizedPath(lang, '/promo/'),
      );
      if (!isMobile) {
        await expect(nav.getByRole('link', { name: dict[lang].header.signIn })).toHaveAttribute(
          'href',
          localizedPath(lang, '/signin/'),
        );
        await expect(nav.getByRole('link', { name: dict[lang].header.register })).toHaveAttribute(
          'href',
          localizedPath(lang, '/signup/'),
        );
      }
    });
  }

  test('signed in shows a greeting and the account dropdown; sign out clears the session @desktop', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(signedIn('Sari'));
    await page.reload();
    const toggle = page.locator('[data-account-toggle]');
    await expect(toggle).toContainText('Hi, Sari');
    await expect(page.getByRole('link', { name: dict.en.header.signIn })).toHaveCount(0);
    await toggle.click();
    const menu = page.getByRole('menu', { name: dict.en.header.accountMenu });
    await expect(menu).toBeVisible();
    for (const key of ['stay', 'order', 'history', 'point', 'profile'] as const) {
      await expect(menu.getByRole('menuitem', { name: dict.en.account[key] })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('menuitem', { name: dict.en.account.signOut }).click();
    await expect(page).toHaveURL(/\/\?logout=true$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('isLoggedIn'),
        localStorage.getItem('auth'),
        localStorage.getItem('profile'),
      ]),
    ).toEqual([null, null, null]);
    await expect(page.getByRole('link', { name: dict.en.header.signIn })).toBeVisible();
  });
});

test.describe('off-canvas menu @mobile', () => {
  for (const { lang, prefix } of LANG_CASES) {
    const other = lang === 'en' ? 'id' : 'en';
    test(`the language radio switches to the same page in the other language (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/faq/?from=menu`);
      await page.getByRole('button', { name: dict[lang].a11y.openMenu }).click();
      const menu = page.getByRole('dialog', { name: dict[lang].a11y.mainNav });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('radio', { name: lang.toUpperCase() })).toBeChecked();
      await menu.getByRole('radio', { name: other.toUpperCase() }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === localizedPath(other, '/faq/') && url.search === '?from=menu',
      );
      await expect(page.locator('html')).toHaveAttribute('lang', other);
    });

    test(`holds sign in, register and the footer link groups, and closes with Escape (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/`);
      const opener = page.getByRole('button', { name: dict[lang].a11y.openMenu });
      await opener.click();
      const menu = page.getByRole('dialog', { name: dict[lang].a11y.mainNav });
      await expect(menu.getByRole('link', { name: dict[lang].header.signIn })).toHaveAttribute(
        'href',
        localizedPath(lang, '/signin/'),
      );
      await expect(menu.getByRole('link', { name: dict[lang].header.register })).toHaveAttribute(
        'href',
        localizedPath(lang, '/signup/'),
      );
      for (const url of ['/partnership/', '/terms-condition/', '/privacy-policy/']) {
        await expect(menu.getByRole('link', { name: await settingsLabel(lang, url), exact: true })).toHaveAttribute(
          'href',
          localizedPath(lang, url),
        );
      }
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(opener).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('signed in, the menu holds the greeting and the account items', async ({ page }) => {
    await page.addInitScript(signedIn('Budi'));
    await page.goto('/id/');
    await page.getByRole('button', { name: dict.id.a11y.openMenu }).click();
    const menu = page.getByRole('dialog', { name: dict.id.a11y.mainNav });
    await expect(menu.getByText('Hai, Budi')).toBeVisible();
    await expect(menu.getByRole('link', { name: dict.id.header.signIn })).toBeHidden();
    for (const key of ['stay', 'order', 'history', 'point', 'profile'] as const) {
      await expect(menu.getByRole('link', { name: dict.id.account[key] })).toHaveAttribute(
        'href',
        /^\/id\/my-account\//,
      );
    }
  });
});

test.describe('footer', () => {
  for (const { lang, prefix } of LANG_CASES) {
    test(`holds the link groups, contact, payment logos, social icons, app badges and newsletter form (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${prefix}/`);
      const footer = page.locator('[data-site-footer]');
      const settings = await getSiteSettings(lang);
      expect(settings.footerGroups.map((g) => g.key)).toEqual(['about', 'product', 'business', 'support', 'contact']);
      for (const group of settings.footerGroups) {
        await expect(footer.getByRole('heading', { name: group.title, exact: true })).toBeVisible();
        for (const link of group.links) {
          await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
            'href',
            link.external ? link.url : localizedPath(lang, link.url),
          );
        }
      }
      for (const line of settings.contact.tradeRegistrations) await expect(footer.getByText(line)).toBeVisible();
      for (const bank of ['BCA', 'Mandiri', 'BRI', 'BNI', 'CIMB', 'Danamon', 'GoPay']) {
        await expect(footer.getByRole('img', { name: bank, exact: true })).toBeVisible();
      }
      for (const social of ['Facebook', 'Instagram', 'Twitter', 'YouTube']) {
        await expect(footer.getByRole('link', { name: social })).toBeVisible();
      }
      await expect(footer.getByRole('link', { name: dict[lang].footer.appStore })).toBeVisible();
      await expect(footer.getByRole('link', { name: dict[lang].footer.playStore })).toBeVisible();
      await expect(footer.getByRole('textbox', { name: dict[lang].footer.newsletterLabel })).toHaveAttribute(
        'type',
        'email',
      );
      await expect(footer.locator('a[href^="https://wa.me/"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    });
  }

  for (const { lang, prefix } of LANG_CASES) {
    test(`SEO text shows one section and five more behind see more / hide (${lang})`, async ({ page }) => {
      const settings = await getSiteSettings(lang);
      expect(settings.seoSections).toHaveLength(6);
      await page.goto(`${prefix}/`);
      const footer = page.locator('[data-site-footer]');
      await expect(footer.getByRole('heading', { name: settings.seoSections[0]!.title })).toBeVisible();
      const more = footer.getByRole('heading', { name: settings.seoSections[5]!.title });
      await expect(more).toBeHidden();
      const toggle = footer.getByRole('button', { name: dict[lang].footer.seeMore });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      for (const section of settings.seoSections.slice(1))
        await expect(footer.getByRole('heading', { name: section.title })).toBeVisible();
      const hide = footer.getByRole('button', { name: dict[lang].footer.hide });
      await expect(hide).toHaveAttribute('aria-expanded', 'true');
      await hide.click();
      await expect(more).toBeHidden();
    });
  }
});

test.describe('breadcrumb', () => {
  for (const { lang, prefix } of LANG_CASES) {
    test(`Home > page on faq, about, terms, privacy, promo, why and contact (${lang})`, async ({ page }) => {
      for (const path of [
        '/faq/',
        '/about/',
        '/terms-condition/',
        '/privacy-policy/',
        '/promo/',
        '/why-bobobox/',
        '/contact/',
      ]) {
        await page.goto(`${prefix}${path}`);
        const crumbs = page.getByRole('navigation', { name: dict[lang].a11y.breadcrumb });
        await expect(crumbs.getByRole('link', { name: dict[lang].breadcrumb.home }), path).toHaveAttribute(
          'href',
          localizedPath(lang, '/'),
        );
        const current = crumbs.locator('[aria-current=page]');
        await expect(current, path).toHaveCount(1);
        expect((await current.textContent())?.trim().length, path).toBeGreaterThan(0);
      }
      await page.goto(`${prefix}/`);
      await expect(page.getByRole('navigation', { name: dict[lang].a11y.breadcrumb })).toHaveCount(0);
    });
  }
});

test.describe('global UI', () => {
  test('online/offline state is tracked and announced', async ({ page, context }) => {
    await page.goto('/id/');
    const banner = page.getByText(dict.id.a11y.offline);
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-online', 'false');
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  });

  test('a script that fails to load while offline waits for the connection before reloading', async ({
    page,
    context,
  }) => {
    // The home page's filter loads the API client on the guest's first move; a guest who loses the
    // connection just then must keep the page and see the banner, not the browser's own offline page,
    // and get a whole page back (one reload) once the connection returns.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const chunk = '**/_astro/api-client.*.js';
    await page.route(chunk, async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/id/');
    await hydrated(page);
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api-client.'));
    await page.mouse.move(40, 200);
    await page.mouse.move(60, 220);
    await context.setOffline(true);
    release?.();
    await failed;
    // The failure is seen once the page has run its handlers; a reload would have replaced it by now.
    await expect(page.getByText(dict.id.a11y.offline)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-online', 'false');
    expect(page.url()).toMatch(/\/id\/$/);
    expect(loads).toBe(1);
    await page.unroute(chunk);
    await context.setOffline(false);
    await expect.poll(() => loads).toBe(2);
    await expect(page.getByText(dict.id.a11y.offline)).toBeHidden();
  });
});

test.describe('newsletter', () => {
  test('subscribes, then refuses the same e-mail twice, in Indonesian @desktop', async ({ page }) => {
    await page.goto('/id/');
    const footer = page.locator('[data-site-footer]');
    const input = footer.getByRole('textbox', { name: dict.id.footer.newsletterLabel });
    const submit = footer.getByRole('button', { name: dict.id.footer.newsletterSubmit });
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/clients/v1/subscribe')) posted += 1;
    });
    await submit.click(); // empty: silently not submitted
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(posted).toBe(0);
    const email = `langganan-${Date.now()}@contoh.com`;
    await input.fill(email);
    await submit.click();
    const dialog = page.getByRole('dialog', { name: dict.id.footer.newsletterAlertTitle });
    await expect(dialog).toContainText('Terima kasih sudah berlangganan, email kamu sudah kita simpan ya!');
    await expect(input).toHaveValue('');
    await dialog.getByRole('button', { name: dict.id.ui.alertClose }).click();
    await expect(dialog).toBeHidden();
    await input.fill(email);
    await submit.click();
    await expect(dialog).toContainText('Email kamu sudah terdaftar sebelumnya.');
    await expect(input).toHaveValue(email);
    expect(posted).toBe(2);
  });
});

test.describe('phone layout @mobile', () => {
  for (const { lang, prefix } of LANG_CASES) {
    test(`no page is wider than the phone, even signed in with a long name (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/`);
      await page.evaluate(signedIn('Maria Fransiska Kristiani Wulandari Putri'));
      for (const path of [
        '/',
        '/search/',
        '/search/6-bobobox-malioboro/',
        '/promo/',
        '/faq/',
        '/terms-condition/',
        '/bobocabin/',
        '/signin/',
        '/nope/',
      ]) {
        await page.goto(`${prefix}${path}`, { waitUntil: 'networkidle' }); // islands have loaded their data
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${prefix}${path}`).toBeLessThanOrEqual(clientWidth);
      }
    });
  }
});
