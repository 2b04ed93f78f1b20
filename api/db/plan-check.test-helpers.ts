import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Database } from '../platform/database.ts';

// Plan checks (issue 18): record the statements the real code sends while it serves a call, then
// EXPLAIN (FORMAT JSON) each of them with its own parameters and list the sequential scans over the
// big tables. Recording the real statements, not copies, keeps the check honest as the code changes.

/** The tables that grow with hotels and years: never read by a sequential scan on a hot path. */
export const BIG_TABLES = [
  'hotel_day_stock',
  'room_inventory',
  'room_hour_stock',
  'reservations',
  'reservation_nights',
  'reservation_hours',
] as const;

export type Recorded = { text: string; params: unknown[] };

type Query = (this: unknown, ...args: unknown[]) => unknown;

function recordOf(config: unknown, values: unknown): Recorded | null {
  if (typeof config === 'string') return { text: config, params: Array.isArray(values) ? values : [] };
  if (config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    return { text: c.text, params: c.values ?? (Array.isArray(values) ? values : []) };
  }
  return null;
}

/**
 * Record every statement sent through `database` until `stop()` (PostgreSQL: every pg client of this
 * process; PGlite: the instance and its transactions).
 */
export function recordStatements(database: Database): { stop: () => Recorded[] } {
  const seen: Recorded[] = [];
  const push = (r: Recorded | null) => {
    if (r) seen.push(r);
  };
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: Query };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      push(recordOf(args[0], args[1]));
      return original.apply(this, args);
    };
    return {
      stop: () => {
        proto.query = original;
        return seen;
      },
    };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) => {
    push(recordOf(text, params));
    return query(text, params, options as never);
  }) as PGlite['query'];
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const q = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: unknown) => {
        push(recordOf(text, params));
        return q(text, params, options as never);
      }) as Transaction['query'];
      return fn(tx);
    })) as PGlite['transaction'];
  return {
    stop: () => {
      client.query = query;
      client.transaction = transaction;
      return seen;
    },
  };
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** The plan PostgreSQL would run for a recorded statement (EXPLAIN, so nothing is executed). */
export async function explain(database: Database, r: Recorded): Promise<PlanNode> {
  const { rows } = await database.executeSql(`explain (format json) ${r.text}`, r.params);
  const cell = Object.values(rows[0] ?? {})[0];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return json[0].Plan;
}

/** The big tables a plan reads by a sequential scan. */
export function seqScansOver(plan: PlanNode, tables: readonly string[] = BIG_TABLES): string[] {
  const out: string[] = [];
  for (const n of nodes(plan))
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && tables.includes(n['Relation Name']))
      out.push(n['Relation Name']);
  return out;
}

/** The recorded data statements that touch a big table, each once (the same text with other values is the same plan shape). */
export function hotStatements(recorded: Recorded[], tables: readonly string[] = BIG_TABLES): Recorded[] {
  const byText = new Map<string, Recorded>();
  for (const r of recorded) {
    const text = r.text.trim();
    if (!/^(select|with|update|insert|delete)\b/i.test(text)) continue;
    if (!tables.some((t) => new RegExp(`\\b${t}\\b`).test(text))) continue;
    if (!byText.has(text)) byText.set(text, r);
  }
  return [...byText.values()];
}

/** EXPLAIN every hot statement; the ones whose plan scans a big table sequentially, with the tables. */
export async function sequentialScans(database: Database, recorded: Recorded[]) {
  const bad: { text: string; tables: string[] }[] = [];
  for (const r of hotStatements(recorded)) {
    const tables = seqScansOver(await explain(database, r));
    if (tables.length) bad.push({ text: r.text.replace(/\s+/g, ' ').slice(0, 400), tables });
  }
  return bad;
}
