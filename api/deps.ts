import type { Database } from './db/client.ts';
import type { Env } from './env.ts';

/** What every route and service receives: handed in, never imported as a module singleton. */
export interface AppDeps {
  env: Env;
  database: Database;
  /** Injected clock so tests can move time. */
  now?: () => Date;
  /** Build state reported by /api/health, provided by the one server. */
  buildInfo?: () => { present: boolean; builtAt: string | null; stale: boolean };
  /** The running outbox sender (api/outbox/outbox.sender.ts); enqueueing kicks it. Absent in most tests. */
  outbox?: { kick(): void };
}
