import type { AppDeps } from '../platform/deps.ts';
import { activateDuePoints, expireStalePoints, grantWelcomePoints } from '../points/points.jobs.ts';
import { purgeDeletedAccounts } from '../profile/account.service.ts';
import { sweepRemovedUploads } from '../profile/uploads.service.ts';
import type { JobQueue } from './queue.ts';
import { nowOf } from '../platform/clock.ts';

// The account area's unattended work (issue 14): the Bobopoint ledger's rules and the account purge.
// Each is a periodic job on the one queue, so with several nodes each slot runs once, on one node;
// each job is also idempotent on its own (api/points/points.jobs.ts, api/profile/account.service.ts),
// so a slot run twice, or two workers at once, change nothing the second time.

type Job = { seconds: number; run: (deps: AppDeps, now: Date) => Promise<unknown> };

export const ACCOUNT_JOBS = {
  /** 15,000 points for each newly verified guest (verification credits at once; this catches the rest). */
  'points.welcome': { seconds: 60, run: (deps, now) => grantWelcomePoints(deps.database.db, now) },
  /** Pending stay points become active on their earning date (the check-out), in Jakarta. */
  'points.activate': { seconds: 300, run: (deps, now) => activateDuePoints(deps.database.db, now) },
  /** Active points expire one year after the guest's last stay. */
  'points.expire': { seconds: 3600, run: (deps, now) => expireStalePoints(deps.database.db, now) },
  /** Accounts deleted more than 30 days ago lose their personal data and uploads for good. */
  'accounts.purge': { seconds: 3600, run: (deps, now) => purgeDeletedAccounts(deps, now) },
  /** Files of replaced pictures that their upload could not delete. */
  'uploads.sweep': { seconds: 600, run: (deps) => sweepRemovedUploads(deps) },
} as const satisfies Record<string, Job>;

export type AccountJobName = keyof typeof ACCOUNT_JOBS;

/** Register every account job on a queue (server/jobs.ts; the PostgreSQL tests register the same). */
export async function registerAccountJobs(queue: JobQueue, deps: AppDeps): Promise<void> {
  const now = () => (nowOf(deps));
  for (const [name, job] of Object.entries(ACCOUNT_JOBS) as [AccountJobName, Job][])
    await queue.every(name, job.seconds, () => job.run(deps, now()));
}
