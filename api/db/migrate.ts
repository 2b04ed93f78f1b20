import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';
import { analyzeChangedTables } from './statistics.ts';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Any fixed number: several API nodes starting together must not apply the same migration twice.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Apply the committed SQL migrations (the same files for PGlite and PostgreSQL). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    // Statistics for the planner (statistics.ts): PGlite gathers none by itself.
    await analyzeChangedTables(database);
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    // A migration that filled or rebuilt a table leaves it without statistics until autovacuum
    // gets to it: analyse now what changed (statistics.ts), before the nodes serve.
    await analyzeChangedTables(database);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
