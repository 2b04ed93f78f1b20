import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Production never loads server/dev/: the one server runs in a plain Node process whose module
// resolution is recorded, once with production settings and once on the embedded defaults.

const here = path.dirname(new URL(import.meta.url).pathname);
const url = (file: string) => pathToFileURL(path.join(here, file)).href;

const CHILD = `
import { registerHooks } from 'node:module';
const resolved = [];
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); resolved.push(r.url); return r; } });
const { loadEnv } = await import(${JSON.stringify(url('../api/platform/env.ts'))});
const { openDatabase } = await import(${JSON.stringify(url('../api/db/client.ts'))});
const { migrate } = await import(${JSON.stringify(url('../api/db/migrate.ts'))});
const { loadBuild } = await import(${JSON.stringify(url('build-manager.ts'))});
const { createOneServer } = await import(${JSON.stringify(url('server.ts'))});
const env = loadEnv(JSON.parse(process.env.ONE_ENV));
const database = await openDatabase(env);
await migrate(database);
const build = await loadBuild(process.env.ONE_BUILD);
const one = await createOneServer({ env, database, root: process.env.ONE_ROOT, build, nextContentChange: async () => null });
await new Promise((r) => one.server.listen(0, '127.0.0.1', r));
const base = 'http://127.0.0.1:' + one.server.address().port;
const statuses = {};
for (const p of ['/dev/outbox/', '/api/dev/outbox', '/dev/payment-simulator/']) statuses[p] = (await fetch(base + p)).status;
await one.close();
const dev = resolved.filter((u) => u.includes('/server/dev/') || /node_modules\\/(smtp-server|postal-mime)\\//.test(u));
console.log('RESULT ' + JSON.stringify({ statuses, dev: [...new Set(dev)].map((u) => u.replace(/^.*\\/(server\\/dev|node_modules)\\//, '$1/')) }));
`;

async function runOneServer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'one-dev-'));
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
  );
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: {
      ...process.env,
      ONE_ENV: JSON.stringify({ DATA_DIR: 'memory://', ...env }),
      ONE_BUILD: dir,
      ONE_ROOT: mkdtempSync(path.join(os.tmpdir(), 'root-')),
    },
    timeout: 60_000,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`no result from the child process: ${stdout.slice(-1000)}`);
  return JSON.parse(line.slice('RESULT '.length)) as { statuses: Record<string, number>; dev: string[] };
}

describe('development tools', () => {
  it('with a real SMTP relay and Midtrans keys, server/dev/, smtp-server and postal-mime are never loaded and the tools are 404', async () => {
    const prod = await runOneServer({
      SMTP_URL: 'smtp://127.0.0.1:9',
      MIDTRANS_SERVER_KEY: 'Mid-server-abcdefgh',
      MIDTRANS_CLIENT_KEY: 'Mid-client-abcdefgh',
    });
    expect(prod.dev).toEqual([]);
    expect(prod.statuses).toEqual({ '/dev/outbox/': 404, '/api/dev/outbox': 404, '/dev/payment-simulator/': 404 });
  });

  it('on the embedded defaults they are loaded and answer', async () => {
    const dev = await runOneServer({});
    expect(dev.dev).toEqual(
      expect.arrayContaining([
        'server/dev/smtp-sink.ts',
        'server/dev/sandbox-gateway.ts',
        'server/dev/simulator.routes.ts',
      ]),
    );
    expect(dev.dev.filter((u) => u.startsWith('node_modules/smtp-server/')).length).toBeGreaterThan(0);
    expect(dev.dev.filter((u) => u.startsWith('node_modules/postal-mime/')).length).toBeGreaterThan(0);
    expect(dev.statuses).toEqual({ '/dev/outbox/': 200, '/api/dev/outbox': 200, '/dev/payment-simulator/': 200 });
    // The browser tests' fixtures are not a development tool: only a test run asks for them.
    expect(dev.dev).not.toContain('server/dev/test-fixtures.routes.ts');
  });

  it("the browser tests' fixture routes load only with TEST_FIXTURE_ROUTES=1", async () => {
    const e2e = await runOneServer({ TEST_FIXTURE_ROUTES: '1' });
    expect(e2e.dev).toContain('server/dev/test-fixtures.routes.ts');
  });
});
