import type { AppDeps } from '../platform/deps.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../platform/database.ts';
import { loadEnv } from '../platform/env.ts';
import type { Env } from '../platform/env.ts';
import { observeContract } from '../../tests/helpers/contract.ts';

/** A throwaway in-memory PGlite with every committed migration applied (auth/outbox tests). */
export async function openTestDatabase(): Promise<Database> {
  const database = await openDatabase({ DATA_DIR: 'memory://' });
  await migrate(database);
  return database;
}

/** AppDeps for a test: fresh database, test env overrides and a movable clock. */
export async function testDeps(envOverrides: Record<string, string> = {}, database?: Database) {
  let current = new Date('2026-03-02T03:00:00.000Z');
  const env: Env = loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...envOverrides });
  const deps: AppDeps & { database: Database } = {
    env,
    database: database ?? (await openTestDatabase()),
    now: () => new Date(current.getTime()),
    // Every answer these tests receive is checked against the OpenAPI document (tests/helpers/contract.ts).
    observe: observeContract,
  };
  return {
    deps,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    setNow(date: Date) {
      current = date;
    },
  };
}
