// `npm run db:seed` (migrate + idempotent seed) and `npm run db:migrate` (`--migrate-only`).
// Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR.
import { openDatabase } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedDatabase } from '../api/seed/seed.ts';
import { loadEnv } from '../api/platform/env.ts';
import { jakartaToday } from '../core/dates.ts';
import { syncPromotionsFromContent } from '../server/promo-sync.ts';

const env = loadEnv();
const database = await openDatabase(env);
try {
  await migrate(database);
  if (process.argv.includes('--migrate-only')) {
    console.log(`[db] migrations applied (${database.kind})`);
  } else {
    const today = jakartaToday(new Date());
    // In production, the catalogue and its stock only: never the API's test promotions (seed.ts).
    await seedDatabase(database, today, { fixtures: env.NODE_ENV !== 'production' });
    // The advertised promos are the content's (server/promo-sync.ts), as the server does at start.
    const promos = await syncPromotionsFromContent(database);
    console.log(
      `[db] seeded ${database.kind} relative to ${today.toString()}; ${promos.upserted} promos from the content`,
    );
  }
} finally {
  await database.close();
}
