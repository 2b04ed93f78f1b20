import type { AppDeps } from '../api/platform/deps.ts';
import { registerJobs } from '../api/jobs.ts';
import { startJobQueue } from '../api/jobs/queue.ts';
import type { JobQueue } from '../api/jobs/queue.ts';
import type { OutboxSender } from '../api/outbox/outbox.sender.ts';
import type { ContentSync } from './content-sync.ts';

// The product's background work, all on the one job queue (api/jobs/queue.ts), so with several nodes
// on one PostgreSQL each run happens once, on one node. The API's periodic jobs are one list
// (api/jobs.ts: a name, a period and the function it runs); the server adds its content schedule.

export async function startBackgroundJobs(opts: {
  deps: AppDeps;
  sender: OutboxSender;
  content: ContentSync;
  pollingSeconds?: number;
}): Promise<JobQueue> {
  const { deps, sender, content } = opts;
  const queue = await startJobQueue(deps.database, { pollingSeconds: opts.pollingSeconds });
  await registerJobs(queue, deps, { sender });
  // A scheduled content change: every node's schedule asks for it under the same key, one node runs it
  // and publishes, and every node rebuilds (server/content-sync.ts).
  await queue.onAt('content.publish', async (data) => {
    // A publish time: an embargoed document (a draft until now) is published first.
    const goLive = data.kind === 'publish' && typeof data.documentId === 'string' ? data.documentId : undefined;
    await content.publish(String(data.reason ?? 'scheduled change'), { goLive });
  });
  return queue;
}
