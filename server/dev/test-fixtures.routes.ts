import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { users } from '../../api/auth/auth.schema.ts';
import type { Db } from '../../api/db/client.ts';
import { parseInput, readBody } from '../../api/http/input.ts';
import { IDENTITY_STATES } from '../../core/contracts/account.ts';
import { PositiveInt } from '../../core/contracts/common.ts';
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
  // A guest's ID verification state (the operator's decision, made instantly for a test).
  app.post('/dev/fixtures/identity', async (c) => {
    const b = parseInput(v.object({ userId: PositiveInt, status: v.picklist(IDENTITY_STATES) }), await readBody(c));
    const db = deps.database.db as Db;
    await db.update(users).set({ identityStatus: b.status }).where(eq(users.id, b.userId));
    return c.json({ data: b }, 200);
  });
  return app;
}
