// `npm run ops -- backup FILE` and `npm run ops -- restore FILE` (README "Operations: two nodes,
// backups and the soak"). A backup is one tar file an operator can open with `tar -tf`:
//
//   manifest.json     which backend wrote it, when, and every upload's size and SHA-256
//   database.pgdump   PostgreSQL (DATABASE_URL): pg_dump's custom format, one consistent snapshot
//                     taken while the nodes keep serving; the uploads are in it (stored_blobs)
//   pglite.tar.gz     the embedded PGlite (DATA_DIR): its data directory (PGlite's dumpDataDir)
//   uploads/          the embedded default's files (DATA_DIR/uploads, api/storage/blob-store.ts)
//
// A restore goes into an empty database only (a new one, never over live data) of the same backend,
// and checks every upload against the manifest before it writes anything.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client.ts';
import pg from 'pg';
import * as v from 'valibot';
import type { Env } from '../platform/env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/private-files.ts';

export class BackupError extends Error {}

const Manifest = v.object({
  format: v.literal('bobobox-backup'),
  version: v.literal(1),
  database: v.picklist(['pglite', 'postgres']),
  createdAt: v.string(),
  uploads: v.array(
    v.object({ name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]+$/)), size: v.number(), sha256: v.string() }),
  ),
});
export type BackupManifest = v.InferOutput<typeof Manifest>;

type BackupEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>;

const pgliteDir = (env: BackupEnv) => path.resolve(env.DATA_DIR, 'pglite');
const uploadsDir = (env: BackupEnv) => path.resolve(env.DATA_DIR, 'uploads');

/**
 * libpq's variables for a connection URL: the tools get the password through the environment,
 * never on their command line (where `ps` shows it to every user of the machine).
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const q = u.searchParams;
  const env: NodeJS.ProcessEnv = {
    PGHOST: q.get('host') ?? (u.hostname.replace(/^\[|\]$/g, '') || 'localhost'),
    PGPORT: u.port || q.get('port') || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = q.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Run a tool; its error output becomes the error's message. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const { PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE, ...rest } = process.env;
    void [PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE];
    const child = spawn(command, args, { env: { ...rest, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new BackupError(`${command}: ${e.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Uploads, not files: each stored file has its content type in a `.type` file beside it. */
const uploadCount = (m: BackupManifest) => m.uploads.filter((u) => !u.name.endsWith('.type')).length;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function filesIn(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir, { withFileTypes: true });
  // A `.tmp` file is an upload being written (blob-store.ts renames it when done): not a file yet.
  return names.filter((d) => d.isFile() && !d.name.endsWith('.tmp')).map((d) => d.name);
}

/** Write a backup of the configured database (and the embedded default's uploads) to `file`. */
export async function backup(env: BackupEnv, file: string, now = new Date()): Promise<string[]> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const stage = await mkdtemp(path.join(tmpdir(), 'bobobox-backup-'));
  try {
    const manifest: BackupManifest = {
      format: 'bobobox-backup',
      version: 1,
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      createdAt: now.toISOString(),
      uploads: [],
    };
    if (env.DATABASE_URL) {
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(stage, 'database.pgdump')}`],
        libpqEnv(env.DATABASE_URL),
      );
    } else {
      if (!existsSync(pgliteDir(env))) throw new BackupError(`No embedded database in ${pgliteDir(env)}.`);
      const client = await PGlite.create(pgliteDir(env), { extensions: PGLITE_EXTENSIONS });
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(path.join(stage, 'pglite.tar.gz'), new Uint8Array(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
      await mkdir(path.join(stage, 'uploads'));
      for (const name of await filesIn(uploadsDir(env))) {
        const bytes = await readFile(path.join(uploadsDir(env), name));
        await writeFile(path.join(stage, 'uploads', name), bytes);
        manifest.uploads.push({ name, size: bytes.byteLength, sha256: sha256(bytes) });
      }
    }
    await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed: a half-written backup never carries the name.
    const partial = `${target}.partial`;
    await run('tar', ['-cf', partial, '-C', stage, '.']);
    // The backup holds every account: its owner's user only (api/storage/private-files.ts).
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, target);
    const size = (await stat(target)).size;
    return [
      `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL database' : `embedded database in ${env.DATA_DIR}`}` +
        `${manifest.database === 'pglite' ? ` and ${uploadCount(manifest)} uploads` : ' (uploads included)'}` +
        ` to ${target} (${(size / 1024 / 1024).toFixed(1)} MB).`,
    ];
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Tables of an application schema in this PostgreSQL database (an empty one has none). */
async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Restore `file` into the configured database, which must be empty (and its uploads folder too). */
export async function restore(env: BackupEnv, file: string): Promise<string[]> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`No backup at ${source}.`);
  const stage = await mkdtemp(path.join(tmpdir(), 'bobobox-restore-'));
  try {
    // GNU tar refuses members outside the folder (absolute names, `..`) by default.
    await run('tar', ['-xf', source, '-C', stage, '--no-same-owner', '--no-same-permissions']);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8'));
    } catch {
      throw new BackupError(`${source} is not a backup of this site (no readable manifest.json).`);
    }
    const checked = v.safeParse(Manifest, parsed);
    if (!checked.success) throw new BackupError(`${source} has a manifest this version does not read.`);
    const manifest = checked.output;
    const backend = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== backend)
      throw new BackupError(
        `${source} holds a ${manifest.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} backup; restore it with ` +
          (manifest.database === 'postgres' ? 'DATABASE_URL set.' : 'DATABASE_URL unset (the embedded database).'),
      );

    if (manifest.database === 'postgres') {
      const url = env.DATABASE_URL!;
      const tables = await postgresTableCount(url);
      if (tables > 0)
        throw new BackupError(
          `The database of DATABASE_URL holds ${tables} tables: restore into an empty database (create a new one).`,
        );
      // One transaction: a failed restore leaves the database as empty as it was.
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${libpqEnv(url).PGDATABASE}`,
          path.join(stage, 'database.pgdump'),
        ],
        libpqEnv(url),
      );
      return [`Restored the PostgreSQL database from ${source} (backup of ${manifest.createdAt}).`];
    }

    if (!(await isEmptyDir(pgliteDir(env))) || !(await isEmptyDir(uploadsDir(env))))
      throw new BackupError(
        `${env.DATA_DIR} already holds a database or uploads: restore into an empty DATA_DIR (a new folder).`,
      );
    // Every file is checked before anything is written.
    for (const u of manifest.uploads) {
      const bytes = await readFile(path.join(stage, 'uploads', u.name)).catch(() => null);
      if (!bytes || bytes.byteLength !== u.size || sha256(bytes) !== u.sha256)
        throw new BackupError(`${source} is damaged: the upload ${u.name} does not match its manifest.`);
    }
    const dump = await readFile(path.join(stage, 'pglite.tar.gz'));
    await mkdir(pgliteDir(env), { recursive: true });
    const client = await PGlite.create(pgliteDir(env), {
      loadDataDir: new Blob([new Uint8Array(dump)]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    await mkdir(uploadsDir(env), { recursive: true });
    for (const u of manifest.uploads)
      await cp(path.join(stage, 'uploads', u.name), path.join(uploadsDir(env), u.name), { preserveTimestamps: true });
    return [
      `Restored the embedded database and ${uploadCount(manifest)} uploads into ${env.DATA_DIR} from ${source}` +
        ` (backup of ${manifest.createdAt}).`,
    ];
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
