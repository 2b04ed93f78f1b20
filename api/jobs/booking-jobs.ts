import { pruneOldStock } from '../availability/retention.ts';
import { pruneOldEvents } from '../events/events.service.ts';
import { maintainTables } from '../db/statistics.ts';
import type { AppDeps } from '../platform/deps.ts';
import { expireDueHolds } from '../reservations/expiry.ts';
import type { JobQueue } from './queue.ts';
import { nowOf } from '../platform/clock.ts';

// The booking engine's unattended work (issue 18), periodic jobs on the one queue: with several nodes
// each slot runs once, on one node, and each job is safe to run twice or on two nodes at once.

type Job = {
  seconds: number;
  /** Only on this backend (PostgreSQL gathers its statistics itself). */
  only?: 'pglite';
  run: (deps: AppDeps, now: Date) => Promise<unknown>;
};

export const BOOKING_JOBS = {
  /**
   * Unpaid holds past their payment window give their nights and hours back, in bounded batches
   * (api/reservations/expiry.ts). Every second: each node offers the slot's job every half second
   * and polls the queue every second, so a lapsed hold's rooms are back within about two seconds
   * (the reads that must not show it as held count it as expired by its time meanwhile).
   */
  'holds.expire': { seconds: 1, run: (deps, now) => expireDueHolds(deps.database.db, now) },
  /** Autovacuum's rules on the embedded backend (api/db/statistics.ts: VACUUM, then ANALYZE); PGlite has none. */
  'db.analyze': { seconds: 60, only: 'pglite', run: (deps) => maintainTables(deps.database) },
  /** Stock of days that ended more than a month ago is pruned (api/availability/retention.ts). */
  'stock.retain': { seconds: 6 * 3600, run: (deps, now) => pruneOldStock(deps.database, now) },
  /** First-party events older than two years are deleted (api/events/events.service.ts). */
  'events.retain': { seconds: 6 * 3600, run: (deps, now) => pruneOldEvents(deps.database, now) },
} as const satisfies Record<string, Job>;

export type BookingJobName = keyof typeof BOOKING_JOBS;

/** Register the booking jobs on a queue (server/jobs.ts; tests register the same). */
export async function registerBookingJobs(queue: JobQueue, deps: AppDeps): Promise<void> {
  const now = () => (nowOf(deps));
  for (const [name, job] of Object.entries(BOOKING_JOBS) as [BookingJobName, Job][]) {
    if (job.only && job.only !== deps.database.kind) continue;
    await queue.every(name, job.seconds, () => job.run(deps, now()));
  }
}
