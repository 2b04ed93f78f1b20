import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database } from '../platform/database.ts';
import { clientOf } from './client.ts';
import { applySqlSources } from './sql-sources.ts';
import { analyzeChangedTables } from './statistics.ts';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Any fixed number: two `npm run ops -- migrate` (or development nodes starting together) must not
// apply the same migration twice; the second waits for the first, then finds nothing left to apply.
const MIGRATION_LOCK_KEY = 4_242_001;

/** The committed migrations, oldest first (drizzle's journal: `when` is what it records as created_at). */
export function committedMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/**
 * The committed migrations this database has not applied yet (by their tag), oldest first. A database
 * ahead of this code (a newer deployment migrated it) has none pending: migrations only add.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  let last = -1;
  try {
    const { rows } = await database.executeSql('select max(created_at) as last from drizzle.__drizzle_migrations');
    last = rows[0]?.last === null || rows[0]?.last === undefined ? -1 : Number(rows[0].last);
  } catch {
    last = -1; // no migrations table yet: nothing applied
  }
  return committedMigrations()
    .filter((m) => m.when > last)
    .map((m) => m.tag);
}

/**
 * Apply the committed SQL migrations (the same files for PGlite and PostgreSQL), then the SQL
 * sources that changed (sql-sources.ts); returns the migration tags applied.
 */
export async function migrate(database: Database): Promise<string[]> {
  if (database.kind === 'pglite') {
    const pending = await pendingMigrations(database);
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
    // PGlite is one connection: every statement of the sources runs on it, in order.
    await applySqlSources((text, values) => database.executeSql(text, values));
    // Statistics for the planner (statistics.ts): PGlite gathers none by itself.
    await analyzeChangedTables(database);
    return pending;
  }
  const pool = clientOf(database.db) as pg.Pool;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Read under the lock: what another run applied meanwhile is no longer pending.
    const pending = await pendingMigrations(database);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await applySqlSources(async (text, values) => {
      const result: { rows?: Record<string, unknown>[] } = await client.query(text, values);
      return { rows: result.rows ?? [] };
    });
    // A migration that filled or rebuilt a table leaves it without statistics until autovacuum
    // gets to it: analyse now what changed (statistics.ts), before the nodes serve.
    await analyzeChangedTables(database);
    return pending;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
