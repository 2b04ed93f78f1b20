import { jakartaToday } from '../../core/dates.ts';
import type { Env } from '../platform/env.ts';
import type { Database } from '../platform/database.ts';
import { migrate } from '../db/migrate.ts';
import { inArray } from 'drizzle-orm';
import { promotions } from '../promotions/promotions.schema.ts';
import { FIXTURE_VOUCHER_CODES, isEmpty, seedDatabase } from './seed.ts';

/**
 * Run on start by the server: migrate, then seed an empty embedded database. A seeded database
 * gets its stock window extended (the seed is idempotent), so the 90-day calendar never runs dry.
 * An empty real PostgreSQL is seeded only by `npm run db:seed`, never implicitly; once seeded, every
 * start extends its window the same way. In production the seed leaves out the API's test
 * promotions, and switches off their vouchers where an earlier seed left them. Both steps end with
 * ANALYZE of the tables they changed (statistics.ts), so the embedded planner starts with statistics.
 */
export async function prepareDatabase(
  database: Database,
  env: Pick<Env, 'DATABASE_URL'> & Partial<Pick<Env, 'NODE_ENV'>>,
  now: () => Date = () => new Date(),
  options: { migrate?: boolean } = {},
): Promise<void> {
  // A production node does not migrate (`npm run ops -- migrate` did, once): it only seeds.
  if (options.migrate !== false) await migrate(database);
  // Production gets the catalogue and its stock, never the test promotions (seed.ts).
  const seed = { fixtures: env.NODE_ENV !== 'production' };
  if (database.kind === 'pglite' && !env.DATABASE_URL) {
    await seedDatabase(database, jakartaToday(now()), seed);
  } else if (!(await isEmpty(database))) {
    await seedDatabase(database, jakartaToday(now()), seed);
  }
  // A production database seeded before that still has the test vouchers: switched off.
  if (!seed.fixtures)
    await database.db
      .update(promotions)
      .set({ isActive: false })
      .where(inArray(promotions.promoCode, FIXTURE_VOUCHER_CODES));
}
