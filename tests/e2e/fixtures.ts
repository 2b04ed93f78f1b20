import { test as base, expect } from '@playwright/test';

// Every browser test imports `test` and `expect` from here:
// - `page` fails the test on any uncaught error in the page (a hydration mismatch is one): the guest
//   would have met it too; and on any Content-Security-Policy violation (a script, style, image or
//   call the policy blocked is a broken page for the guest); and on any image request that does not
//   answer 200;
// - `hotel` is a pod hotel of the test's own (POST /api/dev/fixtures/hotel, TEST_FIXTURE_ROUTES=1 in
//   playwright.config.ts): full stock for the whole window, nothing pre-sold, no blackout night, so no
//   other test books its rooms.

export type FixtureHotel = { id: number; slug: string; name: string };

/**
 * Development tools answer this machine only (server/modes.ts): a test that uses them says its
 * request comes from here, overriding its own client address.
 */
export const FROM_THIS_MACHINE = { 'X-Forwarded-For': '127.0.0.1' };

/** A documentation-range address of the test's own (198.18.0.0/15), stable for its retries. */
function clientAddressFor(testId: string): string {
  let h = 0;
  for (const ch of testId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `198.${18 + (h & 1)}.${(h >>> 1) & 255}.${((h >>> 9) % 254) + 1}`;
}

export const test = base.extend<{ hotel: FixtureHotel }>({
  // Each test is its own client behind the trusted loopback proxy (TRUST_PROXY in playwright.config.ts),
  // so per-address limits (sign-up, codes, sign-in) count each test's requests, not the suite's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressFor(testInfo.testId) });
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    const violations: string[] = [];
    const brokenImages: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
          `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`,
        ),
      ),
    );
    // A picture that does not answer 200 (or 304) is a broken box for the guest. Aborted requests are
    // the page moving on (navigation), not failures.
    page.on('response', (r) => {
      if (r.request().resourceType() === 'image' && r.status() !== 200 && r.status() !== 304)
        brokenImages.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      const failure = r.failure()?.errorText ?? '';
      if (r.resourceType() === 'image' && !/ERR_ABORTED/.test(failure)) brokenImages.push(`${failure} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
    expect(brokenImages, 'image requests that did not answer 200').toEqual([]);
  },
  hotel: async ({ request }, use) => {
    const res = await request.post('/api/dev/fixtures/hotel', { headers: FROM_THIS_MACHINE });
    expect(res.status(), await res.text()).toBe(201);
    await use(((await res.json()) as { data: FixtureHotel }).data);
  },
});

export { expect };
