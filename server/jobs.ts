import type { AppDeps } from '../api/platform/deps.ts';
import { registerAccountJobs } from '../api/jobs/account-jobs.ts';
import { registerBookingJobs } from '../api/jobs/booking-jobs.ts';
import { startJobQueue } from '../api/jobs/queue.ts';
import type { JobQueue } from '../api/jobs/queue.ts';
import type { OutboxSender } from '../api/outbox/outbox.sender.ts';
import { pruneRateLimits } from '../api/rate-limit/rate-limit.service.ts';
import type { ContentSync } from './content-sync.ts';

// The product's background work, all on the one job queue (api/jobs/queue.ts), so with several nodes
// on one PostgreSQL each run happens once, on one node. Adding a job is a few lines here: a name, a
// period (or `at` for a one-off at an instant) and the function it runs. The booking jobs (hold expiry
// every second, the embedded backend's ANALYZE) are listed in api/jobs/booking-jobs.ts, the account
// area's (the Bobopoint ledger's rules, the account purge, the upload sweep) in api/jobs/account-jobs.ts.
export const JOB_PERIODS = {
  /** Pending e-mail and SMS a node could not deliver at once (enqueueing also kicks its own node). */
  'outbox.deliver': 5,
  /** Rate-limit windows that ended. */
  'rate-limits.prune': 300,
} as const;

export async function startBackgroundJobs(opts: {
  deps: AppDeps;
  sender: OutboxSender;
  content: ContentSync;
  pollingSeconds?: number;
}): Promise<JobQueue> {
  const { deps, sender, content } = opts;
  const queue = await startJobQueue(deps.database, { pollingSeconds: opts.pollingSeconds });
  await queue.every('outbox.deliver', JOB_PERIODS['outbox.deliver'], () => sender.flush());
  await queue.every('rate-limits.prune', JOB_PERIODS['rate-limits.prune'], () => pruneRateLimits(deps));
  await registerBookingJobs(queue, deps);
  await registerAccountJobs(queue, deps);
  // A scheduled content change: every node's schedule asks for it under the same key, one node runs it
  // and publishes, and every node rebuilds (server/content-sync.ts).
  await queue.onAt('content.publish', async (data) => {
    // A publish time: an embargoed document (a draft until now) is published first.
    const goLive = data.kind === 'publish' && typeof data.documentId === 'string' ? data.documentId : undefined;
    await content.publish(String(data.reason ?? 'scheduled change'), { goLive });
  });
  return queue;
}
