import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { startJobQueue } from './queue.ts';
import type { JobQueue } from './queue.ts';

// Two API nodes on one real PostgreSQL, each with its own job queue process state: every job runs
// exactly once across both, whichever node offers it and whichever node picks it up.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const nodes: { database: Database; queue: JobQueue }[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 4 });
    nodes.push({ database, queue: await startJobQueue(database, { pollingSeconds: 0.5 }) });
  }
}, 60_000);
afterAll(async () => {
  for (const n of nodes) {
    await n.queue.stop();
    await n.database.close();
  }
});

describe('jobs across two nodes on PostgreSQL', () => {
  it('a periodic job offered 40 times by two nodes at once runs exactly once in its slot', async () => {
    const runs: number[] = [];
    for (const [i, n] of nodes.entries()) {
      await n.queue.every('pg.periodic', 3600, async () => {
        runs.push(i);
        await new Promise((r) => setTimeout(r, 100));
      });
    }
    await Promise.all(Array.from({ length: 40 }, (_, k) => nodes[k % 2].queue.tick('pg.periodic')));
    await nodes[0].queue.drained('pg.periodic');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(1);
  });

  it('a one-off job asked for by both nodes runs exactly once at its time', async () => {
    const runs: unknown[] = [];
    for (const n of nodes) await n.queue.onAt('pg.at', async (data) => void runs.push(data.from));
    const when = new Date(Date.now() + 800);
    await Promise.all(
      nodes.flatMap((n, i) => [1, 2, 3].map(() => n.queue.at('pg.at', when, 'deadline-1', { from: i }))),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    await nodes[1].queue.drained('pg.at');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(1);
  });
});
