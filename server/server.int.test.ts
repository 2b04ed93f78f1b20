import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { loadEnv } from '../api/platform/env.ts';
import { createOneServer } from './server.ts';
import { loadBuild } from './build-manager.ts';

// A minimal build: an on-demand handler that answers slowly, to prove graceful shutdown waits.
function fakeBuild(dir: string, name = 'v1') {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client', 'errors', '404'), { recursive: true });
  writeFileSync(
    path.join(dir, 'client', 'errors', '404', 'index.html'),
    '<main data-error-page><p data-error-code>404</p></main>',
  );
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export const handler = async (req, res, next) => {
       if (req.url.startsWith('/slow/')) { await new Promise((r) => setTimeout(r, 300)); res.end('slow done'); return; }
       next();
     };`,
  );
  writeFileSync(path.join(dir, 'client', 'which.txt'), name);
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: name, builtAt: new Date().toISOString() }),
  );
}

async function startOne(
  opts: { nextContentChange?: (now: Date) => Promise<{ at: Date; documentId: string } | null>; now?: () => Date } = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'one-'));
  fakeBuild(dir);
  const env = loadEnv({ DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
  const database = await openDatabase(env);
  await migrate(database); // as scripts/start.ts does before the server starts
  let builds = 0;
  const one = await createOneServer({
    env,
    database,
    root: mkdtempSync(path.join(os.tmpdir(), 'root-')),
    build: await loadBuild(dir),
    now: opts.now,
    runSiteBuild: async (outDir) => {
      builds += 1;
      fakeBuild(outDir, `v${builds + 1}`);
    },
    nextContentChange: opts.nextContentChange ?? (async () => null),
  });
  await new Promise<void>((r) => one.server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`;
  return { one, base, env, builds: () => builds };
}

describe('one server', () => {
  it('serves the API and the site on one port, and finishes in-flight requests on close', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'one-'));
    fakeBuild(dir);
    const env = loadEnv({ DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
    const database = await openDatabase(env);
    await migrate(database); // as scripts/start.ts does before the server starts
    const one = await createOneServer({ env, database, root: process.cwd(), build: await loadBuild(dir) });
    await new Promise<void>((r) => one.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`;

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).database).toEqual({ kind: 'pglite', ok: true });
    const missing = await fetch(`${base}/nothing-here/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('data-error-code>404<');
    // With a real SMTP relay configured the developer outbox does not exist.
    expect((await fetch(`${base}/dev/outbox/`)).status).toBe(404);

    const slow = fetch(`${base}/slow/`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    await one.close();
    expect(await slow).toBe('slow done');
    await expect(database.ping()).rejects.toThrow();
  });

  it('answers unknown API paths with a bilingual JSON 404', async () => {
    const { one, base } = await startOne();
    const res = await fetch(`${base}/api/no-such-call`, { headers: { 'accept-language': 'id' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', message: 'Data tidak ditemukan' });
    await one.close();
  });

  it('serves the committed OpenAPI document, generated from the routes it composes, the content webhook included', async () => {
    const { one, base } = await startOne();
    const served = await (await fetch(`${base}/api/openapi.json`)).json();
    const committed = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', 'api', 'openapi', 'openapi.json'), 'utf8'),
    );
    expect(served).toEqual(committed);
    // The webhook's contract is declared on its route (server/content-hooks), 413 for a body past 64 KB.
    expect(Object.keys(served.paths['/hooks/sanity'].post.responses)).toEqual(
      expect.arrayContaining(['202', '401', '413']),
    );
    expect(served.paths['/site/build-status'].get.responses['200']).toBeDefined();
    await one.close();
  });

  it('a signed Sanity webhook swaps in a new build; an unsigned one is refused', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { one, base, env, builds } = await startOne();
    const body = JSON.stringify({ _id: 'promo-endless-summer' });
    const unsigned = await fetch(`${base}/api/hooks/sanity`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${base}/api/hooks/sanity`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), 'not-the-secret-at-all'),
      },
    });
    expect(forged.status).toBe(401);
    expect(builds()).toBe(0);
    expect(await (await fetch(`${base}/which.txt`)).text()).toBe('v1');
    const signed = await fetch(`${base}/api/hooks/sanity`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), env.SANITY_WEBHOOK_SECRET),
      },
    });
    expect(signed.status).toBe(202);
    await vi.waitFor(async () => expect(await (await fetch(`${base}/which.txt`)).text()).toBe('v2'));
    expect(builds()).toBe(1);
    await one.close();
    vi.restoreAllMocks();
  });

  it('rebuilds at once for a scheduled change that fell due since the last build, and arms the next one', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const clock = new Date('2031-07-01T00:00:00Z');
    const schedule = [new Date('2031-06-30T17:00:00Z'), new Date('2031-08-01T00:00:00Z')];
    const { one, base, builds } = await startOne({
      now: () => clock,
      nextContentChange: async (at) => {
        const next = schedule.find((t) => t.getTime() > at.getTime());
        return next ? { at: next, documentId: 'destination-labuan-bajo' } : null;
      },
    });
    await vi.waitFor(async () => expect(await (await fetch(`${base}/which.txt`)).text()).toBe('v2'));
    expect(builds()).toBe(1);
    await vi.waitFor(() => expect(one.scheduler.armedFor()?.toISOString()).toBe('2031-08-01T00:00:00.000Z'));
    await one.close();
    vi.restoreAllMocks();
  });
});
