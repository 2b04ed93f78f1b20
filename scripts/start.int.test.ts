import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { computeInputHash } from '../server/build-info.ts';

// `npm start` as a real process: it must keep what it wrote in the embedded PGlite across a
// SIGTERM and a restart. The site build is a stand-in stamped with the current input hash, so
// start does not rebuild.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, '.e2e-builds', `start-test-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bbx-start-'));
const port = 4700 + (process.pid % 200);
const base = `http://127.0.0.1:${port}`;

function fakeBuild() {
  mkdirSync(path.join(buildDir, 'server'), { recursive: true });
  mkdirSync(path.join(buildDir, 'client'), { recursive: true });
  writeFileSync(path.join(buildDir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(
    path.join(buildDir, 'build-info.json'),
    JSON.stringify({ inputHash: computeInputHash(root), builtAt: new Date().toISOString() }),
  );
}

function start(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_BUILD_DIR: path.relative(root, buildDir),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/"msg":"serving"|\bserving http/.test(out)) resolve({ child, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`start exited early (${code}):\n${out}`)));
  });
}

async function subscribe(email: string): Promise<number> {
  const token = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': 'dev-only-web-api-key' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${base}/api/clients/v1/subscribe`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token.access_token}`,
      'x-api-key': 'dev-only-web-api-key',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ email }),
  });
  return res.status;
}

afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('shuts down cleanly on SIGTERM and keeps the embedded database across a restart', async () => {
    fakeBuild();
    const first = await start();
    expect(await subscribe('tetap-ada@contoh.com')).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start();
    // The same e-mail again: the first subscription survived the restart.
    expect(await subscribe('tetap-ada@contoh.com')).toBe(400);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    // Two cold starts of the embedded database (migrate, seed, open): a hang guard, not a speed check.
  }, 180_000);
});
