import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { computeInputHash } from '../../server/build-info.ts';

// A node as a deployment runs it: `node scripts/start.ts` in its own process, with its own
// environment, on a loopback port. The operations tests (*.ops.test.ts) start, probe and stop nodes
// with it: wait for /api/ready, send a signal, read what the node logged (JSON lines on stdout).

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface NodeProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the node wrote so far (stdout and stderr). */
  output(): string;
  /** The JSON log lines written so far (other lines skipped). */
  logs(): Record<string, unknown>[];
  /** Resolves with the exit code (null when killed by a signal) once the process ended. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port nothing listens on right now (the kernel's choice of a free one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The public origin of the nodes these helpers start (unless told another): part of the build's hash. */
export const NODE_SITE_URL = 'http://bobobox.test';

/**
 * A stand-in site build inside the project (start.ts requires that), stamped with the sources' hash
 * for `siteUrl` (give the nodes the same SITE_URL) so a node does not rebuild; `SITE_BUILD_DIR` is
 * the returned relative path. Remove it after.
 */
export function standInBuild(
  siteUrl = NODE_SITE_URL,
  name = `node-${process.pid}-${randomBytes(3).toString('hex')}`,
): { dir: string; remove(): void } {
  const dir = path.join(root, '.e2e-builds', name);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><html lang="en"><title>Home</title></html>');
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({
      inputHash: computeInputHash(root, { ...process.env, SITE_URL: siteUrl }),
      builtAt: new Date().toISOString(),
    }),
  );
  return { dir: path.relative(root, dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new, empty database on the cluster of `url` (DATABASE_URL of the ops tier); its URL. */
export async function freshDatabase(url = process.env.DATABASE_URL): Promise<string> {
  if (!url) throw new Error('DATABASE_URL is not set (run under npm run test:ops)');
  const name = `ops_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Polls `url` until it answers `status` (any answer when omitted); throws after timeoutMs. */
export async function waitFor(url: string, { status = 200, timeoutMs = 60_000 } = {}): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === status) return res;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts a node (`node scripts/start.ts`) on a free loopback port with `env` over this process's
 * environment (test mode, SITE_URL NODE_SITE_URL, JSON logs unless `env` says otherwise), and by default waits until GET /api/ready answers 200 (`ready: false`:
 * until the port answers at all).
 */
export async function startNode(
  env: Record<string, string | undefined>,
  { ready = true, timeoutMs = 120_000, port }: { ready?: boolean; timeoutMs?: number; port?: number } = {},
): Promise<NodeProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(chosen),
      SITE_URL: NODE_SITE_URL,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${chosen}`;
  const node: NodeProcess = {
    child,
    port: chosen,
    base,
    output: () => out,
    logs: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  const failed = exited.then((code) => {
    throw new Error(`the node exited early (${code}):\n${out}`);
  });
  const up = waitFor(`${base}/api/ready`, { status: ready ? 200 : 503, timeoutMs });
  try {
    await Promise.race([up, failed]);
  } catch (error) {
    if (!ended) child.kill('SIGKILL');
    throw error instanceof Error && !ended ? new Error(`${error.message}\n${out}`) : error;
  }
  failed.catch(() => undefined);
  return node;
}

/** Runs `npm run ops -- <args>` as its own process: exit code and output. */
export function runOps(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'ops.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}
