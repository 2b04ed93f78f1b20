import type { Database } from '../api/platform/database.ts';
import { logger } from '../api/observability/logger.ts';

const log = logger('site');

// Every node serves the same content: a publish increments the one shared version row
// (site_content_version) and rebuilds this node at once; every other node polls the row and rebuilds
// when it sees a newer version. With the default 10 s poll and a build of a few seconds, a publish is
// live on every node well within a minute. One small indexed read per node per interval.

export interface ContentSync<Outcome = unknown> {
  /**
   * Record a publish (webhook or scheduled change) and rebuild this node; resolves with the new version
   * once recorded, and `built` with the rebuild's outcome.
   */
  publish(reason: string, options?: { goLive?: string }): Promise<{ version: number; built: Promise<Outcome> }>;
  /** Check the shared version now (the poll does this every interval). */
  check(): Promise<void>;
  seen(): number;
  stop(): void;
}

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
}): Promise<ContentSync<Outcome>> {
  const { database } = opts;
  const shared = await readVersion(database);
  let seen = opts.builtVersion ?? shared;
  let checking: Promise<void> = Promise.resolve();
  const check = () => {
    checking = checking.then(async () => {
      const version = await readVersion(database);
      if (version <= seen) return;
      seen = version;
      await opts.rebuild(`content version ${version}`, version);
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
      return { version, built: opts.rebuild(reason, version) };
    },
    check,
    seen: () => seen,
    stop: () => clearInterval(timer),
  };
}
