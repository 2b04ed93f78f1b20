import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { Temporal } from '../../core/temporal.ts';
import { isSeedBlackout } from '../../api/seed/seed.ts';
import { AVAILABILITY_WINDOW_DAYS, formatDate } from '../../core/dates.ts';
import { fill } from '../../core/i18n/translate.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { chooseHotel, dismissAlert, jakartaMorning } from './journey-helpers.ts';

// Issue 13: a journey a guest can trust. Pictures, honest money and the rough edges, in both languages,
// on a phone and a desktop (every test runs in both projects unless tagged).

const today = () => Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();

/** Scroll through the whole page so every lazy picture is asked for, then read every <img>. */
async function everyPicture(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
  }
  await page.waitForLoadState('networkidle');
  return page.locator('main img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((i) => ({
      src: i.currentSrc,
      loaded: i.complete && i.naturalWidth > 0,
      width: i.getAttribute('width'),
      height: i.getAttribute('height'),
      loading: i.getAttribute('loading'),
      alt: i.getAttribute('alt'),
    })),
  );
}

for (const { lang, prefix } of LANG_CASES) {
  const t = dict[lang];

  test(`every picture of a hotel page loads from our own server as AVIF, sized and lazy below the fold (${lang})`, async ({
    page,
    hotel,
  }) => {
    const checkin = today().add({ days: 12 });
    await page.goto(
      `${prefix}/search/${hotel.id}-${hotel.slug}/?checkin=${checkin}&checkout=${checkin.add({ days: 2 })}&id=${hotel.id}`,
    );
    await dismissAlert(page);
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    const pictures = await everyPicture(page);
    // The hero, three gallery tiles, four room types and the recommendations.
    expect(pictures.length).toBeGreaterThanOrEqual(8);
    for (const p of pictures) {
      expect(p.loaded, `${p.src} did not load`).toBe(true);
      expect(new URL(p.src).pathname).toMatch(/^\/media\/.+-\d+\.avif$/);
      expect(Number(p.width)).toBeGreaterThan(0);
      expect(Number(p.height)).toBeGreaterThan(0);
    }
    const [hero, ...rest] = pictures;
    expect(hero!.loading).toBe('eager');
    expect(rest.every((p) => p.loading === 'lazy')).toBe(true);
    await expect(page.locator('main img').first()).toHaveAttribute('alt', hotel.name);
  });

  test(`a cabin page shows its own landscape pictures and landmarks in the page's language; hotel pages, their postal address (${lang})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/search/108-bobocabin-ubud/`);
    const pictures = await everyPicture(page);
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    expect(pictures.every((p) => p.loaded)).toBe(true);
    expect(pictures[0]!.src).toContain('/media/hotels/bobocabin-ubud/main-');
    const location = page.locator('#location');
    await expect(location).toContainText(lang === 'en' ? 'Tegallalang rice terraces' : 'Sawah Terasering Tegallalang');
    // Its distance is written as the language writes numbers (it read "2.5 km" in Indonesian too).
    await expect(location).toContainText(lang === 'en' ? 'Tegallalang rice terraces · 2.5 km' : 'Tegallalang · 2,5 km');
    await expect(location).not.toContainText(lang === 'en' ? 'Sawah' : 'rice terraces');
    // The address names its town once (the street address has it already).
    await expect(location.locator('p').first()).toHaveText('Jl. Raya Sayan, Ubud, Gianyar, Bali');
    // A branch's address is its postal one, province last; the city search lists it under is not
    // appended ("Terminal 3, Bandara Soekarno-Hatta, Tangerang, Jakarta" and "..., Denpasar Barat,
    // Bali, Denpasar" until 2026-12-07: the airport pod is listed under Jakarta).
    await page.goto(`${prefix}/search/3-bobobox-soekarno-hatta-transit/`);
    await expect(page.locator('#location p').first()).toHaveText(
      'Terminal 3, Bandara Soekarno-Hatta, Tangerang, Banten',
    );
  });

  test(`the promo alert is centred, and the hotel tabs neither search again nor reopen it (${lang})`, async ({
    page,
    hotel,
  }) => {
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/clients/v1/search')) searches.push(r.url());
    });
    const checkin = today().add({ days: 9 });
    await page.goto(
      `${prefix}/search/${hotel.id}-${hotel.slug}/?checkin=${checkin}&checkout=${checkin.add({ days: 1 })}&id=${hotel.id}`,
    );
    const alert = page.locator('dialog[data-alert-modal][open]');
    await expect(alert).toBeVisible();
    const box = (await alert.boundingBox())!;
    const view = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - view.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - view.height / 2)).toBeLessThan(view.height * 0.1);
    await dismissAlert(page);
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    // The rooms came with the page (islands/lib/api-seed.ts): no search over the network at all.
    expect(searches).toHaveLength(0);
    for (const tab of await page.locator('[data-hotel-tabs] a').all()) {
      await tab.click();
      await expect(page.locator('dialog[data-alert-modal][open]')).toHaveCount(0);
    }
    await page.waitForTimeout(300);
    expect(searches, 'a tab click ran the room search').toHaveLength(0);
    await expect(page.locator('dialog[data-alert-modal][open]')).toHaveCount(0);
  });

  test(`a hotel page shows the sections it has something to say in: no promise of text to come, a policy always (${lang})`, async ({
    page,
    hotel,
  }) => {
    const b = t.booking;
    const tabs = page.locator('[data-hotel-tabs] a');
    const policies = page.locator('[data-policies] li');
    // A branch the editors have not written about yet (the test's own): no field notes, no places
    // around, and neither tab; its policy is the house rules, its check-in line first.
    await page.goto(`${prefix}/search/${hotel.id}-${hotel.slug}/`);
    await expect(tabs).toHaveText([b.tabFacility, b.tabLocation, b.tabPolicy, b.tabAbout, b.tabSelectRoom]);
    await expect(page.locator('#field-notes, #explore')).toHaveCount(0);
    await expect(policies.locator('h3')).toHaveText([b.houseCheckInTitle, b.houseIdTitle, b.houseCancelTitle]);
    // The fixture's times (api/seed/seed.ts), as the page's own heading says them.
    const checkInLine = fill(b.checkInOut, { in: '14:00', out: '12:00', zone: 'WIB' });
    await expect(page.getByText(checkInLine, { exact: true })).toBeVisible();
    await expect(policies.first().locator('p')).toHaveText(`${checkInLine}.`);
    await expect(policies.nth(1).locator('p')).toHaveText(b.guestRules);
    // A branch they have written about (Bobobox Blok M): every tab, and their own policy items.
    await page.goto(`${prefix}/search/1-bobobox-blok-m/`);
    await expect(tabs).toHaveText([
      b.tabFacility,
      b.tabLocation,
      b.tabFieldNotes,
      b.tabExplore,
      b.tabPolicy,
      b.tabAbout,
      b.tabSelectRoom,
    ]);
    await expect(page.locator('#field-notes p').first()).not.toBeEmpty();
    await expect(page.locator('#explore li').first()).toBeVisible();
    await expect(policies.first()).toBeVisible();
    await expect(
      policies.locator('h3').filter({ hasText: new RegExp(`^(${b.houseIdTitle}|${b.houseCancelTitle})$`) }),
    ).toHaveCount(0);
    await expect(page.locator('[data-policies]')).toContainText(b.guestRules);
  });

  test(`the sticky hotel tabs stop under the shown header instead of sliding beneath it (${lang})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/search/108-bobocabin-ubud/`);
    const tabs = page.locator('[data-hotel-tabs]');
    const header = page.locator('[data-site-header]');
    await page.mouse.wheel(0, 2400);
    await expect(header).toHaveAttribute('data-sticky', 'true');
    await page.mouse.wheel(0, -300);
    await expect(header).toHaveAttribute('data-shown', 'true');
    await expect
      .poll(async () => {
        const h = (await header.boundingBox())!;
        const b = (await tabs.boundingBox())!;
        return Math.round(b.y - (h.y + h.height));
      })
      .toBeGreaterThanOrEqual(-1);
  });

  test(`back from a hotel page to home shows the search the guest ran (${lang})`, async ({ page, hotel }) => {
    await page.clock.setFixedTime(jakartaMorning());
    await page.goto(`${prefix}/`);
    await chooseHotel(page, `${hotel.id}-${hotel.slug}`);
    await page.locator('[data-search-filter] select[name=duration]').selectOption('3');
    await page.locator('[data-search-filter] button[type=submit]').click();
    await expect(page).toHaveURL(new RegExp(`/search/${hotel.id}-${hotel.slug}/`));
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
    const filter = page.locator('[data-search-filter]');
    await expect(filter.locator('select[name=hotel]')).toHaveValue(`${hotel.id}-${hotel.slug}`);
    await expect(filter.locator('select[name=duration]')).toHaveValue('3');
    await expect(filter.locator('#checkin-value')).not.toHaveText(t.search.checkinPlaceholder);
  });

  test(`a link with a passed check-in or a 30-night stay says what changed and why (${lang})`, async ({
    page,
    hotel,
  }) => {
    const first = today();
    const past = first.subtract({ days: 3 });
    await page.goto(
      `${prefix}/search/${hotel.id}-${hotel.slug}/?checkin=${past}&checkout=${past.add({ days: 2 })}&id=${hotel.id}`,
    );
    const notice = page.locator('[data-search-notice]');
    await expect(notice).toHaveText(
      fill(t.search.noticePast, {
        asked: formatDate(past.toString(), lang),
        chosen: formatDate(first.toString(), lang),
      }),
    );
    await expect(page).toHaveURL(new RegExp(`checkin=${first}`));
    const later = first.add({ days: 5 });
    await page.goto(
      `${prefix}/search/${hotel.id}-${hotel.slug}/?checkin=${later}&checkout=${later.add({ days: 30 })}&id=${hotel.id}`,
    );
    await expect(notice).toHaveText(
      fill(t.search.noticeTooLong, {
        asked: fill(t.search.nights, { n: 30 }),
        chosen: fill(t.search.nights, { n: 14 }),
      }),
    );
    await expect(page.locator('[data-search-filter] select[name=duration]')).toHaveValue('14');
    await expect(page).toHaveURL(new RegExp(`checkout=${later.add({ days: 14 })}`));
  });

  test(`the calendar tells sold days from past days and from days not open yet (${lang}) @desktop`, async ({
    page,
  }) => {
    // A "today" (within a few days of the real one, inside the seeded stock) whose 90-day window ends
    // mid-month and that is not the 1st, so a past day and a day not open yet are both on screen.
    let day = today();
    while (day.day === 1 || day.add({ days: AVAILABILITY_WINDOW_DAYS - 1 }).day > 27) day = day.add({ days: 1 });
    await page.clock.setFixedTime(
      new Date(day.toZonedDateTime({ timeZone: 'Asia/Jakarta', plainTime: '10:00' }).epochMilliseconds),
    );
    let sold = day.add({ days: 5 });
    while (!isSeedBlackout(1, sold)) sold = sold.add({ days: 1 });
    await page.goto(`${prefix}/search/1-bobobox-blok-m/?checkin=${sold.subtract({ days: 1 })}&checkout=${sold}&id=1`);
    await expect(page.locator('[data-room-type]').first()).toBeVisible();
    await dismissAlert(page);
    await page.locator('[data-search-filter] button[name=checkin]').click();
    const calendar = page.locator('[data-calendar]');
    const next = calendar.getByRole('button', { name: t.search.nextMonth });
    const show = async (d: Temporal.PlainDate) => {
      for (let i = 0; i < 5 && !(await calendar.locator(`[data-date="${d}"]`).count()); i++) await next.click();
      return calendar.locator(`[data-date="${d}"]`);
    };
    const prev = calendar.getByRole('button', { name: t.search.prevMonth });
    while (await prev.isEnabled()) await prev.click();
    const past = calendar.locator(`[data-date="${day.subtract({ days: 1 })}"]`);
    await expect(past).toHaveAttribute('data-state', 'past');
    await expect(past).toContainText(
      fill(t.search.dayPast, { date: formatDate(day.subtract({ days: 1 }).toString(), lang) }),
    );
    await expect(past).not.toHaveClass(/line-through/);
    const soldDay = await show(sold);
    await expect(soldDay).toHaveAttribute('data-state', 'sold');
    await expect(soldDay).toHaveClass(/line-through/);
    const beyond = day.add({ days: AVAILABILITY_WINDOW_DAYS });
    const closed = await show(beyond);
    await expect(closed).toHaveAttribute('data-state', 'beyond');
    await expect(closed).toContainText(fill(t.search.dayBeyond, { date: formatDate(beyond.toString(), lang) }));
    await expect(closed).not.toHaveClass(/line-through/);
  });
}
