import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { startJobQueue } from './queue.ts';

// A node that stops (SIGTERM, scripts/start.ts) hands its running jobs back: a job whose handler is
// still running when the queue's grace ends goes back to the queue for a retry, periodic or one-off,
// and the next node to start runs it. Nothing it had taken is lost.

const database = await openDatabase({ DATA_DIR: 'memory://' });
afterAll(() => database.close());

async function stateOf(name: string): Promise<string[]> {
  const { rows } = await database.executeSql('select state::text as state from pgboss.job where name = $1', [name]);
  return rows.map((row) => String(row.state));
}

describe('stopping the job queue', () => {
  it('fails a job still running after its grace back to the queue, and the next queue runs it', async () => {
    const first = await startJobQueue(database, { pollingSeconds: 0.5 });
    let started = 0;
    let stuck: () => void = () => undefined;
    const hang = () =>
      new Promise<void>((resolve) => {
        started += 1;
        stuck = resolve;
      });
    await first.onAt('test.stop-at', hang);
    await first.at('test.stop-at', new Date(), 'one');
    while (started < 1) await new Promise((resolve) => setTimeout(resolve, 100));
    await first.every('test.stop-every', 3600, hang);
    while (started < 2) await new Promise((resolve) => setTimeout(resolve, 100));

    await first.stop();
    stuck();
    expect(await stateOf('test.stop-at')).toEqual(['retry']);
    expect(await stateOf('test.stop-every')).toEqual(['retry']);

    // Another node (here: a new queue on the same database) takes both and finishes them.
    const second = await startJobQueue(database, { pollingSeconds: 0.5 });
    const ran: string[] = [];
    await second.onAt('test.stop-at', async () => void ran.push('at'));
    await second.every('test.stop-every', 3600, async () => void ran.push('every'));
    await second.drained('test.stop-at', 20_000);
    await second.drained('test.stop-every', 20_000);
    await second.stop();
    expect(ran.sort()).toEqual(['at', 'every']);
    expect(await stateOf('test.stop-at')).toEqual(['completed']);
  }, 60_000);
});
