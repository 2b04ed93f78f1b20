import { AsyncLocalStorage } from 'node:async_hooks';
import { syncPolicies } from '../../api/insurance/insurance.service.ts';
import { offerFreedRooms } from '../../api/waitlist/waitlist.service.ts';
import { stockChanged } from '../../api/availability/stock-cache.ts';
import { rows } from '../../api/db/query.ts';
import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { createApp } from '../../api/app.ts';
import { users } from '../../api/auth/auth.schema.ts';
import { parseInput, readBody } from '../../api/http/input.ts';
import { IDENTITY_STATES } from '../../core/contracts/account.ts';
import { IntLike, PlainDateString, PositiveInt } from '../../core/contracts/common.ts';
import { jakartaToday } from '../../core/dates.ts';
import type { AppDeps } from '../../api/platform/deps.ts';
import { seedFixtureHotel } from '../../api/seed/seed.ts';
import { activateDuePoints } from '../../api/points/points.jobs.ts';
import { purgeDeletedAccounts } from '../../api/account/deletion.service.ts';
import { runOps } from '../../api/operator.ts';
import { nowOf } from '../../api/platform/clock.ts';

/** An instant a test injects (ISO 8601 with its offset); absent: the real clock. */
const Instant = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.transform((s) => new Date(s)),
);

/** The account jobs a test may run at an injected instant, for its own guest only (api/jobs/account-jobs.ts). */
const GUEST_JOBS = {
  'points.activate': (deps: AppDeps, at: Date, userId: number) => activateDuePoints(deps.database.db, at, { userId }),
  'accounts.purge': (deps: AppDeps, at: Date, userId: number) => purgeDeletedAccounts(deps, at, { userId }),
  'insurance.sync': (deps: AppDeps, at: Date, userId: number) => syncPolicies(deps, at, { userId }),
  // Every queue (a freed room goes to whoever is first, which is the test's own guest on its own hotel).
  'waitlist.offer': (deps: AppDeps, at: Date) => offerFreedRooms(deps, at),
} as const;

// Test-only (TEST_FIXTURE_ROUTES=1, set by playwright.config.ts; never loaded otherwise, see
// server/dev-loading.int.test.ts): browser tests create data of their own instead of sharing the
// seeded hotels (tests/e2e/fixtures.ts).

export function testFixtureRoutes(deps: AppDeps) {
  const app = new Hono();
  app.post('/dev/fixtures/hotel', async (c) => {
    const now = nowOf(deps);
    // ?hourly=1: an hourly (day-use) hotel with the seed's 3, 6 and 12-hour blocks.
    const hourly = c.req.query('hourly') === '1';
    return c.json({ data: await seedFixtureHotel(deps.database, jakartaToday(now), { hourly }) }, 201);
  });
  // A room type's stock on some nights of a fixture hotel (sold out, or rooms opened again).
  app.post('/dev/fixtures/stock', async (c) => {
    const b = parseInput(
      v.object({
        roomTypeId: PositiveInt,
        from: PlainDateString,
        to: PlainDateString,
        sellable: IntLike,
        sold: IntLike,
      }),
      await readBody(c),
    );
    const db = deps.database.db;
    const changed = await rows(
      db,
      sql`update room_inventory set sellable = ${b.sellable}, sold = ${b.sold}
          where room_type_id = ${b.roomTypeId} and date >= ${b.from}::date and date < ${b.to}::date
            and hotel_id >= 9000 returning 1`,
    );
    stockChanged(db, '*');
    return c.json({ data: { nights: changed.length } }, 200);
  });
  // A guest's ID verification state (the operator's decision, made instantly for a test).
  app.post('/dev/fixtures/identity', async (c) => {
    const b = parseInput(v.object({ userId: PositiveInt, status: v.picklist(IDENTITY_STATES) }), await readBody(c));
    const db = deps.database.db;
    await db.update(users).set({ identityStatus: b.status }).where(eq(users.id, b.userId));
    return c.json({ data: b }, 200);
  });

  // The operator command (`npm run ops -- identity|reactivate ...`, api/operator.ts) run inside
  // this server: the embedded database is this process's, so the command line refuses to open it
  // while the server runs. Same function, same output; `at` injects the clock (reactivation's 30 days).
  app.post('/dev/fixtures/ops', async (c) => {
    const b = parseInput(
      v.object({ args: v.array(v.pipe(v.string(), v.maxLength(200))), at: v.optional(Instant) }),
      await readBody(c),
    );
    const at = b.at;
    return c.json({ data: await runOps(b.args, { ...deps, now: at ? () => at : deps.now }) }, 200);
  });

  // An account job at an injected instant (the server's own clock is real: its periodic run would only
  // catch up on the real day), for one guest, so parallel tests' points and accounts are left alone.
  app.post('/dev/fixtures/jobs/:name', async (c) => {
    const name = c.req.param('name');
    if (!(name in GUEST_JOBS)) return c.json({ message: `no job ${name}` }, 404);
    const b = parseInput(v.object({ userId: PositiveInt, at: Instant }), await readBody(c));
    const result = await GUEST_JOBS[name as keyof typeof GUEST_JOBS](deps, b.at, b.userId);
    return c.json({ data: { job: name, at: b.at.toISOString(), result } }, 200);
  });

  // The API as it answers at an injected instant: /api/dev/fixtures/at/<ISO instant>/api/... runs
  // /api/... on a second instance of the same app whose clock reads the instant (AsyncLocalStorage, so
  // concurrent requests keep their own). A browser test routes its page's API calls here to see the
  // account area after a check-out or an earning date (tests/e2e/account-lifecycle.e2e.ts); the
  // request's client address comes back from X-Fixture-Client (the loopback check needed 127.0.0.1).
  const injected = new AsyncLocalStorage<Date>();
  let atApp: ReturnType<typeof createApp> | null = null;
  app.all('/dev/fixtures/at/:instant/*', async (c) => {
    const at = v.safeParse(Instant, decodeURIComponent(c.req.param('instant')));
    if (!at.success) return c.json({ message: 'not an ISO 8601 instant' }, 400);
    atApp ??= createApp({ ...deps, now: () => injected.getStore() ?? nowOf(deps) });
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^\/api\/dev\/fixtures\/at\/[^/]+/, '');
    const headers = new Headers(c.req.raw.headers);
    const client = headers.get('x-fixture-client');
    headers.delete('x-fixture-client');
    if (client) headers.set('x-forwarded-for', client);
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    const app = atApp;
    return injected.run(at.output, () => app.fetch(new Request(url, { method, headers, body }), c.env));
  });
  return app;
}
