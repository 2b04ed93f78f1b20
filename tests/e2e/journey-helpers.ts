import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';

// Shared steps of the booking-journey tests. Each test makes its own guest (unique e-mail and phone).

export function uniqueGuest(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return { name: `Journey ${tag}`, email: `journey-${tag}-${n}@example.com`, phone: `81${n}`, password: 'tidur123nyenyak' };
}

/** The newest 4-digit code sent to an address, read from GET /api/dev/outbox. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await request.get('/api/dev/outbox');
    const body = (await res.json()) as { messages: { to: string; codes: string[]; created: string }[] };
    const mine = body.messages.filter((m) => m.to.includes(to) && m.codes.length);
    expect(mine.length).toBeGreaterThan(0);
    code = mine.sort((a, b) => b.created.localeCompare(a.created))[0].codes[0];
  }).toPass({ timeout: 15_000 });
  return code;
}

/** 10:00 today in Jakarta, so no test meets the Stay Now window by accident. */
export function jakartaMorning(hour = 10): Date {
  const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();
  return new Date(today.toZonedDateTime({ timeZone: 'Asia/Jakarta', plainTime: Temporal.PlainTime.from({ hour }) }).epochMilliseconds);
}

export async function userTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  return page.evaluate(() => JSON.parse(atob(localStorage.getItem('auth') ?? '')) as { accessToken: string; refreshToken: string });
}

/** Pick a hotel in the home filter and wait until its availability and max duration are loaded. */
export async function chooseHotel(page: Page, value: string) {
  const select = page.locator('[data-search-filter] select[name=hotel]');
  await expect(select.locator(`option[value="${value}"]`)).toHaveCount(1);
  await select.selectOption(value);
  await expect(page.locator('[data-search-filter] select[name=duration]')).toBeEnabled();
  await expect(page.locator('[data-search-filter] button[type=submit]')).toBeEnabled();
}

/** Close the global alert (e.g. the Promo alert) when it is open. */
export async function dismissAlert(page: Page) {
  const dialog = page.locator('dialog[data-alert-modal][open]');
  if (await dialog.count()) await dialog.getByRole('button').click();
  await expect(page.locator('dialog[data-alert-modal][open]')).toHaveCount(0);
}
