import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../platform/deps.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadEnv } from '../platform/env.ts';
import { startOutboxSender } from '../outbox/outbox.sender.ts';
import { withDevTools } from '../../tests/helpers/dev-tools.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { hitRateLimit } from '../rate-limit/rate-limit.service.ts';
import { tokensForTest } from './test-tokens.ts';
import { rotateRefreshToken } from './tokens.service.ts';

// Real PostgreSQL (npm run test:pg): the races that PGlite's single connection cannot show.
const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
const database = await openDatabase(env);
await migrate(database);
const deps: AppDeps = { env, database };
// The senders deliver to the sink, composed as the one server composes it.
const dev = await withDevTools(deps);
afterAll(async () => {
  await dev.close();
  await database.close();
});
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('auth races on real PostgreSQL', () => {
  it('20 parallel uses of one refresh token: exactly one rotates, the rest are refused and revoke the family', async () => {
    const t = await tokensForTest(deps);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => rotateRefreshToken(deps, t.refreshToken!, env.WEB_CLIENT_ID)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [session] = rows<{ revoked_reason: string | null }>(
      await deps.database.db.execute(sql`select revoked_reason from auth_sessions where user_id = ${t.userId}`),
    );
    expect(session.revoked_reason).toBe('refresh_reuse');
  });

  it('100 parallel hits on one rate-limit key are counted exactly (atomic upsert)', async () => {
    const key = `pg-race-${Date.now()}`;
    const rule = { name: 'pg-test', limit: 60, windowSeconds: 3600 };
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => hitRateLimit(deps, rule, key)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    const [row] = rows<{ count: number }>(
      await deps.database.db.execute(sql`select count from rate_limits where key = ${`pg-test:${key}`}`),
    );
    expect(row.count).toBe(100);
  });

  it('three senders on one database deliver 60 messages exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const senders = await Promise.all([1, 2, 3].map(() => startOutboxSender(deps)));
    try {
      const tag = `pg${Date.now()}`;
      for (let i = 0; i < 60; i += 1) {
        await enqueueMessage(deps, {
          channel: i % 3 ? 'email' : 'sms',
          to: `${tag}-${i}@example.com`,
          subject: `Race ${i}`,
          text: `race ${i}`,
          lang: 'en',
        });
      }
      const sent = await Promise.all(senders.map((s) => s.flush()));
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60);
      const counts = rows<{ to: string; n: number }>(
        await deps.database.db.execute(
          sql`select "to", count(*)::int as n from outbox_sink_messages where "to" like ${`${tag}-%`} group by "to"`,
        ),
      );
      expect(counts).toHaveLength(60);
      expect(counts.every((c) => c.n === 1)).toBe(true);
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
    }
  });
});
