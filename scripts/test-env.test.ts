import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { APP_ENV_KEYS, forgetAppEnv, forgetAppEnvForTests, strayAppEnv, withoutAppEnv } from './test-env.ts';

// The shell's app environment is never the tests' (scripts/test-env.ts): npm test leaves it out of
// every step, Playwright's runner forgets it (its web server and workers inherit the runner's), with-postgres
// ignores DATABASE_URL.

const SHELL = {
  PATH: '/usr/bin',
  LOG_LEVEL: 'debug',
  DATABASE_URL: 'postgres://bobobox:secret@db.internal/bobobox',
  SMTP_URL: 'smtp://mail.internal:587',
  SANITY_PROJECT_ID: 'abc123',
  MIDTRANS_SERVER_KEY: 'Mid-server-live',
};

describe('the tests and the shell', () => {
  it('know every app variable of .env.example, but the logging and site-build ones', () => {
    expect(APP_ENV_KEYS).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'SANITY_PROJECT_ID', 'MIDTRANS_SERVER_KEY', 'NODE_ENV']),
    );
    expect(APP_ENV_KEYS).not.toContain('LOG_LEVEL');
    expect(APP_ENV_KEYS).not.toContain('SITE_BUILD_DIR');
  });

  it('leave the app variables out of a step and keep the rest', () => {
    expect(strayAppEnv(SHELL).sort()).toEqual(['DATABASE_URL', 'MIDTRANS_SERVER_KEY', 'SANITY_PROJECT_ID', 'SMTP_URL']);
    expect(withoutAppEnv(SHELL)).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'debug' });
  });

  it("forget them in a process whose children inherit its environment (Playwright's runner)", () => {
    const env: NodeJS.ProcessEnv = { ...SHELL };
    expect(forgetAppEnv(env).sort()).toEqual(['DATABASE_URL', 'MIDTRANS_SERVER_KEY', 'SANITY_PROJECT_ID', 'SMTP_URL']);
    expect(env).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'debug' });
  });

  it('keep in a test process only the DATABASE_URL with-postgres gave', () => {
    const shell: NodeJS.ProcessEnv = { ...SHELL, NODE_ENV: 'test' };
    forgetAppEnvForTests(shell);
    expect(shell).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'debug', NODE_ENV: 'test' });
    const given: NodeJS.ProcessEnv = {
      ...SHELL,
      DATABASE_URL: 'postgres://t@127.0.0.1/scratch',
      WITH_POSTGRES_DATABASE: '1',
    };
    forgetAppEnvForTests(given);
    expect(given).toEqual({
      PATH: '/usr/bin',
      LOG_LEVEL: 'debug',
      DATABASE_URL: 'postgres://t@127.0.0.1/scratch',
      WITH_POSTGRES_DATABASE: '1',
    });
  });

  it('a Vitest run forgets the shell app environment before any test runs', () => {
    // The probe file asserts inside a test what the worker sees.
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', 'scripts/test-env-probe.test.ts'],
      { encoding: 'utf8', env: { ...process.env, ...SHELL, PATH: process.env.PATH } },
    );
    expect(run.stdout).toContain('1 passed');
    expect(run.status, run.stdout.slice(-2000) + run.stderr.slice(-2000)).toBe(0);
  });

  it('with-postgres runs against TEST_DATABASE_URL when one is named, never the shell DATABASE_URL', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/with-postgres.ts', process.execPath, '-e', 'console.log(process.env.DATABASE_URL)'],
      {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: SHELL.DATABASE_URL, TEST_DATABASE_URL: 'postgres://t@127.0.0.1/scratch' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('postgres://t@127.0.0.1/scratch');
  });
});
