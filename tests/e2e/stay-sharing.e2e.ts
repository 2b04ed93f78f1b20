import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiDoublePod, apiGuest, apiPay, hostVerify, hydrated, signInPage } from './journey-helpers.ts';
import { fill } from '../../core/i18n/fill.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';
import { readQrCode } from '../helpers/qr-reader.ts';

// Booking for others (issue 27, item 2), as the two people do it, in both languages on a phone and a
// desktop: the booker invites a friend who has an account and an address nobody registered, and sees
// the same answer for both; the friend accepts in their own account, and the stay and a pass of their
// own (the host's check reads the friend's name) are in their My stay; the booker sees the friend's
// name, then takes them off the stay; the friend's My stay no longer has it and the pass is refused.

type Guest = Awaited<ReturnType<typeof apiGuest>>;

/** The same tab, now signed in as someone else (as on a shared phone, after a sign-out). */
async function switchTo(page: Page, who: Guest) {
  await page.evaluate((s) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('auth', btoa(JSON.stringify({ accessToken: s.accessToken, refreshToken: s.refreshToken })));
    localStorage.setItem('profile', JSON.stringify(s.user));
  }, who);
}

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const { lang } of LANG_CASES) {
  const s = dict[lang].accountArea.stays;

  test(`a booker shares a stay: the friend accepts in their own account and gets a pass of their own; removed, it is gone (${lang})`, async ({
    page,
    request,
    hotel,
    isMobile,
  }) => {
    const booker = await apiGuest(request, `shb${lang}`);
    const friend = await apiGuest(request, `shf${lang}`);
    // Two double pods: room for the booker and three guests.
    const stay = await apiDoublePod(request, booker.accessToken, hotel.id, 2);
    await apiPay(request, booker.accessToken, stay);
    await signInPage(page, booker);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    const card = page.locator(`[data-stay="${stay}"]`);
    const sharing = card.locator('[data-share-stay]');
    await expect(sharing.getByRole('heading', { name: s.shareTitle })).toBeVisible();

    // Invite the friend, then an address nobody registered: the same answer, only the address differs.
    const field = sharing.getByLabel(s.shareLabel);
    if (isMobile) {
      // On a phone the address gets the card's whole width, the button under it.
      const form = (await sharing.locator('form').boundingBox())!;
      const box = (await field.boundingBox())!;
      const button = (await sharing.getByRole('button', { name: s.shareButton }).boundingBox())!;
      expect(box.width).toBeGreaterThan(form.width * 0.9);
      expect(button.y).toBeGreaterThanOrEqual(box.y + box.height);
    }
    const send = async (contact: string) => {
      await field.fill(contact);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/clients/v1/stays/guests/invite'));
      await sharing.getByRole('button', { name: s.shareButton }).click();
      const response = await answer;
      expect(response.status()).toBe(201);
      await expect(sharing.locator('[data-share-notice]')).toHaveText(fill(s.shareSent, { contact }));
      return ((await response.json()) as { data: { id: number; contact: string; status: string; name: null }[] }).data;
    };
    const unknown = `belum.daftar.${Date.now()}@example.com`;
    const afterFriend = await send(friend.email);
    const afterUnknown = await send(unknown);
    expect(afterFriend).toEqual([expect.objectContaining({ contact: friend.email, status: 'pending', name: null })]);
    expect(afterUnknown[1]).toEqual({ ...afterFriend[0], id: afterUnknown[1]!.id, contact: unknown });
    // The list shows what the booker typed and that both wait, nothing of the friend's account.
    await expect(sharing.locator('[data-share="pending"]')).toHaveCount(2);
    await expect(sharing.locator('[data-shares]')).toContainText(friend.email);
    await expect(sharing.locator('[data-shares]')).not.toContainText(friend.name);
    await noSeriousViolations(page);

    // The friend, in their own account: the invitation, accepted; the stay with a pass of their own.
    await switchTo(page, friend);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    const invitation = page.locator('[data-invitations] [data-invitation]');
    await expect(invitation).toHaveCount(1);
    await expect(invitation).toContainText(booker.name);
    await expect(invitation).toContainText(hotel.name);
    await noSeriousViolations(page);
    await invitation.getByRole('button', { name: s.accept, exact: true }).click();
    await expect(page.locator('[data-invitation-notice]')).toHaveText(fill(s.accepted, { hotel: hotel.name }));
    const theirs = page.locator(`[data-stay="${stay}"]`);
    await expect(theirs.locator('[data-booked-by]')).toHaveText(fill(s.bookedBy, { name: booker.name }));
    await expect(theirs.locator('[data-share-stay]')).toHaveCount(0);
    const token = (await readQrCode(theirs.locator('svg[data-qr]'))).text;
    expect(token).toMatch(new RegExp(`^BBXSP1\\.${stay}\\.[A-Z0-9-]+\\.S\\d+\\.`));
    const checked = await hostVerify(request, token);
    expect(checked.status()).toBe(200);
    expect(((await checked.json()) as { data: { guestName: string } }).data.guestName).toBe(friend.user.name);
    await noSeriousViolations(page);

    // The booker now sees the friend's name; they take the friend off the stay.
    await switchTo(page, booker);
    await page.reload();
    await hydrated(page);
    const accepted = card.locator('[data-share="accepted"]');
    await expect(accepted).toContainText(friend.user.name);
    await expect(card.locator('[data-secondary-guest]')).toContainText(friend.user.name);
    await accepted.getByRole('button', { name: fill(s.revoke, { contact: friend.user.name }) }).click();
    await expect(sharing.locator('[data-share-notice]')).toHaveText(fill(s.revoked, { contact: friend.user.name }));
    await expect(card.locator('[data-share="accepted"]')).toHaveCount(0);

    // The friend's My stay no longer has it, and the host refuses their pass.
    await switchTo(page, friend);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-account-empty]')).toBeVisible();
    await expect(page.locator(`[data-stay="${stay}"]`)).toHaveCount(0);
    const refused = await hostVerify(request, token);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('stay_pass_withdrawn');
  });

  test(`an invited guest can decline, and a guest who accepted can leave (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const booker = await apiGuest(request, `slb${lang}`);
    const friend = await apiGuest(request, `slf${lang}`);
    const auth = { Authorization: `Bearer ${booker.accessToken}` };
    const first = await apiDoublePod(request, booker.accessToken, hotel.id);
    await apiPay(request, booker.accessToken, first);
    for (const contact of [friend.email]) {
      const res = await request.post('/api/clients/v1/stays/guests/invite', {
        headers: auth,
        data: { reservationId: first, contact },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await signInPage(page, friend);
    await page.goto(localizedPath(lang, '/my-account/my-stay/'));
    await hydrated(page);
    await page.getByRole('button', { name: s.accept, exact: true }).click();
    const theirs = page.locator(`[data-stay="${first}"]`);
    await expect(theirs).toBeVisible();
    await theirs.getByRole('button', { name: s.leave, exact: true }).click();
    await expect(theirs.getByText(s.leaveConfirm)).toBeVisible();
    await theirs.getByRole('button', { name: s.leaveYes, exact: true }).click();
    await expect(page.locator(`[data-stay="${first}"]`)).toHaveCount(0);

    // Invited again: this time the friend declines; the booker sees both answers.
    const again = await request.post('/api/clients/v1/stays/guests/invite', {
      headers: auth,
      data: { reservationId: first, contact: friend.email },
    });
    expect(again.status()).toBe(201);
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: s.decline, exact: true }).click();
    await expect(page.locator('[data-invitation-notice]')).toHaveText(fill(s.declined, { hotel: hotel.name }));
    await expect(page.locator(`[data-stay="${first}"]`)).toHaveCount(0);
    const mine = await request.get('/api/clients/v1/stays', { headers: auth });
    const [booked] = ((await mine.json()) as { data: { shares: { status: string }[] }[] }).data;
    expect(booked!.shares.map((x) => x.status)).toEqual(['left', 'declined']);
  });
}
