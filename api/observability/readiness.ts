import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { pendingSqlSources } from '../db/sql-sources.ts';

// Readiness (GET /api/ready), apart from liveness (GET /api/health): a node is ready to take guests
// when its database answers, the database's migrations are current (`npm run ops -- migrate` ran for
// this code), its site build is in place, and it is not shutting down. A proxy's active health check
// reads it (deploy/); SIGTERM turns it to 503 at once (scripts/start.ts), before the node stops
// accepting connections.

/** The body of GET /api/ready (200 when ready, 503 with the same body when not). */
export const ReadySchema = v.object({
  status: v.picklist(['ready', 'unready']),
  checks: v.object({ database: v.boolean(), migrations: v.boolean(), build: v.boolean(), draining: v.boolean() }),
});

export interface ReadyReport {
  ready: boolean;
  checks: v.InferOutput<typeof ReadySchema>['checks'];
}

/** A readiness check for these deps; migrations, once current, are not queried again. */
export function readinessCheck(deps: Pick<AppDeps, 'database' | 'buildInfo' | 'lifecycle'>) {
  let migrationsCurrent = false;
  return async (): Promise<ReadyReport> => {
    const draining = deps.lifecycle?.draining ?? false;
    let database = false;
    try {
      database = await deps.database.ping();
    } catch {
      database = false;
    }
    if (database && !migrationsCurrent) {
      try {
        // The SQL functions and triggers (api/db/sql-sources.ts) are part of what the migrations bring.
        migrationsCurrent =
          (await pendingMigrations(deps.database)).length === 0 &&
          (await pendingSqlSources((text, values) => deps.database.executeSql(text, values))).length === 0;
      } catch {
        migrationsCurrent = false;
      }
    }
    const build = deps.buildInfo?.().present ?? false;
    const checks = { database, migrations: migrationsCurrent, build, draining };
    return { ready: database && migrationsCurrent && build && !draining, checks };
  };
}
