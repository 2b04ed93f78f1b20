import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// SQL functions and triggers live as source files beside their domain (`api/<domain>/sql/*.sql`,
// each statement `CREATE OR REPLACE ...`), not in migration history: a change to the booking rule is
// an edit of its file, reviewed as a diff. After the migrations (api/db/migrate.ts), every file whose
// SHA-256 differs from the one recorded in `drizzle.sql_sources` is applied, in one transaction with
// its record, so two nodes migrating together apply each change once (under the migration lock) and
// a failed file changes nothing. Function bodies are checked when they run, as pg_dump restores
// them, so the files need no order among themselves. Migrations keep schema changes only.

export const apiFolder = path.resolve(import.meta.dirname, '..');

export type SqlSource = { name: string; text: string; hash: string };

/** Every `api/<folder>/sql/*.sql`, by path. */
export function sqlSources(root = apiFolder): SqlSource[] {
  const out: SqlSource[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(root, folder.name, 'sql');
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      out.push({ name: `${folder.name}/sql/${file}`, text, hash: createHash('sha256').update(text).digest('hex') });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Runs SQL text (several statements allowed) on one connection; returns the rows of the last. */
export type RunSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const LEDGER = `create table if not exists drizzle.sql_sources (
  name text primary key, hash text not null, applied_at timestamptz not null default now())`;

/** The sources whose recorded hash differs from the file's (new, or changed since they were applied). */
export async function pendingSqlSources(run: RunSql, sources = sqlSources()): Promise<SqlSource[]> {
  let applied = new Map<string, string>();
  try {
    const { rows } = await run('select name, hash from drizzle.sql_sources');
    applied = new Map(rows.map((r) => [String(r.name), String(r.hash)]));
  } catch {
    // no ledger yet: nothing applied
  }
  return sources.filter((s) => applied.get(s.name) !== s.hash);
}

/** Apply every pending source, each in its own transaction with its record; returns their names. */
export async function applySqlSources(run: RunSql, sources = sqlSources()): Promise<string[]> {
  await run('create schema if not exists drizzle');
  await run(LEDGER);
  const pending = await pendingSqlSources(run, sources);
  for (const source of pending) {
    await run('begin');
    try {
      await run('set local check_function_bodies = off');
      await run(source.text);
      await run(
        `insert into drizzle.sql_sources (name, hash) values ($1, $2)
         on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
        [source.name, source.hash],
      );
      await run('commit');
    } catch (err) {
      await run('rollback').catch(() => undefined);
      throw new Error(`SQL source ${source.name} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return pending.map((s) => s.name);
}
