import { PgBoss } from 'pg-boss';
import type { Job, SendOptions } from 'pg-boss';
import type { Database } from '../platform/database.ts';
import { logger } from '../observability/logger.ts';

const log = logger('jobs');

// The one job queue of the product: pg-boss on the database the API already uses (PGlite embedded, or
// PostgreSQL), so every node of a deployment shares it and each job runs once, on one node, whatever
// the number of nodes. Nothing schedules work with process timers alone:
//   every(name, seconds, handler): a periodic job. Each node offers one job per time slot and pg-boss keeps
//     one per slot (singletonKey + singletonSeconds), so the work runs once per slot across all nodes;
//   at(name, when, key, handler): a one-off job at an instant, once per key while it is pending (a
//     "stately" queue), however many nodes ask for it.

export type JobHandler = (data: Record<string, unknown>) => Promise<unknown>;

export interface JobQueue {
  every(name: string, seconds: number, handler: JobHandler): Promise<void>;
  /** Register the handler of a one-off job queue (call before `at`). */
  onAt(name: string, handler: JobHandler): Promise<void>;
  at(name: string, when: Date, key: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Offer the current slot's job of a periodic queue now (the ticker does this on its own). */
  tick(name: string): Promise<string | null>;
  /** Resolves when no job of `name` is waiting or running (tests and graceful shutdown). */
  drained(name: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(
  database: Database,
  options: { pollingSeconds?: number; schema?: string } = {},
): Promise<JobQueue> {
  const pollingSeconds = options.pollingSeconds ?? 1;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: options.schema ?? 'pgboss',
    // The queue's own upkeep (archiving, deleting old jobs) stays on; the product's jobs are below.
    superviseIntervalSeconds: 60,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'queue error'));
  await boss.start();
  const periods = new Map<string, number>();
  const tickers: NodeJS.Timeout[] = [];

  const work = (name: string, handler: JobHandler) =>
    boss.work<Record<string, unknown>>(
      name,
      { pollingIntervalSeconds: pollingSeconds, batchSize: 1 },
      async (jobs: Job<Record<string, unknown>>[]) => {
        for (const job of jobs) await handler(job.data ?? {});
      },
    );

  const tick = async (name: string) => {
    const seconds = periods.get(name);
    if (seconds === undefined) throw new Error(`No periodic job named ${name}`);
    // One retry: a slot's run that a stopping node abandoned (failed back after the stop's grace) runs
    // again on another node instead of waiting for the next slot; a failing run is tried once more.
    const send: SendOptions = { singletonKey: name, singletonSeconds: seconds, retryLimit: 1 };
    return boss.send(name, {}, send);
  };

  return {
    async every(name, seconds, handler) {
      // A periodic job's record is of no use once later slots ran: keep completed ones for an hour (or
      // 100 periods), not pg-boss's 7 days (a job every second would keep 600,000 rows).
      const keep = { deleteAfterSeconds: Math.max(3600, seconds * 100) };
      await boss.createQueue(name, keep);
      await boss.updateQueue(name, keep);
      periods.set(name, seconds);
      await work(name, handler);
      await tick(name);
      const timer = setInterval(() => void tick(name).catch(() => undefined), (seconds * 1000) / 2);
      timer.unref();
      tickers.push(timer);
    },
    async onAt(name, handler) {
      await boss.createQueue(name, { policy: 'stately' });
      await work(name, handler);
    },
    at(name, when, key, data = {}) {
      return boss.send(name, data, { startAfter: when, singletonKey: key, retryLimit: 2 });
    },
    tick,
    async drained(name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.executeSql(
          `select count(*)::int as n from ${options.schema ?? 'pgboss'}.job where name = $1 and state in ('created', 'retry', 'active') and start_after <= now()`,
          [name],
        );
        if (Number(rows[0]?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs of ${name} still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      for (const t of tickers) clearInterval(t);
      await boss.stop({ graceful: true, close: false, timeout: 5_000 });
    },
  };
}
