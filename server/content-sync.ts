import type { Database } from '../api/platform/database.ts';
import { logger } from '../api/observability/logger.ts';

const log = logger('site');

// Every node serves the same content: a publish increments the one shared version row
// (site_content_version) and rebuilds this node at once; every other node polls the row and rebuilds
// when it sees a newer version. With the default 10 s poll and a build of a few seconds, a publish is
// live on every node well within a minute. One small indexed read per node per interval.
// A node converges on its own: until its live build shows the newest shared version, every poll past
// its backoff tries again (a rebuild that failed, here or after a publish this node received, is
// retried after 5 s, then 10 s, 20 s ... up to 10 minutes; a newer version is tried at once).

export interface ContentSync<Outcome = unknown> {
  /**
   * Record a publish (webhook or scheduled change) and rebuild this node; resolves with the new version
   * once recorded, and `built` with the rebuild's outcome.
   */
  publish(reason: string, options?: { goLive?: string }): Promise<{ version: number; built: Promise<Outcome> }>;
  /** Check the shared version now (the poll does this every interval). */
  check(): Promise<void>;
  /** The newest shared version this node knows of. */
  seen(): number;
  /** The version its live build shows (behind `seen` while a rebuild fails and is retried). */
  served(): number;
  stop(): void;
}

/** The first retry's wait after a failed rebuild; each further failure doubles it, up to the cap. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;

async function readVersion(database: Database): Promise<number> {
  const { rows } = await database.executeSql('select version from site_content_version where id = $1', [1]);
  return Number(rows[0]?.version ?? 0);
}

export async function startContentSync<Outcome = unknown>(opts: {
  database: Database;
  /** Rebuild this node for a content version. */
  rebuild: (reason: string, version: number) => Promise<Outcome>;
  /**
   * The content version the node's live build was made for (its build-info.json). A node whose build
   * is behind the shared version (it was down during a publish, or starts from `npm run build`'s
   * build) rebuilds at once; unset, the node takes its build as current.
   */
  builtVersion?: number;
  intervalMs?: number;
  /** Publish an embargoed document (its draft) before a scheduled publish bumps the version. */
  goLive?: (documentId: string) => Promise<unknown>;
  /** Whether a rebuild's outcome went live (default: unless it says `published: false`). */
  wentLive?: (outcome: Outcome) => boolean;
  retryBaseMs?: number;
  now?: () => number;
}): Promise<ContentSync<Outcome>> {
  const { database } = opts;
  const now = opts.now ?? Date.now;
  const base = opts.retryBaseMs ?? RETRY_BASE_MS;
  const wentLive =
    opts.wentLive ??
    ((outcome: Outcome) =>
      !(typeof outcome === 'object' && outcome !== null && (outcome as { published?: unknown }).published === false));
  const shared = await readVersion(database);
  let seen = opts.builtVersion ?? shared;
  let served = seen;
  // The retry state of the version this node has not managed to serve yet.
  let failures = 0;
  let retryAt = 0;
  let failedVersion = 0;
  /** Record a rebuild's outcome for `version`: served, or one more failure to back off from. */
  const settle = (version: number, live: boolean) => {
    if (live) {
      served = Math.max(served, version);
      if (served >= failedVersion) failures = 0;
      return;
    }
    failures = failedVersion === version ? failures + 1 : 1;
    failedVersion = version;
    retryAt = now() + Math.min(base * 2 ** (failures - 1), RETRY_MAX_MS);
    log.warn({ version, failures, retryInMs: retryAt - now() }, 'this node does not serve the newest content yet');
  };
  // The newest version a rebuild is under way for (a publish's, outside the poll's chain).
  let inFlight = 0;
  /** Rebuild for `version` and record how it went (a rebuild that throws is a failure too). */
  const attempt = async (reason: string, version: number): Promise<Outcome> => {
    inFlight = Math.max(inFlight, version);
    try {
      const outcome = await opts.rebuild(reason, version);
      settle(version, wentLive(outcome));
      return outcome;
    } catch (error) {
      settle(version, false);
      throw error;
    } finally {
      if (inFlight === version) inFlight = 0;
    }
  };
  let checking: Promise<void> = Promise.resolve();
  const check = () => {
    checking = checking.then(async () => {
      const version = await readVersion(database);
      const newer = version > seen;
      seen = Math.max(seen, version);
      if (served >= seen || inFlight >= seen) return;
      // A version not tried yet goes at once; one that failed waits for its backoff.
      if (!newer && failedVersion === seen && now() < retryAt) return;
      const retry = failedVersion === seen;
      await attempt(retry ? `content version ${seen} (retry ${failures})` : `content version ${seen}`, seen);
    });
    return checking.catch((error: unknown) => log.error({ err: error }, 'content version check failed'));
  };
  const timer = setInterval(() => void check(), opts.intervalMs ?? 10_000);
  timer.unref();
  if (shared > seen) void check();
  return {
    async publish(reason, options = {}) {
      if (options.goLive && opts.goLive)
        await opts
          .goLive(options.goLive)
          .catch((error: unknown) =>
            log.error({ err: error, document: options.goLive }, 'could not publish an embargoed document'),
          );
      const { rows } = await database.executeSql(
        `insert into site_content_version (id, version, reason, changed_at) values (1, 1, $1, now())
         on conflict (id) do update set version = site_content_version.version + 1, reason = excluded.reason,
           changed_at = excluded.changed_at
         returning version`,
        [reason.slice(0, 500)],
      );
      const version = Number(rows[0]?.version);
      seen = Math.max(seen, version);
      return { version, built: attempt(reason, version) };
    },
    check,
    seen: () => seen,
    served: () => served,
    stop: () => clearInterval(timer),
  };
}
