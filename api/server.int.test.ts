import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { createOneServer } from './server.ts';
import { loadBuild } from './site/build-manager.ts';

// A minimal build: an on-demand handler that answers slowly, to prove graceful shutdown waits.
function fakeBuild(dir: string) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client', 'errors', '404'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'errors', '404', 'index.html'), '<main data-error-page><p data-error-code>404</p></main>');
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export const handler = async (req, res, next) => {
       if (req.url.startsWith('/slow/')) { await new Promise((r) => setTimeout(r, 300)); res.end('slow done'); return; }
       next();
     };`,
  );
  writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }));
}

describe('one server', () => {
  it('serves the API and the site on one port, and finishes in-flight requests on close', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'one-'));
    fakeBuild(dir);
    const env = loadEnv({ DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
    const database = await openDatabase(env);
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
});
