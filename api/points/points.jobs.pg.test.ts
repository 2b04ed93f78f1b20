import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { registerJobs } from '../jobs.ts';
import { startJobQueue } from '../jobs/queue.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { testDeps } from '../auth/test-db.ts';
import { purgeDeletedAccounts } from '../account/deletion.service.ts';
import { freshPgDatabase } from '../../tests/helpers/pg-nodes.ts';
import { activateDuePoints, expireStalePoints, grantWelcomePoints } from './points.jobs.ts';
import { earnPendingForStay } from './points.service.ts';
import { insertStay } from './test-ledger.ts';

// The account jobs on real PostgreSQL with two workers (two nodes' connection pools): run at the same
// moment, ten times between them, each rule leaves exactly one ledger row per guest and reason; run
// again afterwards (a replay), it changes nothing. The last test goes through the job queue itself,
// both nodes offering the same slot.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let nodeA: Database;
let nodeB: Database;
let deps: Awaited<ReturnType<typeof testDeps>>['deps'];
const dbA = () => nodeA.db;

beforeAll(async () => {
  nodeA = await freshPgDatabase(url, 10);
  await openSeededDatabase(TEST_NOW, nodeA);
  nodeB = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 10 });
  const t = await testDeps({ DATABASE_URL: url }, nodeA);
  t.setNow(TEST_NOW);
  deps = t.deps;
}, 120_000);
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

/** Ten runs at once, alternating between the two nodes' pools. */
const race = <T>(run: (db: Db) => Promise<T>) =>
  Promise.all(Array.from({ length: 10 }, (_, i) => run((i % 2 ? nodeB : nodeA).db as Db)));

async function guests(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await tokensForTest(deps, { withUser: true })).userId!);
  return ids;
}

/** Everything the ledger holds for these guests: rows per guest and reason, and balances. */
async function snapshot(ids: number[]) {
  const ledger = await rows<{ user_id: number; kind: string; status: string; amount: number; dedupe_key: string }>(
    dbA(),
    sql`select user_id, kind, status, amount, dedupe_key from bobopoint_ledger
        where user_id in ${sql.raw(`(${ids.join(',')})`)} order by user_id, id`,
  );
  const balances = await rows<{ user_id: number; balance: number }>(
    dbA(),
    sql`select user_id, balance from bobopoint_accounts where user_id in ${sql.raw(`(${ids.join(',')})`)} order by user_id`,
  );
  return { ledger, balances };
}
const rowsOf = (s: Awaited<ReturnType<typeof snapshot>>, id: number, kind: string) =>
  s.ledger.filter((r) => r.user_id === id && r.kind === kind);
const balanceOf = (s: Awaited<ReturnType<typeof snapshot>>, id: number) =>
  Number(s.balances.find((b) => b.user_id === id)?.balance ?? 0);

describe('the ledger jobs with two workers at once', () => {
  it('welcome: one row and 15,000 per verified guest; a replay changes nothing', async () => {
    const ids = await guests(20);
    await race((db) => grantWelcomePoints(db, TEST_NOW));
    const after = await snapshot(ids);
    for (const id of ids) {
      expect(rowsOf(after, id, 'welcome')).toHaveLength(1);
      expect(balanceOf(after, id)).toBe(15_000);
    }
    await race((db) => grantWelcomePoints(db, TEST_NOW));
    expect(await snapshot(ids)).toEqual(after);
  });

  it('activation: each due stay becomes active once (a stay paid with points is cancelled); a replay changes nothing', async () => {
    const ids = await guests(20);
    const paidWithPoints = new Set(ids.filter((_, i) => i % 4 === 0));
    for (const id of ids) {
      const r = await insertStay(dbA(), id, { checkin: '2026-02-27', checkout: '2026-03-01' });
      await earnPendingForStay(dbA(), id, r, '2026-03-01', TEST_NOW);
      if (paidWithPoints.has(id))
        await dbA().execute(
          sql`insert into bobopoint_ledger (user_id, amount, kind, status, reservation_id, dedupe_key, created_at)
              values (${id}, -5000, 'redeem', 'used', ${r}, ${`redeem:${r}`}, ${TEST_NOW.toISOString()}::timestamptz)`,
        );
    }
    const outcomes = await race((db) => activateDuePoints(db, TEST_NOW));
    expect(outcomes.reduce((n, o) => n + o.activated, 0)).toBe(15);
    expect(outcomes.reduce((n, o) => n + o.cancelled, 0)).toBe(5);
    const after = await snapshot(ids);
    for (const id of ids) {
      const stay = rowsOf(after, id, 'stay');
      expect(stay).toHaveLength(1);
      expect(stay[0]!.status).toBe(paidWithPoints.has(id) ? 'cancelled' : 'active');
      expect(balanceOf(after, id)).toBe(paidWithPoints.has(id) ? 0 : 15_000);
    }
    await race((db) => activateDuePoints(db, TEST_NOW));
    expect(await snapshot(ids)).toEqual(after);
  });

  it('expiry: one expire row per guest a year after the last stay, the balance at zero; a replay changes nothing', async () => {
    const ids = await guests(20);
    for (const id of ids) {
      const r = await insertStay(dbA(), id, { checkin: '2025-02-18', checkout: '2025-02-20' });
      await dbA().execute(
        sql`insert into bobopoint_ledger (user_id, amount, kind, status, reservation_id, earn_date, dedupe_key, created_at)
            values (${id}, 15000, 'stay', 'active', ${r}, '2025-02-20', ${`stay:${r}`}, '2025-02-10T03:00:00Z')`,
      );
      await dbA().execute(sql`insert into bobopoint_accounts (user_id, balance) values (${id}, 15000)`);
    }
    const counts = await race((db) => expireStalePoints(db, TEST_NOW));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    const after = await snapshot(ids);
    for (const id of ids) {
      expect(rowsOf(after, id, 'expire')).toEqual([
        { user_id: id, kind: 'expire', status: 'expired', amount: -15_000, dedupe_key: `expire:${id}:2025-02-20` },
      ]);
      expect(balanceOf(after, id)).toBe(0);
    }
    await race((db) => expireStalePoints(db, TEST_NOW));
    expect(await snapshot(ids)).toEqual(after);
  });

  it('purge: each account deleted over 30 days ago is erased once, with one purge row; a replay changes nothing', async () => {
    const ids = await guests(10);
    await grantWelcomePoints(dbA(), TEST_NOW);
    const deleted = new Date(TEST_NOW.getTime() - 31 * 86_400_000);
    await dbA().execute(
      sql`update users set deactivated_at = ${deleted.toISOString()}::timestamptz where id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        purgeDeletedAccounts({ database: i % 2 ? nodeB : nodeA, env: deps.env }, TEST_NOW),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
    const after = await snapshot(ids);
    for (const id of ids) {
      expect(rowsOf(after, id, 'purge')).toHaveLength(1);
      expect(balanceOf(after, id)).toBe(0);
    }
    const erased = await rows<{ n: number }>(
      dbA(),
      sql`select count(*)::int as n from users where erased_at is not null and name = 'Deleted guest'
          and id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    expect(erased[0]!.n).toBe(10);
    expect(await purgeDeletedAccounts({ database: nodeB, env: deps.env }, TEST_NOW)).toBe(0);
    expect(await snapshot(ids)).toEqual(after);
  });
});

describe('the ledger jobs on the job queue of two nodes', () => {
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop();
  });

  it('both nodes offer the same slot of points.activate 20 times: the stays become active once', async () => {
    const ids = await guests(6);
    // Unverified guests: the welcome job, registered with the rest, leaves them alone.
    await dbA().execute(
      sql`update users set is_email_verified = false, is_telephone_verified = false where id in ${sql.raw(`(${ids.join(',')})`)}`,
    );
    for (const id of ids) {
      const r = await insertStay(dbA(), id, { checkin: '2026-02-27', checkout: '2026-03-01' });
      await earnPendingForStay(dbA(), id, r, '2026-03-01', TEST_NOW);
    }
    for (const database of [nodeA, nodeB]) {
      const node = await testDeps({ DATABASE_URL: url }, database);
      node.setNow(TEST_NOW);
      const queue = await startJobQueue(database, { pollingSeconds: 0.5 });
      queues.push(queue);
      await registerJobs(queue, node.deps, { groups: ['account'] });
    }
    await Promise.all(Array.from({ length: 20 }, (_, i) => queues[i % 2]!.tick('points.activate')));
    await queues[0]!.drained('points.activate', 20_000);
    const after = await snapshot(ids);
    for (const id of ids) {
      expect(rowsOf(after, id, 'stay').map((r) => r.status)).toEqual(['active']);
      expect(balanceOf(after, id)).toBe(15_000);
    }
  });
});
