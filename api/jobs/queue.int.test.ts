import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { startJobQueue } from './queue.ts';
import type { JobQueue } from './queue.ts';

// The job queue on the embedded PGlite (the default of `npm start`): periodic work runs once per time
// slot however often it is offered, and a one-off job runs once per key at its time.

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await openDatabase({ DATA_DIR: 'memory://' });
  queue = await startJobQueue(database, { pollingSeconds: 0.5 });
}, 60_000);
afterAll(async () => {
  await queue.stop();
  await database.close();
});

describe('the job queue on PGlite', () => {
  it('runs a periodic job once per slot, however many times the slot is offered', async () => {
    let runs = 0;
    await queue.every('test.periodic', 3600, async () => {
      runs += 1;
    });
    await Promise.all(Array.from({ length: 10 }, () => queue.tick('test.periodic')));
    await queue.drained('test.periodic');
    expect(runs).toBe(1);
  });

  it('runs a one-off job at its time, once per key', async () => {
    const seen: unknown[] = [];
    await queue.onAt('test.at', async (data) => {
      seen.push(data.n);
    });
    const when = new Date(Date.now() + 1_000);
    await Promise.all([1, 2, 3].map((n) => queue.at('test.at', when, 'same-key', { n })));
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_200));
    await queue.drained('test.at');
    expect(seen).toHaveLength(1);
  });
});
