// Run a command against a throwaway real PostgreSQL: `node scripts/with-postgres.ts <cmd> [args]`.
// Uses Debian's pg_virtualenv -t (package `postgresql`; -t keeps the cluster in a temp dir so runs
// in parallel never collide on the shared "regress" cluster), which creates a temporary cluster, exports
// PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE, runs us again with `--inner`, and drops the cluster.
// With DATABASE_URL already set, the command simply runs against that database.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);

function run(cmd: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  });
}

if (args[0] === '--inner') {
  const { PGHOST = 'localhost', PGPORT = '5432', PGUSER = 'postgres', PGPASSWORD = '', PGDATABASE = 'postgres' } = process.env;
  const host = PGHOST.startsWith('/') ? `localhost` : PGHOST;
  const socket = PGHOST.startsWith('/') ? `?host=${encodeURIComponent(PGHOST)}` : '';
  const url = `postgres://${encodeURIComponent(PGUSER)}:${encodeURIComponent(PGPASSWORD)}@${host}:${PGPORT}/${encodeURIComponent(PGDATABASE)}${socket}`;
  process.exit(await run(args.slice(1), { ...process.env, DATABASE_URL: url }));
} else if (args.length === 0) {
  console.error('usage: node scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
} else if (process.env.DATABASE_URL) {
  process.exit(await run(args, process.env));
} else {
  if (spawnSync('sh', ['-c', 'command -v pg_virtualenv'], { stdio: 'ignore' }).status !== 0) {
    console.error('pg_virtualenv not found: install PostgreSQL (Debian: apt-get install -y postgresql) or set DATABASE_URL.');
    process.exit(2);
  }
  process.exit(await run(['pg_virtualenv', '-t', process.execPath, import.meta.filename, '--inner', ...args], process.env));
}
