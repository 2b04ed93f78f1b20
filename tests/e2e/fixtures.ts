import { test as base, expect } from '@playwright/test';

// Every browser test imports `test` and `expect` from here:
// - `page` fails the test on any uncaught error in the page (a hydration mismatch is one): the guest
//   would have met it too;
// - `hotel` is a pod hotel of the test's own (POST /api/dev/fixtures/hotel, TEST_FIXTURE_ROUTES=1 in
//   playwright.config.ts): full stock for the whole window, nothing pre-sold, no blackout night, so no
//   other test books its rooms.

export type FixtureHotel = { id: number; slug: string; name: string };

export const test = base.extend<{ hotel: FixtureHotel }>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
  hotel: async ({ request }, use) => {
    const res = await request.post('/api/dev/fixtures/hotel');
    expect(res.status(), await res.text()).toBe(201);
    await use(((await res.json()) as { data: FixtureHotel }).data);
  },
});

export { expect };
