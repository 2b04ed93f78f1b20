import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeps } from '../auth/test-db.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { fillForBackup, tableContents } from './backup.test-helpers.ts';

// Issue 17, "Backups that restore", on PostgreSQL, through the operator's command line
// (`npm run ops -- backup FILE` / `restore FILE`, i.e. pg_dump and pg_restore): a database holding
// reservations, points, submissions and uploads (stored_blobs) is restored into an empty database
// of the same cluster, and every table and sequence comes back equal.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const tag = randomBytes(4).toString('hex');
const names = { source: `backup_src_${tag}`, copy: `backup_copy_${tag}` };
const urlOf = (db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};
const admin = new pg.Client({ connectionString: url });
let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backup-pg-'));
  await admin.connect();
  for (const n of Object.values(names)) await admin.query(`create database ${n}`);
});
afterAll(async () => {
  for (const n of Object.values(names)) await admin.query(`drop database if exists ${n} with (force)`);
  await admin.end();
  await rm(root, { recursive: true, force: true });
});

const ops = (args: string[], databaseUrl: string) =>
  spawnSync(process.execPath, ['scripts/ops.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(root, 'unused') },
  });

describe('backup and restore on PostgreSQL', () => {
  it('restores every table, sequence and stored upload into an empty database', async () => {
    let database: Database = await openDatabase({ DATABASE_URL: urlOf(names.source), DATA_DIR: 'memory://' });
    await openSeededDatabase(TEST_NOW, database);
    const t = await testDeps({ DATABASE_URL: urlOf(names.source) }, database);
    t.setNow(TEST_NOW);
    const filled = await fillForBackup(t.deps, TEST_NOW);
    const before = await tableContents(database);
    await database.close();
    expect(before.get('public.reservations')!.length).toBeGreaterThanOrEqual(filled.reservations);
    expect(before.get('public.bobopoint_ledger')!.length).toBeGreaterThanOrEqual(2);
    expect(before.get('public.form_submissions')!.length).toBe(2);
    // Four pictures and the proposal's file: on PostgreSQL the uploads live in the database.
    expect(before.get('public.stored_blobs')!.length).toBe(5);

    const file = path.join(root, 'nightly.backup');
    const made = ops(['backup', file], urlOf(names.source));
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/Backed up the PostgreSQL database/);
    // The password travels in the environment, never on a command line or in the output.
    expect(made.stdout).not.toContain(new URL(url).password || '\u0000');

    const restored = ops(['restore', file], urlOf(names.copy));
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    database = await openDatabase({ DATABASE_URL: urlOf(names.copy), DATA_DIR: 'memory://' });
    try {
      const after = await tableContents(database);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, contents] of before) expect(after.get(table), table).toEqual(contents);
    } finally {
      await database.close();
    }

    // A second restore finds the database no longer empty, and changes nothing.
    const again = ops(['restore', file], urlOf(names.copy));
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/restore into an empty database/);
    expect(ops(['restore'], urlOf(names.copy)).status).toBe(2);
  });
});
