import type { Database } from '../platform/database.ts';

// Table statistics for the query planner (issue 18). PostgreSQL gathers them itself (autovacuum runs
// ANALYZE on a table once 50 rows + 10 % of it changed); the embedded PGlite never does, so without
// this its planner guesses every table's size and picks hash joins over every stored night. So:
// ANALYZE after migrations and seeding (migrate.ts, seed.ts), and the job `db.analyze`
// (server/jobs.ts, embedded backend only) applies autovacuum's rules on a schedule as tables grow and
// change: VACUUM (ANALYZE) by its vacuum rules, then ANALYZE by its analyze rule (maintainTables).

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, PostgreSQL's defaults. */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * ANALYZE the tables of the public schema that were never analysed (and hold data) or changed by more
 * than autovacuum's rule since their last ANALYZE; returns their names. Cheap when nothing changed:
 * one catalogue read.
 */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  // This connection's change counters reach pg_stat_user_tables when they are flushed; ask for it now
  // (PostgreSQL 15+; PGlite, single connection, flushes only when asked).
  await database.executeSql('select pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await database.executeSql(
    `select quote_ident(c.relname) as name
       from pg_class c
       join pg_namespace ns on ns.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
      where ns.nspname = 'public' and c.relkind in ('r', 'p')
        and ((c.reltuples < 0 and pg_relation_size(c.oid) > 0)
          or coalesce(s.n_mod_since_analyze, 0) > $1 + $2 * greatest(c.reltuples, 0))
      order by c.relname`,
    [ANALYZE_THRESHOLD, ANALYZE_SCALE_FACTOR],
  );
  const names = rows.map((r) => String(r.name));
  if (names.length > 0) await database.executeSql(`analyze ${names.join(', ')}`);
  return names;
}

/** autovacuum_vacuum_threshold / _scale_factor and autovacuum_vacuum_insert_threshold / _scale_factor. */
export const VACUUM_THRESHOLD = 50;
export const VACUUM_SCALE_FACTOR = 0.2;
export const VACUUM_INSERT_THRESHOLD = 1000;
export const VACUUM_INSERT_SCALE_FACTOR = 0.2;

/**
 * VACUUM (ANALYZE) the tables of the public schema that autovacuum would vacuum: more dead rows than
 * 50 + 20 % of the table, or more rows inserted since the last vacuum than 1,000 + 20 %; returns
 * their names. PGlite has no autovacuum: without this its dead row versions were never reclaimed and
 * no page was ever marked all-visible, so the index-only scans the hot reads are built for
 * (0017_day_stock_covering: a hotel's calendar) went back to the table for every row.
 */
export async function vacuumChangedTables(database: Database): Promise<string[]> {
  await database.executeSql('select pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await database.executeSql(
    `select quote_ident(c.relname) as name
       from pg_class c
       join pg_namespace ns on ns.oid = c.relnamespace
       join pg_stat_user_tables s on s.relid = c.oid
      where ns.nspname = 'public' and c.relkind in ('r', 'p')
        and (s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > $3 + $4 * greatest(c.reltuples, 0))
      order by c.relname`,
    [VACUUM_THRESHOLD, VACUUM_SCALE_FACTOR, VACUUM_INSERT_THRESHOLD, VACUUM_INSERT_SCALE_FACTOR],
  );
  const names = rows.map((r) => String(r.name));
  // One statement per table: VACUUM cannot run inside a transaction block, nor a multi-statement string.
  for (const name of names) await database.executeSql(`vacuum (analyze) ${name}`);
  return names;
}

/** The embedded backend's autovacuum, one pass: vacuum what needs it, then analyse what still does. */
export async function maintainTables(database: Database): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  const vacuumed = await vacuumChangedTables(database);
  const analyzed = await analyzeChangedTables(database);
  return { vacuumed, analyzed };
}

/** ANALYZE every table of the database (after a migration or a seed wrote many rows at once). */
export async function analyzeAll(database: Database): Promise<void> {
  await database.executeSql('analyze');
}
