import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The one database handle every service receives: Drizzle typed as the common PostgreSQL base of
 * the PGlite and node-postgres drivers (a transaction is one too). api/db/client.ts makes it; calling
 * query builders on the union of the two drivers would lose overloads such as `returning(fields)`,
 * so nothing else casts it.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

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
