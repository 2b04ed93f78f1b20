import { Hono } from 'hono';
import { jakartaToday } from '../../core/dates.ts';
import type { AppDeps } from '../../api/deps.ts';
import { seedFixtureHotel } from '../../api/db/seed.ts';

// Test-only (TEST_FIXTURE_ROUTES=1, set by playwright.config.ts; never loaded otherwise, see
// server/dev-loading.int.test.ts): browser tests create data of their own instead of sharing the
// seeded hotels (tests/e2e/fixtures.ts).

export function testFixtureRoutes(deps: AppDeps) {
  const app = new Hono();
  app.post('/dev/fixtures/hotel', async (c) => {
    const now = deps.now?.() ?? new Date();
    // ?hourly=1: an hourly (day-use) hotel with the seed's 3, 6 and 12-hour blocks.
    const hourly = c.req.query('hourly') === '1';
    return c.json({ data: await seedFixtureHotel(deps.database, jakartaToday(now), { hourly }) }, 201);
  });
  return app;
}
