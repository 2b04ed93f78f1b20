// Run a command against a throwaway real PostgreSQL: `node scripts/with-postgres.ts <cmd> [args]`.
// Uses Debian's pg_virtualenv -t (package `postgresql`; -t keeps the cluster in a temp dir so runs
// in parallel never collide on the shared "regress" cluster), which creates a temporary cluster, exports
// PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE, runs us again with `--inner`, and drops the cluster.
// With DATABASE_URL already set, the command simply runs against that database.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

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
  process.exit(await run(args.slice(1), { ...env, DATABASE_URL: url }));
} else if (args.length === 0) {
  console.error('usage: node scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
} else if (process.env.DATABASE_URL) {
  process.exit(await run(args, process.env));
} else {
  if (spawnSync('sh', ['-c', 'command -v pg_virtualenv'], { stdio: 'ignore' }).status !== 0) {
    console.error(
      'pg_virtualenv not found: install PostgreSQL (Debian: apt-get install -y postgresql) or set DATABASE_URL.',
    );
    process.exit(2);
  }
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
