import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import idleScript from 'astro/runtime/client/idle.prebuilt.js';
import loadScript from 'astro/runtime/client/load.prebuilt.js';
import visibleScript from 'astro/runtime/client/visible.prebuilt.js';
import { loadBuild } from './build-manager.ts';
import { contentSecurityPolicy, directiveScriptHashes, inlineScriptHashes } from './security-headers.ts';

// On-demand pages carry Astro's hydration directive scripts inline (client:idle, client:visible, …);
// the CSP allows them by hash, read from the manifest in the build's server code, so a deferred
// island hydrates there too without 'unsafe-inline'.

const sha = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Server code as Astro writes it: the manifest with its client directives, serialised as JSON. */
const serverCode = (directives: [string, string][]) =>
  'const deserializeManifest = (m) => m;\n' +
  `const manifest = deserializeManifest(${JSON.stringify({ routes: [], clientDirectives: directives, entryModules: {} })});\n` +
  'export const handler = async (req, res, next) => next();\n';

describe("the CSP hashes of Astro's hydration directives", () => {
  it('are those of the directive scripts the manifest holds, as Astro inlines them', () => {
    const source = serverCode([
      ['idle', idleScript],
      ['load', loadScript],
      ['visible', visibleScript],
    ]);
    const hashes = directiveScriptHashes(source);
    expect(hashes).toEqual([sha(idleScript), sha(loadScript), sha(visibleScript)]);
    // The same hash the browser checks for `<script>…</script>` in a page.
    expect(hashes[0]).toBe(inlineScriptHashes(`<p>x</p><script>${idleScript}</script>`)[0]);
  });

  it('read strings with brackets, braces and escaped quotes whole', () => {
    const tricky = 'window.x = "]}[{\\"";';
    expect(directiveScriptHashes(serverCode([['custom', tricky]]))).toEqual([sha(tricky)]);
  });

  it('are none without a manifest, or with one that cannot be read', () => {
    expect(directiveScriptHashes('export const handler = () => {};')).toEqual([]);
    expect(directiveScriptHashes('x = {"clientDirectives":[["idle","(()=>{})();"]')).toEqual([]);
    expect(directiveScriptHashes('x = {"clientDirectives":[["idle",oops]]}')).toEqual([]);
    expect(directiveScriptHashes('x = {"clientDirectives":null}')).toEqual([]);
  });

  it("join the pre-rendered pages' hashes in the policy of a build (manifest in the entry or a chunk)", async () => {
    for (const where of ['entry', 'chunk'] as const) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-build-'));
      mkdirSync(path.join(dir, 'client'), { recursive: true });
      mkdirSync(path.join(dir, 'server', 'chunks'), { recursive: true });
      writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><script>document.title = "x";</script>');
      writeFileSync(
        path.join(dir, 'build-info.json'),
        JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
      );
      const manifest = serverCode([
        ['idle', idleScript],
        ['visible', visibleScript],
      ]);
      const handler = 'export const handler = async (req, res, next) => next();\n';
      writeFileSync(path.join(dir, 'server', 'entry.mjs'), where === 'entry' ? manifest : handler);
      writeFileSync(path.join(dir, 'server', 'chunks', 'manifest_x.mjs'), where === 'chunk' ? manifest : 'export {};');
      const build = await loadBuild(dir);
      expect([...build.files.scriptHashes].sort(), where).toEqual(
        [sha('document.title = "x";'), sha(idleScript), sha(visibleScript)].sort(),
      );
      const policy = contentSecurityPolicy(build.files.scriptHashes, {
        MIDTRANS_SERVER_KEY: undefined,
        MIDTRANS_BASE_URL: 'https://api.sandbox.midtrans.com',
      });
      const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '))!;
      expect(scriptSrc).toContain(sha(idleScript));
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });
});

describe('the tag manager in the CSP (issue 16)', () => {
  const sandbox = { MIDTRANS_SERVER_KEY: undefined, MIDTRANS_BASE_URL: 'https://api.sandbox.midtrans.com' };
  const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))!;

  it('allows no third-party script or call without GTM_ID', () => {
    const policy = contentSecurityPolicy([sha('x()')], sandbox);
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${sha('x()')}`);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toContain('google');
  });

  it('allows the tag manager script and the analytics calls only when GTM_ID is set', () => {
    const policy = contentSecurityPolicy([sha('x()')], { ...sandbox, GTM_ID: 'GTM-ABC123' });
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' https://www.googletagmanager.com ${sha('x()')}`);
    expect(directive(policy, 'connect-src')).toContain('https://www.google-analytics.com');
    expect(directive(policy, 'connect-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'script-src')).not.toContain('unsafe');
  });
});

describe('the results map in the CSP (issue 28)', () => {
  const sandbox = { MIDTRANS_SERVER_KEY: undefined, MIDTRANS_BASE_URL: 'https://api.sandbox.midtrans.com' };
  const connect = (policy: string) => policy.split('; ').find((d) => d.startsWith('connect-src '))!;

  it("calls only this origin with the offline style, and the hosted style's origin only when MAP_STYLE_URL is set", () => {
    expect(connect(contentSecurityPolicy([], sandbox))).toBe("connect-src 'self'");
    const hosted = contentSecurityPolicy([], { ...sandbox, MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty' });
    expect(connect(hosted)).toBe("connect-src 'self' https://tiles.example.org");
    // MapLibre's worker comes from this origin (its CSP build): no blob: workers.
    expect(hosted).not.toContain('worker-src');
    expect(hosted.split('; ').find((d) => d.startsWith('script-src '))).not.toContain('blob:');
  });
});

describe('JSON-LD data blocks', () => {
  it('need no hash: they are data, not executed', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Organization"}</script><script>run()</script>' +
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('run()')]);
  });
});
