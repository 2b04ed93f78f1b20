import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../platform/database.ts';
import type { Env } from '../platform/env.ts';

/** The extensions the migrations use (pg_trgm: place search), loaded wherever the embedded database opens. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The driver client behind a handle: a node-postgres pool, or PGlite. */
export type DriverClient = pg.Pool | PGlite;

/** The driver client under a handle made by openDatabase (the one place that knows the drivers). */
export function clientOf(db: Db): DriverClient {
  return (db as unknown as { $client: DriverClient }).$client;
}

/** Open the database chosen by the environment. `dataDir: 'memory://'` gives a throwaway PGlite. */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'DATABASE_POOL_MAX'>>,
): Promise<Database> {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX ?? 4 });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
      },
      close: () => pool.end(),
    };
  }
  const dir = env.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(env.DATA_DIR, 'pglite');
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    executeSql: async (text, values) => {
      if (values && values.length > 0)
        return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      // PGlite prepares parameterised queries, which may hold one statement only; plain text may hold many.
      const results = await client.exec(text);
      return { rows: results.flatMap((r) => r.rows as Record<string, unknown>[]) };
    },
    close: () => client.close(),
  };
}
