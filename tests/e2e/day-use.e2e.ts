import { expect, test } from './fixtures.ts';
import { FROM_THIS_MACHINE } from './fixtures.ts';
import type { FixtureHotel } from './fixtures.ts';
import { fill } from '../../core/i18n/fill.ts';
import { formatRupiah } from '../../core/money.ts';
import { formatDate } from '../../core/dates.ts';
import { dict, LANG_CASES } from '../helpers/i18n.ts';
import { apiGuest, dismissAlert, hydrated, signInPage } from './journey-helpers.ts';

// Day use in a real browser, both languages, phone and desktop: on home choose "Day use", an hourly
// hotel of the test's own, a block and a start; the hotel page restores that search from its URL
// (?checkin=&hours=&start=&id=), shows block prices, and choosing a room reaches the review with the
// block's times; the payment page and the payment status page name the day and the block too. The
// hourly hotel comes from the dev fixture route (?hourly=1): its single sky pods sell 3 hours for
// Rp 58.000 (seed: 40 % of the 145.000 nightly base).

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

for (const { lang, prefix } of LANG_CASES) {
  test(`home day-use search to the review, payment and status with the block's times (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = dict[lang];
    const res = await request.post('/api/dev/fixtures/hotel?hourly=1', { headers: FROM_THIS_MACHINE });
    expect(res.status(), await res.text()).toBe(201);
    const hotel = ((await res.json()) as { data: FixtureHotel }).data;
    const slug = `${hotel.id}-${hotel.slug}`;
    // Signed in already: this test is about day use, not the sign-in detour (journey.e2e.ts has it).
    await signInPage(page, await apiGuest(request, `${lang}-day`));

    await page.goto(`${prefix}/`);
    await hydrated(page);
    const filter = page.locator('[data-search-filter]');
    await filter.getByRole('radio', { name: t.search.stayDayUse }).check();
    const hotelSelect = filter.locator('select[name=hotel]');
    await expect(hotelSelect.locator(`option[value="${slug}"]`)).toHaveCount(1);
    // Only hourly hotels are offered for day use.
    await expect(hotelSelect.locator('option[value="1-bobobox-blok-m"]')).toHaveCount(0);
    await hotelSelect.selectOption(slug);
    const block = filter.locator('select[name=block]');
    const start = filter.locator('select[name=start]');
    await expect(start).toBeEnabled();
    // The 3-hour block, priced per block ("3 hours · from Rp 58.000").
    await expect(block.locator('option[value="3"]')).toHaveText(
      fill(t.search.blockFrom, { n: 3, price: formatRupiah(58_000) }),
    );
    await block.selectOption('3');
    const options = await start.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    // The last start still sellable today (or tomorrow's first when today's are over): one that is not the default.
    const chosen = Number(options[options.length - 1]);
    await start.selectOption(String(chosen));
    await expect(filter.locator('[data-search-hint]')).toContainText(`${hh(chosen)}–${hh(chosen + 3)}`);
    await filter.getByRole('button', { name: t.search.search, exact: true }).click();

    // The URL carries the day-use search, and the hotel page restores it.
    await expect(page).toHaveURL(
      new RegExp(`${prefix}/search/${slug}/\\?checkin=\\d{4}-\\d{2}-\\d{2}&hours=3&start=${chosen}&id=${hotel.id}$`),
    );
    const checkin = new URL(page.url()).searchParams.get('checkin') ?? '';
    await expect(page.getByRole('heading', { level: 1, name: hotel.name })).toBeVisible();
    await hydrated(page);
    await expect(filter.getByRole('radio', { name: t.search.stayDayUse })).toBeChecked();
    await expect(block).toHaveValue('3');
    await expect(start).toHaveValue(String(chosen));

    // Block prices on the room cards and the block on the stay line.
    const line = fill(t.booking.blockHoursLabel, { n: 3 });
    await expect(page.locator('[data-stay-line]')).toContainText(`${line}, `);
    await expect(page.locator('[data-stay-line]')).toContainText(`${hh(chosen)}–${hh(chosen + 3)}`);
    const sky = page.locator(`[data-room-type="${hotel.id * 10 + 1}"]`);
    // The block price (Rp 58.000) with the 10 % tax and 5 % service, as the review will charge it.
    await expect(sky.locator('[data-price]')).toHaveText(formatRupiah(58_000 + 5_800 + 2_900));
    await expect(sky.locator('[data-price-note]')).toHaveText(fill(t.booking.perBlock, { hours: line }));
    await dismissAlert(page);
    await sky.getByRole('button', { name: new RegExp(`^${t.booking.choose}`) }).click();

    // The review shows the block: its day with start and end times and "3 hours, HH:00–HH:00".
    await expect(page).toHaveURL(new RegExp(`${prefix}/reservation/review/\\d+/$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.booking.reviewTitle })).toBeVisible();
    const duration = fill(t.booking.dayUseDuration, { hours: line, start: hh(chosen), end: hh(chosen + 3) });
    await expect(page.getByText(duration).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`${hh(chosen)} WIB`)).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`${hh(chosen + 3)} WIB`)).first()).toBeVisible();
    // Block price + tax 10 % + service 5 %.
    await expect(page.locator('[data-price-row=tax]')).toHaveText(formatRupiah(5_800));
    await expect(page.locator('[data-price-row=total]')).toHaveText(formatRupiah(58_000 + 5_800 + 2_900));

    // On to the payment page: its summary names the day and the block with its times, not dates only.
    const id = Number(/review\/(\d+)\//.exec(page.url())?.[1]);
    const stay = `${t.payment.dayUse}: ${fill(t.payment.dayUseBlock, {
      day: formatDate(checkin, lang),
      hours: fill(t.payment.blockHours, { n: 3 }),
      start: hh(chosen),
      end: hh(chosen + 3),
      zone: 'WIB',
    })}`;
    await page.getByRole('button', { name: t.booking.continue, exact: true }).click();
    await expect(page.locator('[data-carbon-step]')).toBeVisible();
    await page.getByRole('link', { name: t.booking.toPayment }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/list/${id}/$`));
    await expect(page.locator('[data-pay-stay]')).toHaveText(`${stay} · ${t.payment.pods}: 1`);
    await expect(page.locator('[data-pay-stay]')).toHaveAttribute('data-pay-stay', 'day-use');

    // Paid by BCA VA, the status page's summary names the block the same way.
    await page.locator('[data-channel="bca_va"]').check();
    await page.locator('[data-terms]').focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[data-terms]')).toBeChecked();
    await page.locator('[data-pay]').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/status/${id}/$`));
    await expect(page.locator('[data-status-heading]')).toHaveText(t.payment.statusPending);
    await expect(page.locator('[data-pay-stay]')).toHaveText(`${stay} · ${t.payment.pods}: 1`);
  });
}
