import AxeBuilder from '@axe-core/playwright';
import { accountProfileApiEn } from '../../core/i18n/account-profile-api-en.ts';
import { accountProfileApiId } from '../../core/i18n/account-profile-api-id.ts';
import { accountProfileEn } from '../../core/i18n/account-profile-en.ts';
import { accountProfileId } from '../../core/i18n/account-profile-id.ts';
import { fill } from '../../core/i18n/fill.ts';
import { expect, test } from './fixtures.ts';
import { apiGuest, hydrated, signInPage } from './journey-helpers.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// Passkeys in Chromium (issue 29, item 4), with its virtual authenticator (the DevTools WebAuthn
// domain), in both languages on a phone and a desktop: a guest adds a passkey in the profile, signs
// out, signs in with it from the sign-in page (conditional UI), renames it and removes it, after which
// the passkey button is refused with the API's words. A browser refuses an IP
// address as a passkey's site, so these pages are opened on localhost (the API's relying party for a
// loopback SITE_URL, api/profile/passkeys.service.ts).

const profileCopy = { en: accountProfileEn, id: accountProfileId } as const;
const apiCopy = { en: accountProfileApiEn, id: accountProfileApiId } as const;

for (const { lang } of LANG_CASES) {
  const p = profileCopy[lang];
  const a = dict[lang].auth;

  test(`a passkey added in the profile signs the guest in; renamed, then removed (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const local = baseURL!.replace('127.0.0.1', 'localhost');
    const guest = await apiGuest(request, `pk${lang}`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInPage(page, guest);
    await page.goto(`${local}${localizedPath(lang, '/my-account/profile/')}`);
    await hydrated(page);
    const section = page.getByRole('region', { name: p.passkeysTitle });
    await expect(section).toContainText(p.passkeysNone);
    await section.getByLabel(p.passkeyName).fill('Laptop kerja');
    await section.getByRole('button', { name: p.passkeyAdd }).click();
    await expect(section.locator('[data-passkeys-message]')).toHaveText(p.passkeyAdded);
    await expect(section.locator('[data-passkey="Laptop kerja"]')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const axe = await new AxeBuilder({ page }).include('[data-passkeys]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // Signed out on this device (the stored session gone), then in again with the passkey alone.
    // (On a content page: an account page would itself react to the sign-out and navigate.)
    await page.goto(`${local}${localizedPath(lang, '/privacy-policy/')}`);
    await page.evaluate(() => {
      localStorage.clear();
      document.cookie = 'isLoggedIn=; max-age=0; path=/';
    });
    await page.goto(
      `${local}${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, '/my-account/profile/'))}`,
    );
    // Conditional UI: the username field offers the passkey, and Chromium's virtual authenticator picks
    // it at once (a guest would pick it from the field's suggestions): no password, no button.
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/my-account/profile/')}$`));
    await hydrated(page);
    const stored = await page.evaluate(() => localStorage.getItem('auth'));
    expect(stored).not.toBeNull();
    // The sign-in was recorded on the passkey.
    await expect(page.locator('[data-passkey="Laptop kerja"]')).toBeVisible();
    await expect(page.locator('[data-passkey="Laptop kerja"]')).not.toContainText(p.passkeyNeverUsed);

    // Renamed, then removed: the sign-in with it is refused from then on.
    const again = page.getByRole('region', { name: p.passkeysTitle });
    await again.getByRole('button', { name: fill(p.passkeyRenameLabel, { name: 'Laptop kerja' }) }).click();
    await again.getByLabel(fill(p.passkeyNewName, { name: 'Laptop kerja' })).fill('Ponsel');
    await again.getByRole('button', { name: p.passkeySave }).click();
    await expect(again.locator('[data-passkey="Ponsel"]')).toBeVisible();
    await again.getByRole('button', { name: fill(p.passkeyRemoveLabel, { name: 'Ponsel' }) }).click();
    await expect(again.locator('[data-passkeys-message]')).toHaveText(p.passkeyRemoved);
    await expect(again).toContainText(p.passkeysNone);
    await page.goto(`${local}${localizedPath(lang, '/privacy-policy/')}`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${local}${localizedPath(lang, '/signin/')}`);
    await hydrated(page);
    // The username field offers passkeys (conditional UI; this one is refused quietly, the page stays).
    await expect(page.getByLabel(a.username)).toHaveAttribute('autocomplete', 'username webauthn');
    // The passkey button: the authenticator still holds the credential, the API no longer knows it.
    await page.getByRole('button', { name: a.passkeySignIn }).click();
    await expect(page.locator('[data-passkey-error]')).toHaveText(apiCopy[lang]['passkeys.unknown']);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });
}
