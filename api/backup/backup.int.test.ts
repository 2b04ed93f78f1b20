import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDeps } from '../auth/test-db.ts';
import { openDatabase } from '../db/client.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { backup, BackupError, restore } from './backup.ts';
import { fillForBackup, folderFiles, tableContents } from './backup.test-helpers.ts';

// Issue 17, "Backups that restore", on the embedded backend: a PGlite database under DATA_DIR holding
// reservations, points, submissions and uploads is backed up, restored into an empty DATA_DIR, and
// every table, every sequence and every uploaded file comes back equal.

const root = await mkdtemp(path.join(tmpdir(), 'backup-int-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const source = path.join(root, 'source');
const copy = path.join(root, 'copy');
const file = path.join(root, 'nightly.backup');

describe('backup and restore of the embedded database', () => {
  it('restores every table and every uploaded file into an empty DATA_DIR', async () => {
    const database = await openDatabase({ DATA_DIR: source });
    await openSeededDatabase(TEST_NOW, database);
    const t = await testDeps({ DATA_DIR: source }, database);
    t.setNow(TEST_NOW);
    const filled = await fillForBackup(t.deps, TEST_NOW);
    const before = await tableContents(database);
    await database.close();
    // The data the test means to carry is there (so equality below is not two empty databases).
    expect(before.get('public.reservations')!.length).toBeGreaterThanOrEqual(filled.reservations);
    expect(before.get('public.bobopoint_ledger')!.length).toBeGreaterThanOrEqual(2);
    expect(before.get('public.form_submissions')!.length).toBe(2);
    expect(before.get('public.form_submission_files')!.length).toBe(1);
    const uploads = await folderFiles(path.join(source, 'uploads'));
    // Four pictures and the proposal's file, each with its content type beside it.
    expect(uploads.size).toBe(10);

    expect((await backup({ DATA_DIR: source }, file))[0]).toMatch(/ and 5 uploads/);
    // It holds every account: readable by its owner's user only (issue 27, item 7).
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' });
    expect(listed).toMatch(/manifest\.json/);
    expect(listed).toMatch(/pglite\.tar\.gz/);

    await restore({ DATA_DIR: copy }, file);
    const restored = await openDatabase({ DATA_DIR: copy });
    try {
      const after = await tableContents(restored);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, contents] of before) expect(after.get(table), table).toEqual(contents);
    } finally {
      await restored.close();
    }
    const restoredFiles = await folderFiles(path.join(copy, 'uploads'));
    expect([...restoredFiles.keys()]).toEqual([...uploads.keys()]);
    for (const [name, bytes] of uploads) expect(restoredFiles.get(name)!.equals(bytes), name).toBe(true);
  });

  it('refuses to restore over a DATA_DIR that holds data', async () => {
    await expect(restore({ DATA_DIR: copy }, file)).rejects.toThrow(/empty DATA_DIR/);
  });

  it('refuses a damaged backup before it writes anything', async () => {
    const stage = path.join(root, 'damaged');
    execFileSync('mkdir', ['-p', stage]);
    execFileSync('tar', ['-xf', file, '-C', stage]);
    const manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8'));
    const first = manifest.uploads[0].name as string;
    await writeFile(path.join(stage, 'uploads', first), 'not the picture');
    const damaged = path.join(root, 'damaged.backup');
    execFileSync('tar', ['-cf', damaged, '-C', stage, '.']);
    const empty = path.join(root, 'never-written');
    await expect(restore({ DATA_DIR: empty }, damaged)).rejects.toThrow(BackupError);
    expect((await folderFiles(path.join(empty, 'pglite'))).size).toBe(0);
  });

  it('refuses a PGlite backup when DATABASE_URL names a PostgreSQL', async () => {
    await expect(
      restore({ DATA_DIR: path.join(root, 'x'), DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' }, file),
    ).rejects.toThrow(/DATABASE_URL unset/);
  });
});
