import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Env } from '../env.ts';

export type Db = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  /**
   * Raw SQL for libraries that bring their own statements (the job queue, pg-boss). Without values the
   * text may hold several statements; the rows of every statement come back, in order.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/** Open the database chosen by the environment. `dataDir: 'memory://'` gives a throwaway PGlite. */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Env, 'DATABASE_POOL_MAX'>>,
): Promise<Database> {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX ?? 4 });
    const db = drizzlePg(pool);
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
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client);
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
