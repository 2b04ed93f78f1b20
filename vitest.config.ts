import { defineConfig } from 'vitest/config';
import { forgetAppEnvForTests } from './scripts/test-env.ts';

// Nothing of the shell's app environment (a DATABASE_URL, an SMTP_URL) reaches a test or the servers
// it starts; the PostgreSQL tiers keep the DATABASE_URL scripts/with-postgres.ts gave them.
forgetAppEnvForTests();

// Tiers (STYLE.md #10): *.test.ts unit, *.int.test.ts against a real database (PGlite per test
// file), *.pg.test.ts against real PostgreSQL (run under pg_virtualenv by `npm run test:pg`),
// *.sec.test.ts the security tier (an attacker's attempts, each refused; `npm run test:sec`; the
// attempts that need real PostgreSQL are *.sec.pg.test.ts and run with the pg tier), *.ops.test.ts
// the operations tier (`npm run test:ops`: nodes, proxy, metrics and backups on real servers).
export default defineConfig({
  // Resolve packages as Node does at run time (no `development` condition): graphql ships a
  // separate development build, and graphql-jit / @graphql-tools, loaded by Node itself, must see
  // the same graphql module as our code, or a schema "from another realm" is refused.
  ssr: { resolve: { conditions: ['module', 'node'] } },
  test: {
    // Logs at warn and above (the one server logs every request at info); node processes log at info.
    env: { TZ: 'Asia/Jakarta', LANG: 'en_US.UTF-8', LOG_LEVEL: 'warn' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{api,core,server,site,islands,content-schemas,scripts,tests}/**/*.test.ts'],
          exclude: [
            '**/*.int.test.ts',
            '**/*.pg.test.ts',
            '**/*.sec.test.ts',
            '**/*.ops.test.ts',
            '**/node_modules/**',
            'tests/e2e/**',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{api,core,server,site,islands,content-schemas,scripts,tests}/**/*.int.test.ts'],
          setupFiles: ['tests/helpers/contract-setup.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sec',
          include: ['{api,core,server,site,islands,scripts,tests}/**/*.sec.test.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          include: ['{api,server,scripts,tests}/**/*.pg.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Operations tier: real servers (the built site, Debian's PostgreSQL, Caddy and Prometheus)
          // started as a deployment would; run after the browser tests, when the site is built.
          name: 'ops',
          include: ['{api,server,scripts,tests,deploy}/**/*.ops.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
