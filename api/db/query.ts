import { getTableColumns } from 'drizzle-orm';
import type { Column, SQL, Table } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { clientOf } from './client.ts';

/** Run raw SQL on either driver and return its rows (both drivers expose `.rows`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await (db as { execute: (q: SQL) => Promise<unknown> }).execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * A hot-path statement with positional parameters. On PostgreSQL it runs as a named prepared
 * statement, so each pool connection parses and plans it once instead of on every request; on
 * PGlite it runs as an ordinary parameterised query. Only parameters vary, never the text, so the
 * name always denotes the same SQL. Select explicit, cast columns (`::int`, `::text`) so both
 * drivers return the same JavaScript types.
 */
export type Statement = { name: string; text: string };

export async function statementRows<T>(db: Db, statement: Statement, params: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if ('totalCount' in client)
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as T[];
  return (await client.query(statement.text, params)).rows as T[];
}

/**
 * A typed Drizzle query prepared once per database handle and name (its SQL is built once; on
 * PostgreSQL it is a named prepared statement). `build` must only use `sql.placeholder` for the
 * values that change between calls.
 */
const preparedByDb = new WeakMap<object, Map<string, unknown>>();
export function preparedOnce<P>(db: Db, name: string, build: (db: Db) => P): P {
  let byName = preparedByDb.get(db);
  if (!byName) preparedByDb.set(db, (byName = new Map()));
  let p = byName.get(name) as P | undefined;
  if (p === undefined) byName.set(name, (p = build(db)));
  return p;
}

/**
 * A row that PostgreSQL serialised as JSON (`to_jsonb(t)`, `json_agg(t)`: snake_case column
 * names), mapped to the shape Drizzle gives for `select().from(table)`: property names and each
 * column's own driver mapping (timestamps to Date, jsonb parsed...). Lets one statement return
 * several tables' rows at once.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [prop, column] of columnsOf(table)) {
    const value = json[column.name];
    // json/jsonb values arrive parsed already; every other column maps as Drizzle maps driver values.
    out[prop] =
      value === null || value === undefined
        ? null
        : JSON_COLUMNS.has(column.columnType)
          ? value
          : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

const JSON_COLUMNS = new Set(['PgJson', 'PgJsonb']);
const columnsByTable = new WeakMap<Table, [string, Column][]>();
function columnsOf(table: Table): [string, Column][] {
  let list = columnsByTable.get(table);
  if (!list) columnsByTable.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
}
