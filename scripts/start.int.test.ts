import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

function fakeBuild(dir = buildDir, name = 'dist', contentVersion?: number) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(path.join(dir, 'client', 'which.txt'), name);
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({
      // The hash start computes: its SITE_URL follows HOST and PORT.
      inputHash: computeInputHash(root, { ...process.env, SITE_URL: base }),
      builtAt: new Date().toISOString(),
      contentVersion,
    }),
  );
}

/** Every node started, so a failed assertion does not leave one running (and holding the port). */
const started: ChildProcess[] = [];

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
  started.push(child);
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

/** Every folder or file under `dir` that its group or others may read, write or enter. */
function readableByOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    const stat = lstatSync(at);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path.relative(dataDir, at) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(dir);
  return found;
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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

    // A publish left its build under DATA_DIR/builds (content version 1; the embedded database has
    // no publish recorded here, so nothing rebuilds): the next start serves it, not SITE_BUILD_DIR's.
    fakeBuild(path.join(dataDir, 'builds', `${Date.now()}-published`), 'published', 1);
    // An older DATA_DIR left readable by anyone on the machine (0755 folders, 0644 files: the fake
    // build above was written so): start makes it private before it serves.
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'left-readable.txt'), 'guest data', { mode: 0o644 });
    expect(readableByOthers(dataDir).length).toBeGreaterThan(0);
    const third = await start();
    expect(readableByOthers(dataDir)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'left-readable.txt')).mode & 0o777).toBe(0o600);
    // What the node writes from now on stays behind private folders: every folder stays 0700. The
    // embedded database's WebAssembly file system gives the few files it creates 0644 whatever the
    // umask (pg_internal.init); no one else can reach them through DATA_DIR (0700), and the next
    // start sets them 0600.
    expect(await subscribe('baru-lagi@contoh.com')).toBe(200);
    expect(readableByOthers(dataDir).filter((entry) => !/^pglite\/.*pg_internal\.init 644$/.test(entry))).toEqual([]);
    expect(await (await fetch(`${base}/which.txt`)).text()).toBe('published');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // Two cold starts of the embedded database (migrate, seed, open): a hang guard, not a speed check.
  }, 180_000);
});
