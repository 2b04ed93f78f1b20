// Where a benchmark that drops and seeds its database's schema gets its PostgreSQL (bench:api on
// PostgreSQL, its --mix, bench:abuse, bench:soak): a throwaway cluster (scripts/with-postgres.ts,
// reached over its Unix socket) unless told otherwise. A DATABASE_URL already in the shell (an
// operator's, after `. /etc/bobobox/bobobox.env` as deploy/README.md has it) is refused without
// --reset-database, so a benchmark never wipes a real database by accident.
import { spawnSync } from 'node:child_process';
import type { SpawnSyncOptions, SpawnSyncOptionsWithStringEncoding, SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

/** Marks the run inside the throwaway cluster (its DATABASE_URL is the cluster's own). */
export const INNER_RUN = '--inner';
export const RESET_DATABASE = '--reset-database';

const withPostgres = path.join(import.meta.dirname, 'with-postgres.ts');

/**
 * True when this run may drop and seed DATABASE_URL's schema: inside the throwaway cluster, or with
 * --reset-database. False when there is no DATABASE_URL (make a cluster). Refuses (exit 2) a
 * DATABASE_URL given without --reset-database.
 */
export function mayResetDatabaseUrl(bench: string, args: readonly string[] = process.argv.slice(2)): boolean {
  if (args.includes(INNER_RUN)) return true;
  if (!process.env.DATABASE_URL) return false;
  if (args.includes(RESET_DATABASE)) return true;
  console.error(
    `${bench} drops and seeds the schema of its database: unset DATABASE_URL (a throwaway cluster is made),` +
      ` or add ${RESET_DATABASE} to use DATABASE_URL anyway.`,
  );
  process.exit(2);
}

/** `script args --inner` inside a throwaway PostgreSQL cluster, reached over its Unix socket. */
export function onThrowawayPostgres(
  script: string,
  args: readonly string[],
  options: SpawnSyncOptionsWithStringEncoding,
): SpawnSyncReturns<string>;
export function onThrowawayPostgres(
  script: string,
  args: readonly string[],
  options?: SpawnSyncOptions,
): SpawnSyncReturns<string | Buffer>;
export function onThrowawayPostgres(
  script: string,
  args: readonly string[],
  options: SpawnSyncOptions = { stdio: 'inherit' },
): SpawnSyncReturns<string | Buffer> {
  return spawnSync(
    process.execPath,
    [withPostgres, '--unix-socket', process.execPath, script, ...args.filter((a) => a !== INNER_RUN), INNER_RUN],
    options,
  );
}
