import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Row } from './bench-api.ts';

// Issue 31, item 6: `npm run bench:api -- --backend=postgres` with no DATABASE_URL measures on a
// throwaway PostgreSQL cluster (as bench:scale does); it used to reset "PostgreSQL" through PGlite's
// driver and crash ("cannot insert multiple commands into a prepared statement").

describe('bench:api on PostgreSQL without DATABASE_URL', () => {
  it('starts its own cluster and measures there', () => {
    // The tests' locale (en_US.UTF-8) may not be installed; initdb needs one that is.
    const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'C.UTF-8' };
    // Nothing of the suite's own cluster: the run makes its own.
    for (const name of [
      'DATABASE_URL',
      'LC_ALL',
      'PGHOST',
      'PGPORT',
      'PGUSER',
      'PGPASSWORD',
      'PGDATABASE',
      'PG_CLUSTER_CONF_ROOT',
    ])
      delete env[name];
    const run = spawnSync(
      process.execPath,
      ['scripts/bench-api.ts', '--backend=postgres', '--seconds=1', '--warmup=1', '--calls=avail', '--json'],
      { encoding: 'utf8', env, timeout: 240_000 },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
    expect(line, run.stderr.slice(-2000)).toBeDefined();
    const rows = JSON.parse(line!.slice('BENCH_JSON '.length)) as Row[];
    expect(rows.map((r) => [r.backend, r.call])).toEqual([['postgres', 'RoomAvailability (90 days)']]);
    expect(rows[0]!.requests).toBeGreaterThan(0);
    expect(rows[0]!.errors).toBe(0);
    expect(run.status).toBe(0);
  });
});
