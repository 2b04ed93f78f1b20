import { ApiError } from '../http/errors.ts';
import { logger } from '../observability/logger.ts';

const log = logger('auth');

// Work an answer must not wait for, because its duration would tell something (whether an address
// has an account: the code e-mail is prepared only for known ones). It runs after the answer in
// this process; a crash loses it, and the guest asks for the code again. Tests and shutdown wait
// for it with backgroundSettled().

const pending = new Set<Promise<unknown>>();

export function inBackground(what: string, work: () => Promise<unknown>): void {
  const run: Promise<unknown> = Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      // A client mistake found late (e.g. a cool-down raced by another node) only means no mail.
      if (!(error instanceof ApiError)) log.error({ err: error, task: what }, 'background task failed');
    })
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when every background task started so far (and any they started) has finished. */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
