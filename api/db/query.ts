import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Run raw SQL on either driver and return its rows (both drivers expose `.rows`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await (db as { execute: (q: SQL) => Promise<unknown> }).execute(query)) as { rows: T[] };
  return result.rows;
}
