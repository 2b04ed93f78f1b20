import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The benchmarks that drop and seed their database's schema refuse a DATABASE_URL they were not told
// to reset (scripts/bench-database.ts): an operator who loaded the production environment into the
// shell (deploy/README.md) and then ran one would otherwise have wiped that database. The address
// below leads nowhere: a benchmark that tried it would fail otherwise (and later), not exit 2 at once.

const NOWHERE = 'postgres://bench-guard@127.0.0.1:9/not_a_database';

describe('a benchmark given a DATABASE_URL without --reset-database', () => {
  for (const args of [
    ['scripts/bench-api.ts', '--backend=postgres'],
    ['scripts/bench-api.ts'],
    ['scripts/bench-api.ts', '--mix'],
    ['scripts/bench-abuse.ts'],
    ['scripts/bench-soak.ts'],
  ]) {
    it(`refuses before it touches anything: ${args.join(' ')}`, () => {
      const run = spawnSync(process.execPath, [...args, '--seconds=1', '--warmup=1'], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: NOWHERE },
        // bench:api on its own measures PGlite first: a refusal that came after it would not come in time.
        timeout: 20_000,
      });
      expect(run.stderr).toContain('drops and seeds the schema of its database');
      expect(run.stderr).toContain('--reset-database');
      expect(run.status).toBe(2);
    });
  }
});
