import { jakartaToday } from '../../core/dates.ts';
import type { Env } from '../platform/env.ts';
import type { Database } from '../platform/database.ts';
import { migrate } from '../db/migrate.ts';
import { isEmpty, seedDatabase } from './seed.ts';

/**
 * Run on start by the server: migrate, then seed an empty embedded database. A seeded database
 * gets its stock window extended (the seed is idempotent), so the 90-day calendar never runs dry.
 * A real PostgreSQL is seeded only on `npm run db:seed`, never implicitly. Both steps end with
 * ANALYZE of the tables they changed (statistics.ts), so the embedded planner starts with statistics.
 */
export async function prepareDatabase(
  database: Database,
  env: Pick<Env, 'DATABASE_URL'>,
  now: () => Date = () => new Date(),
  options: { migrate?: boolean } = {},
): Promise<void> {
  // A production node does not migrate (`npm run ops -- migrate` did, once): it only seeds.
  if (options.migrate !== false) await migrate(database);
  if (database.kind === 'pglite' && !env.DATABASE_URL) {
    await seedDatabase(database, jakartaToday(now()));
  } else if (!(await isEmpty(database))) {
    await seedDatabase(database, jakartaToday(now()));
  }
}
