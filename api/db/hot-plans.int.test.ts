import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import { growDatabase } from './grown-database.test-helpers.ts';
import { functionStatements, holdFunctionValues, serveHotCalls } from './hot-plans.test-helpers.ts';
import { BIG_TABLES, hotStatements, sequentialScans } from './plan-check.test-helpers.ts';
import type { Recorded } from './plan-check.test-helpers.ts';
import { analyzeChangedTables } from './statistics.ts';
import { openSeededDatabase, TEST_NOW } from './test-booking.ts';

// Issue 18 on the embedded PGlite (the default backend): a grown database (100 hotels with a year of
// stock, 100,000 reservations with their nights; the PostgreSQL twin, hot-plans.pg.test.ts, grows
// twice that). Without any statistics the hold releases (the expiry job's batch, a cancel, a guest's
// own lapsed holds) still read by index; once the statistics job has run, every hot statement does.

let database: Database;
let recorded: Recorded[] = [];
beforeAll(async () => {
  database = await openSeededDatabase(TEST_NOW);
  await growDatabase(database, { today: '2026-03-02', hotels: 100, reservations: 100_000 });
  // As a database that never ran ANALYZE: no row counts, no column statistics on the big tables.
  for (const table of BIG_TABLES) {
    await database.executeSql(`select pg_clear_relation_stats('public', '${table}')`);
    await database.executeSql(`delete from pg_statistic where starelid = 'public.${table}'::regclass`);
  }
  recorded = await serveHotCalls(database, TEST_NOW);
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe('hot query plans on a grown PGlite', () => {
  it('releases holds by index without any statistics: the expiry batch, a cancel, a guest’s lapsed holds', async () => {
    const { rows } = await database.executeSql(
      `select count(*)::int as n from pg_class where relname in ('reservations', 'reservation_nights', 'room_inventory') and reltuples < 0`,
    );
    expect(Number(rows[0].n)).toBe(3);
    const releases = recorded.filter((r) => r.text.includes('released_reservations'));
    // The expiry job's batch, the guest's cancel (by id) and the guest's own lapsed holds (by owner).
    expect(new Set(releases.map((r) => r.text)).size).toBe(3);
    expect(releases.some((r) => /skip locked/i.test(r.text))).toBe(true);
    expect(releases.some((r) => /\bid = /.test(r.text) && /expired_at > /.test(r.text))).toBe(true);
    expect(releases.some((r) => /user_id = /.test(r.text) && /expired_at <= /.test(r.text))).toBe(true);
    expect(await sequentialScans(database, releases)).toEqual([]);
  });

  it('the statistics job analyses the grown tables, and then no hot statement scans them sequentially', async () => {
    const analysed = await analyzeChangedTables(database);
    expect(analysed).toEqual(expect.arrayContaining([...BIG_TABLES]));
    expect(await analyzeChangedTables(database)).toEqual([]);
    expect(hotStatements(recorded).length).toBeGreaterThan(15);
    expect(await sequentialScans(database, recorded)).toEqual([]);
    // A create's one statement, reservation_hold: the statements inside it (api/reservations/sql/reservation-hold.sql).
    const hold = await functionStatements(database, 'reservation_hold', holdFunctionValues(1, TEST_NOW));
    expect(hotStatements(hold).length).toBeGreaterThanOrEqual(8);
    expect(await sequentialScans(database, hold)).toEqual([]);
  }, 120_000);
});
