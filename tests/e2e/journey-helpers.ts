import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { Temporal } from '../../core/temporal.ts';
import { offersStayNow, parseStayNowConfig } from '../../islands/lib/stay-dates.ts';
import { FROM_THIS_MACHINE } from './fixtures.ts';

// Shared steps of the booking-journey tests. Each test makes its own guest (unique e-mail and phone).

export function uniqueGuest(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return {
    name: `Journey ${tag}`,
    email: `journey-${tag}-${n}@example.com`,
    phone: `81${n}`,
    password: 'tidur123nyenyak',
  };
}

/**
 * The newest 4-digit code sent to an address, read from GET /api/dev/outbox; with `subjects`, only
 * from a message with one of them (the outbox delivers in the background: an older code may be the
 * newest there for a moment).
 */
export async function codeFor(request: APIRequestContext, to: string, subjects?: string[]): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await request.get('/api/dev/outbox', { headers: FROM_THIS_MACHINE });
    const body = (await res.json()) as {
      messages: { to: string; subject: string | null; codes: string[]; created: string }[];
    };
    const mine = body.messages.filter(
      (m) => m.to.includes(to) && m.codes.length && (!subjects || subjects.includes(m.subject ?? '')),
    );
    expect(mine.length).toBeGreaterThan(0);
    code = mine.sort((a, b) => b.created.localeCompare(a.created))[0].codes[0];
  }).toPass({ timeout: 15_000 });
  return code;
}

/** 10:00 today in Jakarta, so no test meets the Stay Now window by accident. */
export function jakartaMorning(hour = 10): Date {
  const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();
  return new Date(
    today.toZonedDateTime({ timeZone: 'Asia/Jakarta', plainTime: Temporal.PlainTime.from({ hour }) }).epochMilliseconds,
  );
}

/**
 * After a search for today's check-in, at the real time: the Stay Now question comes up in its hours
 * (00:00-05:59 Jakarta by default); answer "later" so the check-in stays today. Journeys that hold
 * rooms run on the real clock, since the server's payment window is real time: a browser clock pinned
 * ahead of it would see a fresh hold as already expired.
 */
export async function keepTodayIfAsked(page: Page, t: { stayNowTitle: string; stayLater: string }) {
  const config = parseStayNowConfig(process.env.PUBLIC_STAY_NOW, process.env.PUBLIC_STAY_NOW_HOURS);
  const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate().toString();
  if (!offersStayNow(new Date(), today, config)) return;
  const modal = page.getByRole('dialog', { name: t.stayNowTitle });
  await modal.getByRole('button', { name: t.stayLater }).click();
}

export async function userTokens(page: Page): Promise<{ accessToken: string; refreshToken: string }> {
  return page.evaluate(
    () => JSON.parse(atob(localStorage.getItem('auth') ?? '')) as { accessToken: string; refreshToken: string },
  );
}

/** Pick a hotel in the home filter and wait until its availability and max duration are loaded. */
export async function chooseHotel(page: Page, value: string) {
  const select = page.locator('[data-search-filter] select[name=hotel]');
  // As a guest reaches for it: on home and /search/ the list is asked for on the guest's first move.
  await hydrated(page);
  await select.focus();
  await expect(select.locator(`option[value="${value}"]`)).toHaveCount(1);
  await select.selectOption(value);
  await expect(page.locator('[data-search-filter] select[name=duration]')).toBeEnabled();
  await expect(page.locator('[data-search-filter] button[type=submit]')).toBeEnabled();
}

/** Close the global alert (e.g. the Promo alert) when it is open. */
export async function dismissAlert(page: Page) {
  const dialog = page.locator('dialog[data-alert-modal][open]');
  // A click that lands before the alert's script has taken the page, or an alert the search opens
  // again as it answers, leaves it open: press its button until it stays closed.
  await expect(async () => {
    if (await dialog.count()) await dialog.getByRole('button').click({ timeout: 2_000 });
    await expect(dialog).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

export const WEB = { client_id: 'bobobox-web', apiKey: 'dev-only-web-api-key' };

/** A verified guest made through the API (register, outbox code, complete): tokens and profile. */
export async function apiGuest(request: APIRequestContext, tag: string) {
  const guest = uniqueGuest(tag);
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'client_credentials', client_id: WEB.client_id },
    headers: { 'x-api-key': WEB.apiKey },
  });
  const client = (await token.json()).access_token as string;
  const headers = { Authorization: `Bearer ${client}`, 'x-api-key': WEB.apiKey };
  const reg = await request.post('/api/auth/register', {
    form: {
      fullName: guest.name,
      email: guest.email,
      phone: guest.phone,
      password: guest.password,
      confirmPassword: guest.password,
    },
    headers,
  });
  expect(reg.status()).toBe(201);
  const done = await request.post('/api/auth/register/complete', {
    form: { channel: 'email', target: guest.email, code: await codeFor(request, guest.email) },
    headers,
  });
  const body = await done.json();
  return {
    ...guest,
    client,
    accessToken: body.access_token as string,
    refreshToken: body.refresh_token as string,
    user: { id: body.user.id as number, name: body.user.name as string },
  };
}

/** Put a session into the page's storage the way the site keeps it (spec section 4). */
export async function signInPage(
  page: Page,
  s: { accessToken: string; refreshToken: string; user: { id: number; name: string } },
) {
  await page.addInitScript((session) => {
    // Once per tab: the tab's name survives its navigations, and (unlike session storage) a sign-out,
    // which clears every storage area, so a signed-out tab is not signed in again by this script.
    if (window.name === 'e2e-seeded') return;
    window.name = 'e2e-seeded';
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem(
      'auth',
      btoa(JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken })),
    );
    localStorage.setItem('profile', JSON.stringify(session.user));
  }, s);
}

/** A waiting reservation for the guest (2 nights from the first day hotel 1 can sell). */
export async function apiReservation(request: APIRequestContext, accessToken: string, hotelId = 1) {
  const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();
  for (let i = 1; i < 30; i++) {
    const checkin = today.add({ days: i });
    const res = await request.post('/api/clients/v1/reservations/create', {
      form: {
        hotel_id: String(hotelId),
        room_type_id: String(hotelId * 10 + 1),
        check_in_date_time: checkin.toString(),
        check_out_date_time: checkin.add({ days: 2 }).toString(),
        total_room: '1',
      },
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (res.status() === 201) return (await res.json()).data as { id: number };
  }
  throw new Error('no reservation could be made');
}

/** `pods` double pods (two guests each) for one night, booked by the guest at the test's own hotel. */
export async function apiDoublePod(request: APIRequestContext, accessToken: string, hotelId: number, pods = 1) {
  const today = Temporal.Now.plainDateISO('Asia/Jakarta');
  for (let i = 1; i < 30; i++) {
    const checkIn = today.add({ days: i });
    const res = await request.post('/api/clients/v1/reservations/create', {
      form: {
        hotel_id: String(hotelId),
        room_type_id: String(hotelId * 10 + 3),
        check_in_date_time: checkIn.toString(),
        check_out_date_time: checkIn.add({ days: 1 }).toString(),
        total_room: String(pods),
      },
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (res.status() === 201) return ((await res.json()) as { data: { id: number } }).data.id;
  }
  throw new Error('no double pod could be booked');
}

/** Pay through the sandbox like a bank would: a BCA VA charge, the simulator's "pay", then paid; the charge. */
export async function apiPay(request: APIRequestContext, accessToken: string, reservationId: number) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const charge = await request.post('/api/clients/v1/payment/charge', {
    headers,
    data: { reservation_id: reservationId, payment_channel_code: 'bca_va', terms_accepted: true },
  });
  expect(charge.status(), await charge.text()).toBe(200);
  const { order_id: order, gross_amount: grossAmount } = (
    (await charge.json()) as {
      data: { order_id: string; gross_amount: number };
    }
  ).data;
  const sim = await request.post(`/dev/payment-simulator/${encodeURIComponent(order)}/pay/`, {
    headers: FROM_THIS_MACHINE,
    maxRedirects: 0,
  });
  expect(sim.status()).toBe(303);
  await expect(async () => {
    const status = await request.get(`/api/clients/v1/payment/status?reservationId=${reservationId}`, { headers });
    expect(((await status.json()) as { data: { payment_status: number } }).data.payment_status).toBe(2);
  }).toPass({ timeout: 15_000 });
  return { orderId: order, grossAmount };
}

/** The host app: the confidential client's token (client_credentials with Basic auth). */
export async function hostVerify(request: APIRequestContext, token: string) {
  const basic = Buffer.from('bobobox-server-dev:dev-only-client-secret-change-me').toString('base64');
  const headers = { 'x-api-key': 'dev-only-server-api-key' };
  const auth = await request.post('/api/oauth2/token', {
    form: { grant_type: 'client_credentials' },
    headers: { ...headers, Authorization: `Basic ${basic}` },
  });
  expect(auth.status()).toBe(200);
  const bearer = ((await auth.json()) as { access_token: string }).access_token;
  return request.post('/api/host/v1/stay-pass/verify', {
    data: { token },
    headers: { ...headers, Authorization: `Bearer ${bearer}` },
  });
}

/** Wait until every island on the page has hydrated (Astro drops the `ssr` attribute). */
export async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Layout shifts recorded by the page since it started (buffered), without those after input. */
export async function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
        const entries: { value: number; nodes: string[] }[] = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          }[])
            if (!e.hadRecentInput)
              entries.push({
                value: e.value,
                nodes: (e.sources ?? []).map((s) =>
                  s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName),
                ),
              });
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(entries), 100);
      }),
  );
}
