import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS, loadEnv } from '../api/platform/env.ts';
import { developmentBanner, isLoopback, loopbackOnly, productionProblems } from './modes.ts';

// Security tier, modes and secrets (issue: safe by default, section 1). Production refuses to start
// on anything an attacker could know or reach; development tools answer this machine only.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const strong = () => randomBytes(48).toString('base64url');

/** A production configuration with nothing public in it. */
const safeProduction = () => ({
  NODE_ENV: 'production',
  AUTH_JWT_SECRET: strong(),
  API_CLIENT_SECRET: strong(),
  API_KEY: strong(),
  SANITY_WEBHOOK_SECRET: strong(),
  STAY_PASS_SECRET: strong(),
  FILE_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  SMTP_URL: 'smtps://relay:pw@smtp.example.net:465',
  MIDTRANS_SERVER_KEY: 'Mid-server-' + strong(),
  MIDTRANS_CLIENT_KEY: 'Mid-client-' + strong(),
  MIDTRANS_BASE_URL: 'https://api.midtrans.com',
  INSURER_API_URL: 'https://policies.insurer.example/v1',
  INSURER_API_KEY: strong(),
});

/** What production says about a configuration: the schema's complaints or the production checks. */
function refusals(source: Record<string, string | undefined>): string[] {
  try {
    return productionProblems(loadEnv(source));
  } catch (error) {
    return String((error as Error).message)
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
}

describe('production refuses unsafe settings', () => {
  it('accepts a configuration with private, long, random secrets, a relay and live payments', () => {
    expect(productionProblems(loadEnv(safeProduction()))).toEqual([]);
  });

  it('is the embedded default no longer: NODE_ENV defaults to development, where nothing is refused', () => {
    const env = loadEnv({});
    expect(env.NODE_ENV).toBe('development');
    expect(productionProblems(env)).toEqual([]);
  });

  const secrets = ['AUTH_JWT_SECRET', 'API_CLIENT_SECRET', 'API_KEY', 'SANITY_WEBHOOK_SECRET'] as const;
  for (const name of secrets) {
    it(`refuses ${name} when it is missing (the public default), short or not random`, () => {
      const unset = { ...safeProduction(), [name]: undefined };
      expect(productionProblems(loadEnv(unset))).toEqual([`${name} is a public development default`]);
      // Too short is refused either by the schema (AUTH_JWT_SECRET: an invalid environment) or here.
      const short = { ...safeProduction(), [name]: randomBytes(20).toString('hex').slice(0, 31) };
      expect(refusals(short)).toEqual([
        expect.stringMatching(new RegExp(`^${name}: |^${name} is shorter than 32 bytes$`)),
      ]);
      const repeated = { ...safeProduction(), [name]: 'ab'.repeat(30) };
      expect(productionProblems(loadEnv(repeated))).toEqual([`${name} is not random (too few distinct characters)`]);
    });
  }

  it('refuses production without file keys of its own, and FILE_KEYS that are not 32-byte keys with ids', () => {
    expect(productionProblems(loadEnv({ ...safeProduction(), FILE_KEYS: undefined }))).toEqual([
      'FILE_KEYS is not set: uploaded ID cards would be encrypted with a key derived from a development default',
    ]);
    expect(refusals({ ...safeProduction(), FILE_KEYS: `k1:${randomBytes(16).toString('base64')}` })).toEqual([
      expect.stringMatching(/^FILE_KEYS: FILE_KEYS key k1 is not 32 bytes/),
    ]);
    expect(refusals({ ...safeProduction(), FILE_KEYS: randomBytes(32).toString('base64') })).toEqual([
      expect.stringMatching(/^FILE_KEYS: FILE_KEYS lists id:base64key pairs/),
    ]);
    const key = randomBytes(32).toString('base64');
    expect(refusals({ ...safeProduction(), FILE_KEYS: `k1:${key},k1:${key}` })).toEqual([
      expect.stringMatching(/^FILE_KEYS: FILE_KEYS names key k1 twice/),
    ]);
  });

  it('refuses production with the sandbox insurer, or a partner without its key', () => {
    expect(productionProblems(loadEnv({ ...safeProduction(), INSURER_API_URL: undefined }))).toEqual([
      'INSURER_API_URL is not set: travel-insurance policies would go to the sandbox insurer',
    ]);
    expect(productionProblems(loadEnv({ ...safeProduction(), INSURER_API_KEY: undefined }))).toEqual([
      'INSURER_API_KEY is not set (required with INSURER_API_URL)',
    ]);
  });

  it('refuses production without a stay-pass key of its own (development derives one from AUTH_JWT_SECRET)', () => {
    expect(productionProblems(loadEnv({ ...safeProduction(), STAY_PASS_SECRET: undefined }))).toEqual([
      'STAY_PASS_SECRET is not set',
    ]);
    expect(refusals({ ...safeProduction(), STAY_PASS_SECRET: 'x'.repeat(20) })).toEqual([
      expect.stringMatching(/^STAY_PASS_SECRET: /),
    ]);
    const repeated = { ...safeProduction(), STAY_PASS_SECRET: 'ab'.repeat(30) };
    expect(productionProblems(loadEnv(repeated))).toEqual([
      'STAY_PASS_SECRET is not random (too few distinct characters)',
    ]);
  });

  it('refuses every public development secret, even when set explicitly', () => {
    for (const [name, value] of Object.entries(EMBEDDED_SECRETS)) {
      if (name === 'WEB_API_KEY') continue; // public by design: it ships in the browser bundle
      const problems = productionProblems(loadEnv({ ...safeProduction(), [name]: value }));
      expect(problems, name).toEqual([`${name} is a public development default`]);
    }
  });

  it('refuses the mail sink, the sandbox gateway, a Midtrans sandbox and the test-only switches', () => {
    const problems = (extra: Record<string, string | undefined>) =>
      productionProblems(loadEnv({ ...safeProduction(), ...extra }));
    expect(problems({ SMTP_URL: undefined })).toEqual([
      'SMTP_URL is not set: e-mail would go to the in-process development sink',
    ]);
    expect(problems({ MIDTRANS_SERVER_KEY: undefined, MIDTRANS_CLIENT_KEY: undefined })).toEqual([
      'MIDTRANS_SERVER_KEY is not set: payments would go to the embedded sandbox gateway',
    ]);
    expect(problems({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-' + strong() })).toEqual([
      'MIDTRANS_SERVER_KEY is a Midtrans sandbox key (SB-...): payments would not be real',
    ]);
    expect(problems({ MIDTRANS_BASE_URL: 'https://api.sandbox.midtrans.com' })).toEqual([
      'MIDTRANS_BASE_URL points at a sandbox (https://api.sandbox.midtrans.com); use https://api.midtrans.com',
    ]);
    expect(problems({ TEST_FIXTURE_ROUTES: '1', TEST_FAULT_ROUTES: '1', TEST_CRASH_AFTER_COMMIT: '1' })).toEqual([
      'TEST_FIXTURE_ROUTES is on: test-only routes must not exist in production',
      'TEST_FAULT_ROUTES is on: test-only routes must not exist in production',
      'TEST_CRASH_AFTER_COMMIT is on: a test-only crash must not exist in production',
    ]);
  });

  it('`npm start` with NODE_ENV=production on the embedded defaults exits 1 and names every offending variable', async () => {
    const run = promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'start.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: 'memory://', PORT: '1' },
      timeout: 60_000,
    });
    const failure = await run.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    for (const name of [
      'AUTH_JWT_SECRET',
      'API_CLIENT_SECRET',
      'API_KEY',
      'SANITY_WEBHOOK_SECRET',
      'STAY_PASS_SECRET',
      'SMTP_URL',
      'MIDTRANS_SERVER_KEY',
      'MIDTRANS_BASE_URL',
    ])
      expect(failure?.stderr, name).toContain(name);
    expect(failure?.stderr).toContain('Refusing to start in production');
  });
});

describe('development tools answer this machine only', () => {
  const app = new Hono();
  app.use('/dev/*', loopbackOnly());
  app.get('/dev/outbox/', (c) => c.text('codes'));
  const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.request('/dev/outbox/', { headers }, { incoming: { socket: { remoteAddress } } });

  it('serves loopback peers (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await from(peer)).status, peer).toBe(200);
  });

  it('answers 404 to any other peer, and to a loopback proxy forwarding someone else', async () => {
    for (const peer of ['203.0.113.7', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1'])
      expect((await from(peer)).status, peer).toBe(404);
    expect((await from('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(404);
    expect((await from('127.0.0.1', { forwarded: 'for="[2001:db8::9]:443"' })).status).toBe(404);
    expect((await from('127.0.0.1', { 'x-real-ip': '198.51.100.4' })).status).toBe(404);
    expect((await from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('knows loopback addresses as proxies write them', () => {
    expect(isLoopback('[::1]:8443')).toBe(true);
    expect(isLoopback('127.0.0.1:5000')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});

describe('the development banner', () => {
  it('says in one line that the tools are development-only and loopback-only, and how to deploy', () => {
    const line = developmentBanner(loadEnv({}), ['/dev/outbox/', '/dev/payment-simulator/']);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('development mode');
    expect(line).toContain('/dev/outbox/, /dev/payment-simulator/');
    expect(line).toContain('loopback requests only');
    expect(line).toContain('NODE_ENV=production');
  });
});
