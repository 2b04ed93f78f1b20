import AxeBuilder from '@axe-core/playwright';
import { Temporal } from '../../core/temporal.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import type { FixtureHotel } from './fixtures.ts';
import type { Lang } from '../../core/locales.ts';
import { apiGuest, dismissAlert, hydrated, signInPage } from './journey-helpers.ts';
import { fill } from '../../core/i18n/fill.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { dict, LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// The waitlist of a sold-out room type (issue 28, item 5), as a guest meets it, in both languages on
// a phone and a desktop: the hotel page offers "tell me when it frees up" on a sold-out room; the guest
// joins and is told their place in line, the page shows how many wait; when a room is opened again the
// job holds it for them (an order waiting for payment, 15 minutes) and e-mails them.

/**
 * The test's hotel with its first pod type sold out on the web for these nights (pods keep 2 rooms
 * off the web: 8 of 10 sold), and a new guest, signed in, on its hotel page with the answer shown.
 */
async function soldOutRoom(
  { page, request, hotel }: { page: Page; request: APIRequestContext; hotel: FixtureHotel },
  lang: Lang,
  tag: string,
  fromDay: number,
  nights: number,
) {
  const today = Temporal.Now.plainDateISO('Asia/Jakarta');
  const checkIn = today.add({ days: fromDay }).toString();
  const checkOut = today.add({ days: fromDay + nights }).toString();
  const roomTypeId = hotel.id * 10 + 1;
  const stock = async (sellable: number, sold: number) => {
    const res = await request.post('/api/dev/fixtures/stock', {
      headers: FROM_THIS_MACHINE,
      data: { roomTypeId, from: checkIn, to: checkOut, sellable, sold },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await stock(10, 8);
  const guest = await apiGuest(request, tag);
  await signInPage(page, guest);
  await page.goto(
    `${localizedPath(lang, `/search/${hotel.id}-${hotel.slug}/`)}?checkin=${checkIn}&checkout=${checkOut}&id=${hotel.id}`,
  );
  await hydrated(page);
  const room = page.locator(`[data-room-type="${roomTypeId}"]`);
  await expect(room.locator('[data-sold-out-label]')).toBeVisible();
  await dismissAlert(page);
  return { guest, room, stock };
}

for (const { lang } of LANG_CASES) {
  const b = dict[lang].booking;

  test(`a guest waits for a sold-out room and gets it held when it frees up (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, room, stock } = await soldOutRoom({ page, request, hotel }, lang, `wl${lang}`, 20, 2);
    const join = room.getByRole('button', { name: new RegExp(b.waitlistJoin.slice(0, 12)) });
    await join.click();
    await expect(room.locator('[data-waitlist-message]')).toHaveText(fill(b.waitlistJoined, { n: 1 }));
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await page.reload();
    await hydrated(page);
    await expect(room.locator('[data-waitlist-count]')).toHaveText(fill(b.waitlistWaiting, { n: 1 }));

    // A room is opened again; the job holds it for the guest.
    await stock(10, 7);
    const ran = await request.post('/api/dev/fixtures/jobs/waitlist.offer', {
      headers: FROM_THIS_MACHINE,
      data: { userId: guest.user.id, at: new Date().toISOString() },
    });
    expect(ran.status(), await ran.text()).toBe(200);
    const mine = await request.get('/api/clients/v1/waitlist', {
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    const [entry] = ((await mine.json()) as { data: { status: string; reservationId: number }[] }).data;
    expect(entry).toMatchObject({ status: 'offered' });
    const view = await request.get(`/api/clients/v1/reservations/view?reservationId=${entry!.reservationId}`, {
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(view.status()).toBe(200);
    // The offer's e-mail, in the guest's language, points at the payment page.
    await expect(async () => {
      const outbox = await request.get('/api/dev/outbox', { headers: FROM_THIS_MACHINE });
      const { messages } = (await outbox.json()) as { messages: { to: string }[] };
      const offers = messages.filter(
        (m) => m.to.includes(guest.email) && JSON.stringify(m).includes(`/payment/list/${entry!.reservationId}/`),
      );
      expect(offers).toHaveLength(1);
    }).toPass({ timeout: 15_000 });

    // The hotel page knows it too: where the guest joined, the room is theirs to pay for.
    await page.reload();
    await hydrated(page);
    await expect(room.locator('[data-waitlist-held]')).toHaveAttribute(
      'href',
      localizedPath(lang, `/payment/list/${entry!.reservationId}/`),
    );
    await expect(room.getByRole('button', { name: new RegExp(b.waitlistJoin.slice(0, 12)) })).toHaveCount(0);

    // The banner on the site, in the guest's language, on any page: what is held, until when, pay or pass it on.
    const h = dict[lang].header;
    await page.goto(localizedPath(lang, '/'));
    const banner = page.getByRole('region', { name: h.waitlistBanner });
    await expect(banner).toBeVisible();
    await expect(banner.locator('[data-waitlist-text]')).toContainText(hotel.name);
    await expect(banner.locator('[data-waitlist-text]')).toContainText(/\d{2}:\d{2} WIB/);
    await expect(banner.getByRole('link', { name: h.waitlistPay })).toHaveAttribute(
      'href',
      localizedPath(lang, `/payment/list/${entry!.reservationId}/`),
    );
    const bannerAxe = await new AxeBuilder({ page }).include('[data-waitlist-banner]').analyze();
    expect(
      bannerAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    // "No, thanks": the hold is cancelled, its rooms back in stock for the next guest; the banner says so.
    await banner.getByRole('button', { name: h.waitlistDecline }).click();
    await expect(banner.locator('[data-waitlist-status]')).toHaveText(h.waitlistDeclined);
    await expect(banner.getByRole('link', { name: h.waitlistPay })).toBeHidden();
    const after = await request.get(`/api/clients/v1/reservations/view?reservationId=${entry!.reservationId}`, {
      headers: { Authorization: `Bearer ${guest.accessToken}` },
    });
    expect(((await after.json()) as { data: { info: { paymentStatus: number } } }).data.info.paymentStatus).toBe(
      PaymentStatus.cancelled,
    );
    await page.reload();
    await expect(page.locator('[data-waitlist-banner]')).toBeHidden();
  });

  test(`a guest in line sees their place again after a reload and can leave the line (${lang})`, async ({
    page,
    request,
    hotel,
  }) => {
    const { guest, room } = await soldOutRoom({ page, request, hotel }, lang, `wlleave${lang}`, 24, 1);
    const mine = async () =>
      (
        (await (
          await request.get('/api/clients/v1/waitlist', { headers: { Authorization: `Bearer ${guest.accessToken}` } })
        ).json()) as { data: unknown[] }
      ).data;
    const join = room.getByRole('button', {
      name: `${b.waitlistJoin}: ` + (await room.locator('h3').first().textContent()),
    });
    const leave = room.getByRole('button', { name: new RegExp(`^${b.waitlistLeave}`) });
    await join.click();
    await expect(room.locator('[data-waitlist-message]')).toHaveText(fill(b.waitlistJoined, { n: 1 }));
    await expect(room.locator('[data-waitlist-count]')).toHaveText(fill(b.waitlistWaiting, { n: 1 }));
    await expect(join).toHaveCount(0);

    // Back later: the page remembers the guest's place, and offers the way out, not a second join.
    await page.reload();
    await hydrated(page);
    await expect(room.locator('[data-waitlist-message]')).toHaveText(fill(b.waitlistJoined, { n: 1 }));
    await expect(leave).toBeVisible();
    await expect(join).toHaveCount(0);
    expect(await mine()).toHaveLength(1);

    await dismissAlert(page);
    await leave.click();
    await expect(room.locator('[data-waitlist-message]')).toHaveText(b.waitlistLeft);
    await expect(join).toBeVisible();
    await expect(room.locator('[data-waitlist-count]')).toHaveCount(0);
    expect(await mine()).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect(join).toBeVisible();
    await expect(room.locator('[data-waitlist-message]')).toHaveText('');
  });
}
