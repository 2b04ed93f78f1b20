import { pruneOldStock } from './availability/retention.ts';
import { pruneCodeGuesses } from './auth/codes.service.ts';
import { maintainTables } from './db/statistics.ts';
import { pruneOldEvents } from './events/events.service.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { OutboxSender } from './outbox/outbox.sender.ts';
import { nowOf } from './platform/clock.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import type { AppDeps } from './platform/deps.ts';
import { activateDuePoints, expireStalePoints, grantWelcomePoints } from './points/points.jobs.ts';
import { purgeDeletedAccounts } from './account/deletion.service.ts';
import { sweepRemovedUploads } from './profile/uploads.service.ts';
import { pruneRateLimits } from './rate-limit/rate-limit.service.ts';
import { expireDueHolds } from './reservations/expiry.ts';
import { syncPolicies } from './insurance/insurance.service.ts';
import { offerFreedRooms } from './waitlist/waitlist.service.ts';

// The API's unattended work: one list, each a periodic job on the one queue (api/jobs/queue.ts), so
// with several nodes each slot runs once, on one node; each job is also idempotent on its own, so a
// slot run twice, or two workers at once, change nothing the second time. The server adds its
// content schedule (server/jobs.ts).

type Job = {
  seconds: number;
  /** booking: stock and holds; account: the Bobopoint ledger and the purge; upkeep: mail and limits. */
  group: 'booking' | 'account' | 'upkeep';
  /** Only on this backend (PostgreSQL gathers its statistics itself). */
  only?: 'pglite';
  run: (deps: AppDeps, now: Date, ctx?: { sender?: OutboxSender }) => Promise<unknown>;
};

export const JOBS = {
  /**
   * Unpaid holds past their payment window give their nights and hours back, in bounded batches
   * (api/reservations/expiry.ts). Every second: each node offers the slot's job every half second
   * and polls the queue every second, so a lapsed hold's rooms are back within about two seconds
   * (the reads that must not show it as held count it as expired by its time meanwhile).
   */
  'holds.expire': { seconds: 1, group: 'booking', run: (deps, now) => expireDueHolds(deps.database.db, now) },
  /** Autovacuum's rules on the embedded backend (api/db/statistics.ts: VACUUM, then ANALYZE); PGlite has none. */
  'db.analyze': { seconds: 60, group: 'booking', only: 'pglite', run: (deps) => maintainTables(deps.database) },
  /** Freed rooms of a sold-out room type held for the first guests waiting for them (api/waitlist). */
  'waitlist.offer': { seconds: 5, group: 'booking', run: (deps, now) => offerFreedRooms(deps, now) },
  /** Travel-insurance policies of paid stays asked of the insurer, and followed until issued or failed. */
  'insurance.sync': { seconds: 10, group: 'booking', run: (deps, now) => syncPolicies(deps, now) },
  /** Stock of days that ended more than a month ago is pruned (api/availability/retention.ts). */
  'stock.retain': { seconds: 6 * 3600, group: 'booking', run: (deps, now) => pruneOldStock(deps.database, now) },
  /** First-party events older than two years are deleted (api/events/events.service.ts). */
  'events.retain': { seconds: 6 * 3600, group: 'booking', run: (deps, now) => pruneOldEvents(deps.database, now) },
  /** 15,000 points for each newly verified guest (verification credits at once; this catches the rest). */
  'points.welcome': { seconds: 60, group: 'account', run: (deps, now) => grantWelcomePoints(deps.database.db, now) },
  /** Pending stay points become active on their earning date (the check-out), in Jakarta. */
  'points.activate': { seconds: 300, group: 'account', run: (deps, now) => activateDuePoints(deps.database.db, now) },
  /** Active points expire one year after the guest's last stay. */
  'points.expire': { seconds: 3600, group: 'account', run: (deps, now) => expireStalePoints(deps.database.db, now) },
  /** Accounts deleted more than 30 days ago lose their personal data and uploads for good. */
  'accounts.purge': { seconds: 3600, group: 'account', run: (deps, now) => purgeDeletedAccounts(deps, now) },
  /** Files of replaced pictures that their upload could not delete. */
  'uploads.sweep': { seconds: 600, group: 'account', run: (deps) => sweepRemovedUploads(deps) },
  /** Pending e-mail and SMS a node could not deliver at once (enqueueing also kicks its own node). */
  'outbox.deliver': { seconds: 5, group: 'upkeep', run: async (_deps, _now, ctx) => ctx?.sender?.flush() },
  /** Idempotency keys past their 24 hours (api/http/idempotency.ts). */
  'idempotency.prune': {
    seconds: 3600,
    group: 'upkeep',
    run: async (deps, now) => void (await pruneIdempotencyKeys(deps.database.db, now)),
  },
  /** Rate-limit windows that ended, and code guesses past their window. */
  'rate-limits.prune': {
    seconds: 300,
    group: 'upkeep',
    run: async (deps) => {
      await pruneRateLimits(deps);
      await pruneCodeGuesses(deps);
    },
  },
} as const satisfies Record<string, Job>;

export type JobName = keyof typeof JOBS;

/**
 * Register the jobs on a queue: every one (server/jobs.ts), or some groups (tests and benchmarks
 * that run one area's work). The outbox job runs only with a sender.
 */
export async function registerJobs(
  queue: JobQueue,
  deps: AppDeps,
  opts: { sender?: OutboxSender; groups?: Job['group'][] } = {},
): Promise<void> {
  for (const [name, job] of Object.entries(JOBS) as [JobName, Job][]) {
    if (job.only && job.only !== deps.database.kind) continue;
    if (opts.groups && !opts.groups.includes(job.group)) continue;
    if (name === 'outbox.deliver' && !opts.sender) continue;
    await queue.every(name, job.seconds, () => job.run(deps, nowOf(deps), opts));
  }
}
