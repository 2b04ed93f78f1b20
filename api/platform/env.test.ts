import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadEnv, stayPassSecret } from './env.ts';

describe('environment', () => {
  it('every variable the server reads is listed in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const missing = Object.keys(EnvSchema.entries).filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });
  it("the operations variables are in the README's environment table too", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Environment'), readme.indexOf('### Security headers'));
    const operations = [
      'MIGRATE_ON_START',
      'SHUTDOWN_DELAY_SECONDS',
      'SHUTDOWN_GRACE_SECONDS',
      'METRICS_PORT',
      'METRICS_HOST',
      'METRICS_TOKEN',
      'LOG_LEVEL',
      'LOG_FORMAT',
    ];
    expect(operations.filter((key) => key in EnvSchema.entries)).toEqual(operations);
    expect(operations.filter((key) => !table.includes(`\`${key}\``))).toEqual([]);
  });
  it('runs on embedded defaults with nothing set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(4321);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
});

describe('GTM_ID', () => {
  it('is unset by default (no third party) and must look like a container id', () => {
    expect(loadEnv({}).GTM_ID).toBeUndefined();
    expect(loadEnv({ GTM_ID: 'GTM-ABC123' }).GTM_ID).toBe('GTM-ABC123');
    expect(() => loadEnv({ GTM_ID: 'GTM-x"><script>' })).toThrow(/GTM_ID/);
  });
});

describe('the embedded SITE_URL', () => {
  it('follows HOST and PORT, so no default points at another default', () => {
    expect(loadEnv({}).SITE_URL).toBe('http://127.0.0.1:4321');
    expect(loadEnv({ PORT: '5055' }).SITE_URL).toBe('http://127.0.0.1:5055');
    expect(loadEnv({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://127.0.0.1:8080');
    expect(loadEnv({ HOST: '::1', PORT: '8080' }).SITE_URL).toBe('http://[::1]:8080');
    expect(loadEnv({ PORT: '5055', SITE_URL: 'https://bobobox.example' }).SITE_URL).toBe('https://bobobox.example');
  });
});

describe('the stay-pass key', () => {
  it('is derived from AUTH_JWT_SECRET in development (stable, not the JWT secret itself), or taken as set', () => {
    const derived = stayPassSecret(loadEnv({}));
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(stayPassSecret(loadEnv({}))).toBe(derived);
    expect(derived).not.toContain(loadEnv({}).AUTH_JWT_SECRET);
    expect(stayPassSecret(loadEnv({ AUTH_JWT_SECRET: 'another-development-secret-of-32-bytes' }))).not.toBe(derived);
    const own = 'a-stay-pass-key-of-more-than-thirty-two-bytes';
    expect(stayPassSecret(loadEnv({ STAY_PASS_SECRET: own }))).toBe(own);
  });
  it('refuses a key shorter than 32 bytes', () => {
    expect(() => loadEnv({ STAY_PASS_SECRET: 'short' })).toThrow(/STAY_PASS_SECRET/);
  });
});
