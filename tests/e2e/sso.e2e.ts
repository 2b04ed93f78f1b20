import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accountProfileApiEn } from '../../core/i18n/account-profile-api-en.ts';
import { accountProfileApiId } from '../../core/i18n/account-profile-api-id.ts';
import { accountProfileEn } from '../../core/i18n/account-profile-en.ts';
import { accountProfileId } from '../../core/i18n/account-profile-id.ts';
import { emailEn } from '../../core/i18n/email-en.ts';
import { emailId } from '../../core/i18n/email-id.ts';
import { fill } from '../../core/i18n/fill.ts';
import { expect, test } from './fixtures.ts';
import { apiGuest, codeFor, hydrated, uniqueGuest } from './journey-helpers.ts';
import { RATE_RULES } from '../../api/rate-limit/rate-limit.service.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// Single sign-on in Chromium through the local OpenID provider of the embedded default (issue 29,
// items 1 to 3), in both languages on a phone and a desktop: a new person signs up with the provider
// and completes the registration; an existing guest links the provider after proving the account, then
// signs in with it alone; an unverified provider e-mail is not linked; and account choice, when the
// provider's e-mail is one account's and the guest links another of theirs.

const apiCopy = { en: accountProfileApiEn, id: accountProfileApiId } as const;
const profileCopy = { en: accountProfileEn, id: accountProfileId } as const;
const PROVIDER = 'Local ID';

/**
 * The provider's pages are development tools, for this machine only: this page's requests say they
 * come from it (the tests' own per-test address would be refused, and a route cannot rewrite the
 * headers of a redirect the browser follows).
 */
async function viaLocalProvider(page: Page): Promise<string> {
  // An address of its own inside 127/8: the test is still "this machine", and no other test shares
  // its per-address limits (the requests-in-flight guard, the sign-in limits).
  const n = [...test.info().testId].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const address = `127.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${(n & 254) + 1}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

/** From the sign-in page to the provider and back, as the given person (a new sign-in at the provider). */
async function signOnAs(page: Page, lang: 'id' | 'en', person: { email: string; name: string; verified: boolean }) {
  const a = dict[lang].auth;
  // The provider would remember the last person (its session cookie): sign out of it first.
  await page.context().clearCookies();
  await page.goto(
    `${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, '/my-account/profile/'))}`,
  );
  await hydrated(page);
  // Signed out on this device, here (on an account page, the page itself would react and navigate).
  await page.evaluate(() => localStorage.clear());
  await page.getByRole('link', { name: fill(a.ssoContinue, { provider: PROVIDER }) }).click();
  await expect(page.getByRole('heading', { name: 'Local sign-in provider' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('The provider has verified this e-mail').setChecked(person.verified);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const signedInAs = async (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('profile') ?? 'null') as { email?: string } | null);

for (const { lang } of LANG_CASES) {
  const a = dict[lang].auth;

  test(`a new person signs up with the provider and completes the registration (${lang})`, async ({ page }) => {
    await viaLocalProvider(page);
    const person = uniqueGuest(`sso${lang}`);
    await signOnAs(page, lang, { email: person.email, name: person.name, verified: true });
    await expect(page).toHaveURL(/\/account-choice\/\?ticket=/);
    await hydrated(page);
    const form = page.locator('[data-auth-form="sso-register"]');
    // No account to choose: the heading and the tab say what this page asks for.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.completeTitle);
    await expect(page).toHaveTitle(new RegExp(`^${a.completeTitle} `));
    await expect(page.getByText(fill(a.ssoRegisterIntro, { provider: PROVIDER, email: person.email }))).toBeVisible();
    await expect(form.getByLabel(a.fullName)).toHaveValue(person.name);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await form.getByLabel(a.phone).fill(person.phone);
    await form.getByRole('button', { name: a.ssoRegister }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(person.email);
    // The ticket was single-use: the page says so if it is opened again.
    await page.goBack();
    await hydrated(page);
    await expect(page.locator('[data-sso-message]')).toHaveText(apiCopy[lang]['sso.expired']);
  });

  test(`a guest links the provider after proving the account, then signs in with it alone (${lang})`, async ({
    page,
    request,
  }) => {
    await viaLocalProvider(page);
    const guest = await apiGuest(request, `ssol${lang}`);
    await signOnAs(page, lang, { email: guest.email, name: guest.name, verified: true });
    const form = page.locator('[data-auth-form="sso-link"]');
    await hydrated(page);
    await expect(page.getByText(fill(a.ssoLinkIntro, { provider: PROVIDER, email: guest.email }))).toBeVisible();
    await expect(form.getByLabel(a.username)).toHaveValue(guest.email);
    await form.getByLabel(a.password).fill('not-the-password-1');
    await form.getByRole('button', { name: a.ssoLink }).click();
    await expect(form.locator('[data-form-error]')).toBeVisible();
    await form.getByLabel(a.password).fill(guest.password);
    await form.getByRole('button', { name: a.ssoLink }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(guest.email);

    // Signed out on this device (in signOnAs); the provider alone signs the guest in again.
    await signOnAs(page, lang, { email: guest.email, name: guest.name, verified: true });
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(guest.email);
    // The profile lists the provider; the guest (who has a password) unlinks it.
    await hydrated(page);
    const providers = page.getByRole('region', { name: profileCopy[lang].identitiesTitle });
    await expect(providers.locator(`[data-identity="${PROVIDER}"]`)).toContainText(guest.email);
    await providers
      .getByRole('button', { name: fill(profileCopy[lang].identityRemoveLabel, { provider: PROVIDER }) })
      .click();
    await expect(providers.locator('[data-identities-message]')).toHaveText(profileCopy[lang].identityRemoved);
    await expect(providers).toContainText(profileCopy[lang].identitiesNone);
  });

  test(`a guest proves the account with a code e-mailed to it instead of the password, and links the provider (${lang})`, async ({
    page,
    request,
  }) => {
    await viaLocalProvider(page);
    const guest = await apiGuest(request, `ssoc${lang}`);
    await signOnAs(page, lang, { email: guest.email, name: guest.name, verified: true });
    await hydrated(page);
    const byCode = page.locator('[data-sso-code]');
    await expect(byCode).toContainText(fill(a.ssoCodeIntro, { email: guest.email }));
    await byCode.getByRole('button', { name: a.ssoCodeSend }).click();
    await expect(byCode.getByText(fill(a.ssoCodeSent, { email: guest.email }))).toBeVisible();
    // The resend waits for its cool-down.
    await expect(byCode.getByRole('button', { name: /\d+/ })).toBeDisabled();
    const form = page.locator('[data-auth-form="sso-link-code"]');
    const code = await codeFor(request, guest.email, [emailEn.code.sso_link.subject, emailId.code.sso_link.subject]);
    await form.getByLabel(a.code).fill(code === '1234' ? '4321' : '1234');
    await form.getByRole('button', { name: a.ssoCodeLink }).click();
    await expect(form.locator('[data-form-error]')).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await form.getByLabel(a.code).fill(code);
    await form.getByRole('button', { name: a.ssoCodeLink }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(guest.email);
    await hydrated(page);
    const providers = page.getByRole('region', { name: profileCopy[lang].identitiesTitle });
    await expect(providers.locator(`[data-identity="${PROVIDER}"]`)).toContainText(guest.email);
  });

  test(`an unverified provider e-mail is not linked; account choice links another account of the guest's (${lang})`, async ({
    page,
    request,
  }) => {
    await viaLocalProvider(page);
    const first = await apiGuest(request, `ssoa${lang}`);
    const second = await apiGuest(request, `ssob${lang}`);
    await signOnAs(page, lang, { email: first.email, name: first.name, verified: false });
    await hydrated(page);
    await expect(page.locator('[data-sso-message]')).toHaveText(apiCopy[lang]['sso.unverified']);
    await expect(page.locator('[data-auth-form]')).toHaveCount(0);

    // Verified this time: the first account could match, the guest chooses the second one.
    await signOnAs(page, lang, { email: first.email, name: first.name, verified: true });
    await hydrated(page);
    const form = page.locator('[data-auth-form="sso-link"]');
    await form.getByLabel(a.username).fill(second.email);
    await form.getByLabel(a.password).fill(second.password);
    await form.getByRole('button', { name: a.ssoLink }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(second.email);
    await signOnAs(page, lang, { email: first.email, name: first.name, verified: true });
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    expect((await signedInAs(page))?.email).toBe(second.email);
  });

  test(`a network that started too many sign-ons is told so, and goes back to sign in with a password (${lang})`, async ({
    page,
    request,
  }) => {
    const address = await viaLocalProvider(page);
    // This address spends its whole budget of starts (each would keep an attempt for 10 minutes).
    for (let i = 0; i < RATE_RULES.ssoStartByIp.limit; i++) {
      const started = await request.get(`/api/auth/sso/local/start?lang=${lang}`, {
        headers: { 'X-Forwarded-For': address },
        maxRedirects: 0,
      });
      expect(started.status(), `start ${i}`).toBe(302);
    }
    await page.goto(localizedPath(lang, '/signin/'));
    await hydrated(page);
    await page.getByRole('link', { name: fill(a.ssoContinue, { provider: PROVIDER }) }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/account-choice/')}\\?error=rate_limited$`));
    await hydrated(page);
    await expect(page.locator('[data-sso-message]')).toHaveText(apiCopy[lang]['sso.busy']);
    await page.getByRole('link', { name: a.ssoStartOver }).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/signin/')}$`));
    await expect(page.getByLabel(a.password)).toBeVisible();
  });
}
