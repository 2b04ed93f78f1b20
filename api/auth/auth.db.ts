import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../deps.ts';

/**
 * The drizzle handle typed as the common PostgreSQL base of the PGlite and node-postgres drivers.
 * (Calling query builders on the driver union loses overloads such as `returning(fields)`.)
 */
export function sqlDb(deps: Pick<AppDeps, 'database'>): PgDatabase<PgQueryResultHKT> {
  return deps.database.db as unknown as PgDatabase<PgQueryResultHKT>;
}
