import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../api/db/client.ts';
import type { Database } from '../api/platform/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { startContentSync } from './content-sync.ts';

// Two nodes on one database: a publish received by one of them (the webhook hits a single node)
// rebuilds that node at once and every other node at its next poll.

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ DATA_DIR: 'memory://' });
  await migrate(database);
});
afterAll(() => database.close());

describe('content sync across nodes', () => {
  it('a publish on node A rebuilds A at once and B at its next poll, once each', async () => {
    const rebuilt = { a: [] as string[], b: [] as string[] };
    const a = await startContentSync({ database, rebuild: async (r) => rebuilt.a.push(r), intervalMs: 50 });
    const b = await startContentSync({ database, rebuild: async (r) => rebuilt.b.push(r), intervalMs: 50 });
    try {
      expect((await a.publish('sanity webhook: promo-endless-summer')).version).toBe(1);
      expect(rebuilt.a).toEqual(['sanity webhook: promo-endless-summer']);
      await vi.waitFor(() => expect(rebuilt.b).toEqual(['content version 1']));
      await new Promise((r) => setTimeout(r, 200));
      expect([rebuilt.a.length, rebuilt.b.length]).toEqual([1, 1]);
      expect((await b.publish('scheduled change')).version).toBe(2);
      await vi.waitFor(() => expect(rebuilt.a).toEqual(['sanity webhook: promo-endless-summer', 'content version 2']));
    } finally {
      a.stop();
      b.stop();
    }
  });

  it('a node whose build is behind the shared version rebuilds at start; one that is current does not', async () => {
    const rebuilt: { reason: string; version: number }[] = [];
    const behind = await startContentSync({
      database,
      rebuild: async (reason, version) => rebuilt.push({ reason, version }),
      builtVersion: 1,
      intervalMs: 60_000,
    });
    const current = await startContentSync({
      database,
      rebuild: async (reason, version) => rebuilt.push({ reason: `current: ${reason}`, version }),
      builtVersion: 2,
      intervalMs: 60_000,
    });
    try {
      await vi.waitFor(() => expect(rebuilt).toEqual([{ reason: 'content version 2', version: 2 }]));
      await current.check();
      expect(rebuilt).toHaveLength(1);
    } finally {
      behind.stop();
      current.stop();
    }
  });

  it('a scheduled publish of an embargoed document publishes its draft first, then bumps the version', async () => {
    const steps: string[] = [];
    const sync = await startContentSync({
      database,
      rebuild: async (reason, version) => steps.push(`rebuild ${version}`),
      goLive: async (documentId) => steps.push(`go live ${documentId}`),
      intervalMs: 60_000,
    });
    try {
      const { version } = await sync.publish('scheduled change of promo-lebaran-2027', {
        goLive: 'promo-lebaran-2027',
      });
      expect(steps).toEqual(['go live promo-lebaran-2027', `rebuild ${version}`]);
      // An unscheduled publish (a webhook) publishes nothing itself.
      await sync.publish('sanity webhook: promo-x');
      expect(steps).toHaveLength(3);
    } finally {
      sync.stop();
    }
  });

  it('a node that starts after a publish keeps its own build until the next one', async () => {
    const rebuilt: string[] = [];
    const c = await startContentSync({ database, rebuild: async (r) => rebuilt.push(r), intervalMs: 50 });
    try {
      await c.check();
      expect(rebuilt).toEqual([]);
      expect(c.seen()).toBeGreaterThanOrEqual(2);
    } finally {
      c.stop();
    }
  });

  it('a node whose rebuild failed tries again with a doubling wait until it serves the version, without another publish', async () => {
    let clock = 1_000_000;
    const tries: { reason: string; at: number }[] = [];
    let failuresLeft = 2;
    const sync = await startContentSync({
      database,
      rebuild: async (reason) => {
        tries.push({ reason, at: clock });
        return { published: failuresLeft-- <= 0 };
      },
      intervalMs: 60_000,
      retryBaseMs: 5_000,
      now: () => clock,
    });
    try {
      const { version, built } = await sync.publish('sanity webhook: promo-gagal');
      expect(await built).toEqual({ published: false });
      expect([sync.seen(), sync.served()]).toEqual([version, version - 1]);
      // Within the backoff a poll builds nothing.
      clock += 4_000;
      await sync.check();
      expect(tries).toHaveLength(1);
      clock += 1_000;
      await sync.check();
      expect(tries.map((t) => t.reason)).toEqual([
        'sanity webhook: promo-gagal',
        `content version ${version} (retry 1)`,
      ]);
      // The second failure doubles the wait (10 s).
      clock += 9_000;
      await sync.check();
      expect(tries).toHaveLength(2);
      clock += 1_000;
      await sync.check();
      expect(tries).toHaveLength(3);
      expect(sync.served()).toBe(version);
      // Served: nothing more to do.
      clock += 60_000;
      await sync.check();
      expect(tries).toHaveLength(3);
    } finally {
      sync.stop();
    }
  });

  it('a rebuild that throws counts as a failure, and a newer version is tried at once, whatever the backoff', async () => {
    const clock = 0;
    const tries: number[] = [];
    let throwing = true;
    const sync = await startContentSync({
      database,
      rebuild: async (_reason, version) => {
        tries.push(version);
        if (throwing) throw new Error('astro build crashed');
        return { published: true };
      },
      intervalMs: 60_000,
      retryBaseMs: 60_000,
      now: () => clock,
    });
    const other = await startContentSync({ database, rebuild: async () => ({ published: true }), intervalMs: 60_000 });
    try {
      const first = await sync.publish('webhook 1');
      await expect(first.built).rejects.toThrow(/crashed/);
      await sync.check();
      expect(tries).toEqual([first.version]);
      throwing = false;
      // Another node records a newer publish: this one tries it at once.
      const second = await other.publish('webhook 2');
      await sync.check();
      expect(tries).toEqual([first.version, second.version]);
      expect(sync.served()).toBe(second.version);
    } finally {
      sync.stop();
      other.stop();
    }
  });
});
