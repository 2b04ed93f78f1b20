import AxeBuilder from '@axe-core/playwright';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { inputMessages } from '../../core/contracts/auth.ts';
import { fill } from '../../core/i18n/fill.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { apiGuest, codeFor, hydrated, layoutShifts } from './journey-helpers.ts';

// The sign-in screens: spec-5 rules shown inline in the visitor's language (the API's own
// contract messages), password sign-in, forgot/reset with the 4-digit code, and axe.

for (const { lang, prefix } of LANG_CASES) {
  const t = dict[lang].auth;

  test(`sign-up shows the validation rules inline (${lang})`, async ({ page }) => {
    await page.goto(`${prefix}/signup/`);
    await hydrated(page);
    await page.getByRole('textbox', { name: t.email, exact: true }).fill('sari+promo@example.com');
    await page.getByLabel(t.phone).fill('0812');
    await page.getByLabel(t.password, { exact: true }).fill('tidurnyenyak');
    await page.getByLabel(t.confirmPassword).fill('lain');
    await page.getByRole('button', { name: t.signUp, exact: true }).click();
    await expect(page.locator('[data-field-error=fullName]')).toHaveText(inputMessages.name_required[lang]);
    await expect(page.locator('[data-field-error=email]')).toHaveText(inputMessages.email_plus[lang]);
    await expect(page.locator('[data-field-error=phone]')).toHaveText(inputMessages.phone_invalid[lang]);
    await expect(page.locator('[data-field-error=password]')).toHaveText(inputMessages.password_digit[lang]);
    await expect(page.getByRole('textbox', { name: t.email, exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(t.password, { exact: true }).fill('pendek1');
    await page.getByRole('button', { name: t.signUp, exact: true }).click();
    await expect(page.locator('[data-field-error=password]')).toHaveText(inputMessages.password_short[lang]);
    await page.getByLabel(t.password, { exact: true }).fill('tidur123nyenyak');
    await page.getByRole('button', { name: t.signUp, exact: true }).click();
    await expect(page.locator('[data-field-error=confirmPassword]')).toHaveText(inputMessages.password_mismatch[lang]);
  });

  test(`password sign-in keeps the token pair and greets the guest; wrong password says so (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `${lang}-signin`);
    await page.goto(`${prefix}/signin/`);
    await hydrated(page);
    await page.getByLabel(t.username).fill(guest.email);
    await page.getByLabel(t.password, { exact: true }).fill('salah-sandi-1');
    const logins: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/login') logins.push(r.method());
    });
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.locator('[data-form-error]')).not.toBeEmpty();
    // A wrong password is sent once (it counts once against the sign-in limits).
    expect(logins).toEqual(['POST']);
    await page.getByLabel(t.password, { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${prefix}/$`));
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
    const pair = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('auth') ?? '')));
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
    await expect(page.locator('[data-greeting]').first()).toContainText(guest.name);
  });

  test(`sign-in keeps what the guest typed before its script arrived; its buttons wait for it (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `${lang}-plain`);
    const profile = `${prefix}/my-account/profile/`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/sign-in-form\.astro[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${prefix}/signin/?redirect=${encodeURIComponent(profile)}`, { waitUntil: 'commit' });
    const submit = page.getByRole('button', { name: t.signIn, exact: true });
    await page.getByLabel(t.username).fill(guest.email);
    await page.getByLabel(t.password, { exact: true }).fill(guest.password);
    // The static form cannot go anywhere yet: no native submit (it would put the password in the URL).
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('button', { name: t.passkeySignIn })).toBeDisabled();
    await expect(page.getByRole('link', { name: t.signUpLink })).not.toHaveAttribute('href', /redirect=/);
    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('link', { name: t.signUpLink })).toHaveAttribute(
      'href',
      `${prefix}/signup/?redirect=${encodeURIComponent(profile)}`,
    );
    await expect(page.getByLabel(t.username)).toHaveValue(guest.email);
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`^http://[^/]+${profile}$`));
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
  });

  test(`the providers' links arrive after the page without moving the form (${lang})`, async ({ page }) => {
    // The API names the providers once the page's script asks: held here until the form is ready.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sso/providers', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${prefix}/signin/`);
    const submit = page.getByRole('button', { name: t.signIn, exact: true });
    await expect(submit).toBeEnabled();
    const parts = [
      page.getByRole('button', { name: t.passkeySignIn }),
      page.getByLabel(t.username),
      page.getByLabel(t.password, { exact: true }),
      submit,
      page.getByRole('link', { name: t.signUpLink }),
    ];
    const boxes = () => Promise.all(parts.map((part) => part.boundingBox()));
    const before = await boxes();
    release();
    await expect(page.getByRole('link', { name: fill(t.ssoContinue, { provider: 'Local ID' }) })).toBeVisible();
    // What the guest may be typing in or about to tap stays where it was: no layout shift at all.
    expect(await boxes()).toEqual(before);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test(`forgot password sends a 4-digit code and the reset works (${lang})`, async ({ page, request }) => {
    const guest = await apiGuest(request, `${lang}-reset`);
    await page.goto(`${prefix}/forgot-password/`);
    await hydrated(page);
    await page.getByLabel(t.username).fill(guest.email);
    await page.getByRole('button', { name: t.sendCode }).click();
    await expect(page).toHaveURL(/reset-password\/\?channel=email/);
    await hydrated(page);
    await page.getByLabel(t.code).fill('12');
    await page.getByRole('button', { name: t.resetButton }).click();
    await expect(page.locator('[data-field-error=code]')).toHaveText(inputMessages.code_format[lang]);
    // The sign-up code was the first message; the reset code is the newest.
    await expect
      .poll(
        async () =>
          (await (await request.get('/api/dev/outbox', { headers: FROM_THIS_MACHINE })).json()).messages.filter(
            (m: { to: string }) => m.to.includes(guest.email),
          ).length,
      )
      .toBeGreaterThan(1);
    await page.getByLabel(t.code).fill(await codeFor(request, guest.email));
    await page.getByLabel(t.newPassword).fill('baru123sekali');
    await page.getByLabel(t.confirmPassword).fill('baru123sekali');
    await page.getByRole('button', { name: t.resetButton }).click();
    await expect(page.getByText(t.resetDone)).toBeVisible();
    const login = await request.post('/api/auth/login', {
      form: { username: guest.email, password: 'baru123sekali' },
      headers: { Authorization: `Bearer ${guest.client}`, 'x-api-key': 'dev-only-web-api-key' },
    });
    expect(login.status()).toBe(200);
  });

  for (const path of [
    '/signin/',
    '/signup/',
    '/forgot-password/',
    '/reset-password/?channel=email&target=a%40b.id',
    '/complete-registration/?channel=email&target=a%40b.id',
    '/otp-verif/?channel=phone&target=81234567890',
    '/acc-verif/',
  ]) {
    test(`axe: no serious or critical violations on ${prefix}${path} (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}${path}`);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
