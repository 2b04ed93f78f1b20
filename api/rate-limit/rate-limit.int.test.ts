import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { post } from '../auth/test-helpers.ts';
import { issueClientToken } from '../auth/tokens.service.ts';
import { RATE_RULES } from './rate-limit.service.ts';

// Two API "nodes": separate app instances (and deps objects) on one database.
const nodeA = await testDeps();
const nodeB = await testDeps({}, nodeA.deps.database);
const appA = createApp(nodeA.deps);
const appB = createApp(nodeB.deps);
afterAll(() => nodeA.deps.database.close());

const login = async (app: typeof appA, deps: typeof nodeA.deps, username: string, lang = 'en') =>
  post(
    app,
    '/api/auth/login',
    { username, password: 'wrong-pass-1' },
    { token: (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token, lang },
  );

describe('rate limits in PostgreSQL', () => {
  it('failed sign-ins counted on one node are refused on another with a bilingual 429', async () => {
    const limit = RATE_RULES.signInFailuresByAccountAndIp.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await login(i % 2 ? appA : appB, i % 2 ? nodeA.deps : nodeB.deps, 'ratelimited@example.com');
      expect(res.status).toBe(401);
    }
    const blocked = await login(appB, nodeB.deps, 'ratelimited@example.com', 'id');
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body.code).toBe('rate_limited');
    expect(body.message).toMatch(/Terlalu banyak/);
    expect(body.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await login(appA, nodeA.deps, 'someone-else@example.com')).status).toBe(401);
    // The counter row is in the database, not in either process; refused attempts are not counted.
    const rows = await nodeA.deps.database.db.execute(
      `select count from rate_limits where key = 'signin-fail-acct-ip:name:ratelimited@example.com@unknown'`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0].count).toBe(limit);
  });

  it('the window slides: 15 minutes on the failures still weigh, 30 minutes on they are gone', async () => {
    for (let i = 0; i < RATE_RULES.signInFailuresByAccountAndIp.limit; i += 1)
      await login(appA, nodeA.deps, 'window@example.com');
    expect((await login(appA, nodeA.deps, 'window@example.com')).status).toBe(429);
    nodeA.advance(15 * 60 * 1000);
    expect((await login(appA, nodeA.deps, 'window@example.com')).status).toBe(429);
    nodeA.advance(15 * 60 * 1000);
    expect((await login(appA, nodeA.deps, 'window@example.com')).status).toBe(401);
  });

  it('a burst straddling a window boundary gets the limit, not twice the limit', async () => {
    const limit = RATE_RULES.signInFailuresByAccountAndIp.limit;
    const windowMs = RATE_RULES.signInFailuresByAccountAndIp.windowSeconds * 1000;
    const now = nodeA.deps.now!().getTime();
    nodeA.advance(windowMs - (now % windowMs) - 2_000); // two seconds before a boundary
    let allowed = 0;
    for (let i = 0; i < 2 * limit; i += 1) {
      if (i === limit) nodeA.advance(4_000); // across the boundary
      if ((await login(appA, nodeA.deps, 'straddle@example.com')).status === 401) allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(limit + 1);
  });

  it('code requests per address are limited', async () => {
    const token = (await issueClientToken(nodeA.deps, nodeA.deps.env.WEB_CLIENT_ID)).access_token;
    const ask = () =>
      post(appA, '/api/auth/password/forgot', { channel: 'email', target: 'limit-codes@example.com' }, { token });
    // Each request after the 60-second resend cool-down, so only the per-address limit can refuse.
    for (let i = 0; i < RATE_RULES.codeRequestByTarget.limit; i += 1) {
      expect((await ask()).status).toBe(202);
      nodeA.advance(61_000);
    }
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('rate_limited');
  });
});
