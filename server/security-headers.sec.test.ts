import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPT, startOneServer } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (headers): every answer of the one server (a page, a file, the API, an error page,
// a development tool) carries the security headers, and HTML carries a Content-Security-Policy that
// runs only this origin's scripts and the build's own inline scripts by hash.

const running: OneServer[] = [];
afterAll(async () => {
  for (const one of running) await one.close();
});

async function start(env: Record<string, string>) {
  const started = await startOneServer({ NODE_ENV: 'development', ...env });
  running.push(started.one);
  return started.base;
}

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('are on pages, API answers, error pages and development tools; HTML has a strict CSP', async () => {
    const base = await start({});
    const answers = {
      page: await fetch(`${base}/`),
      api: await fetch(`${base}/api/health`),
      apiError: await fetch(`${base}/api/nowhere`),
      errorPage: await fetch(`${base}/no-such-page/`),
      devTool: await fetch(`${base}/dev/outbox/`),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), what).toMatch(/camera=\(\)/);
      expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), what).toBeNull(); // http origin: no HSTS
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp['object-src'], what).toEqual(["'none'"]);
      expect(csp['base-uri'], what).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
      expect(csp['form-action'], what).toEqual(["'self'"]);
      // Scripts: this origin (or nothing at all, on the development tools), never 'unsafe-inline'.
      const scripts = csp['script-src'] ?? csp['default-src'] ?? [];
      expect(scripts, what).not.toContain("'unsafe-inline'");
      expect(["'self'", "'none'"], what).toContain(scripts[0]);
    }
    expect(answers.errorPage.status).toBe(404);
    // The home page's inline script runs by its hash; the JSON-LD data block needs none.
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const csp = directives(answers.page.headers.get('content-security-policy')!);
    expect(csp['script-src']).toEqual(["'self'", hash]);
  });

  it('adds HSTS when the public origin is https', async () => {
    const base = await start({ SITE_URL: 'https://bobobox.example' });
    const res = await fetch(`${base}/api/health`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
