import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { analyzeChangedTables } from './statistics.ts';
import { openSeededDatabase, TEST_NOW } from './test-booking.ts';

// Issue 18: PGlite has no autovacuum, so nothing gathered statistics and its planner guessed every
// table's size. Migrating and seeding end with ANALYZE, and the `db.analyze` job applies autovacuum's
// rule (50 rows + 10 % changed) as tables grow.

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
});
