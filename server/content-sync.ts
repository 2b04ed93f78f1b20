import type { Database } from '../api/db/client.ts';
import { logger } from '../api/observability/logger.ts';

const log = logger('site');

// Every node serves the same content: a publish increments the one shared version row
// (site_content_version) and rebuilds this node at once; every other node polls the row and rebuilds
// when it sees a newer version. With the default 10 s poll and a build of a few seconds, a publish is
// live on every node well within a minute. One small indexed read per node per interval.

export interface ContentSync {
  /** Record a publish (webhook or scheduled change) and rebuild this node; resolves with the new version. */
  publish(reason: string): Promise<number>;
  /** Check the shared version now (the poll does this every interval). */
  check(): Promise<void>;
  seen(): number;
  stop(): void;
}

async function readVersion(database: Database): Promise<number> {
  const { rows } = await database.executeSql('select version from site_content_version where id = $1', [1]);
  return Number(rows[0]?.version ?? 0);
}

export async function startContentSync(opts: {
  database: Database;
  rebuild: (reason: string) => Promise<unknown>;
  intervalMs?: number;
}): Promise<ContentSync> {
  const { database } = opts;
  // The build a node starts with is its own; it follows publishes made from now on.
  let seen = await readVersion(database);
  let checking: Promise<void> = Promise.resolve();
  const check = () => {
    checking = checking.then(async () => {
      const version = await readVersion(database);
      if (version <= seen) return;
      seen = version;
      await opts.rebuild(`content version ${version}`);
    });
    return checking.catch((error: unknown) => log.error({ err: error }, 'content version check failed'));
  };
  const timer = setInterval(() => void check(), opts.intervalMs ?? 10_000);
  timer.unref();
  return {
    async publish(reason) {
      const { rows } = await database.executeSql(
        `insert into site_content_version (id, version, reason, changed_at) values (1, 1, $1, now())
         on conflict (id) do update set version = site_content_version.version + 1, reason = excluded.reason,
           changed_at = excluded.changed_at
         returning version`,
        [reason.slice(0, 500)],
      );
      const version = Number(rows[0]?.version);
      seen = Math.max(seen, version);
      await opts.rebuild(reason);
      return version;
    },
    check,
    seen: () => seen,
    stop: () => clearInterval(timer),
  };
}
