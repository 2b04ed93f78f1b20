import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import { analyzeChangedTables, maintainTables, vacuumChangedTables } from './statistics.ts';
import { openSeededDatabase, TEST_NOW } from './test-booking.ts';

// Issue 18: PGlite has no autovacuum, so nothing gathered statistics and its planner guessed every
// table's size. Migrating and seeding end with ANALYZE, and the `db.analyze` job applies autovacuum's
// rule (50 rows + 10 % changed) as tables grow, after VACUUM (ANALYZE) by its vacuum rules.

let database: Database;
beforeAll(async () => {
  database = await openSeededDatabase(TEST_NOW);
});
afterAll(async () => {
  await database?.close();
});

const reltuples = async (table: string) =>
  Number((await database.executeSql(`select reltuples from pg_class where relname = $1`, [table])).rows[0].reltuples);
const addUsers = (n: number, tag: string) =>
  database.executeSql(
    `insert into users (name, email, password_hash) select 'Tamu', '${tag}-' || g || '@example.test', 'x' from generate_series(1, ${n}) g`,
  );

describe('table statistics on the embedded backend', () => {
  it('a seeded database has statistics for its tables, and nothing to analyse right after', async () => {
    expect(await reltuples('room_inventory')).toBeGreaterThan(10_000);
    expect(await reltuples('hotel_day_stock')).toBeGreaterThan(1_000);
    expect(await reltuples('hotels')).toBeGreaterThanOrEqual(25);
    expect(await analyzeChangedTables(database)).toEqual([]);
  });

  it('analyses a table once it changed by 50 rows and a tenth, not before', async () => {
    await addUsers(2_000, 'grown');
    expect(await reltuples('users')).toBeLessThan(2_000);
    expect(await analyzeChangedTables(database)).toEqual(['users']);
    expect(await reltuples('users')).toBeGreaterThanOrEqual(2_000);
    await addUsers(100, 'few');
    expect(await analyzeChangedTables(database)).toEqual([]);
    await addUsers(200, 'more');
    expect(await analyzeChangedTables(database)).toEqual(['users']);
  });

  it('vacuums a table once a fifth of it is dead row versions, so its pages become all-visible again', async () => {
    // Freshly written pages are all-visible only after a VACUUM; the job's first pass gives every
    // table one (inserted since the last vacuum), then nothing until rows change.
    await maintainTables(database);
    expect(await vacuumChangedTables(database)).toEqual([]);
    const allVisible = async () =>
      Number(
        (await database.executeSql(`select relallvisible from pg_class where relname = 'hotel_day_stock'`)).rows[0]
          .relallvisible,
      );
    const before = await allVisible();
    expect(before).toBeGreaterThan(0);
    // A few stock changes: not enough dead versions for autovacuum's rule.
    await database.executeSql(`update room_inventory set sold = sold where hotel_id = 1 and date < '2026-03-05'`);
    expect(await vacuumChangedTables(database)).toEqual([]);
    // Every night of every hotel changes (each refreshes its day summary): a vacuum is due, and after
    // it the rewritten pages are all-visible again (an index-only scan reads no table page there).
    await database.executeSql(`update room_inventory set sold = sold`);
    // ANALYZE counts the all-visible pages without setting any: the rewritten pages lost the mark.
    await database.executeSql('analyze hotel_day_stock');
    expect(await allVisible()).toBeLessThan(before);
    const vacuumed = await vacuumChangedTables(database);
    expect(vacuumed).toContain('hotel_day_stock');
    expect(vacuumed).toContain('room_inventory');
    expect(await allVisible()).toBeGreaterThanOrEqual(before);
    const dead = await database.executeSql(
      `select n_dead_tup from pg_stat_user_tables where relname = 'hotel_day_stock'`,
    );
    expect(Number(dead.rows[0].n_dead_tup)).toBe(0);
  });
});
