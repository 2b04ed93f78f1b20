import type { Database } from './client.ts';

// Table statistics for the query planner (issue 18). PostgreSQL gathers them itself (autovacuum runs
// ANALYZE on a table once 50 rows + 10 % of it changed); the embedded PGlite never does, so without
// this its planner guesses every table's size and picks hash joins over every stored night. So:
// ANALYZE after migrations and seeding (migrate.ts, seed.ts), and the job `db.analyze`
// (server/jobs.ts, embedded backend only) applies autovacuum's rule on a schedule as tables grow.

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

/** ANALYZE every table of the database (after a migration or a seed wrote many rows at once). */
export async function analyzeAll(database: Database): Promise<void> {
  await database.executeSql('analyze');
}
