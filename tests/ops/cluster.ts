import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeInputHash } from '../../server/build-info.ts';

// Real processes for the operations tier: nodes as `npm start` runs them (scripts/start.ts) and
// Debian's caddy on deploy/Caddyfile, on loopback ports, each with its output kept for a failure's
// message. Only processes started here are signalled, by their own pid.

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * A stand-in site build for nodes whose test is about the API (the journeys call the API only): a
 * handler that passes every page on, stamped with the sources' hash for `siteUrl` (the hash covers
 * SITE_URL) so that no node starts a real build of a minute or more. Returns SITE_BUILD_DIR.
 */
export function standInBuild(siteUrl: string, name: string): { dir: string; remove(): void } {
  const dir = path.join(root, '.e2e-builds', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><html lang="en"><title>Home</title></html>');
  const inputHash = computeInputHash(root, { ...process.env, SITE_URL: siteUrl });
  writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify({ inputHash, builtAt: new Date().toISOString() }));
  return { dir: path.relative(root, dir), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Proc = {
  child: ChildProcess;
  /** The last lines it wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
};

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): Proc {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitUntil(what: string, check: () => Promise<boolean>, ms: number, proc?: Proc) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc && proc.child.exitCode !== null)
      throw new Error(`${what}: the process exited (${proc.child.exitCode}):\n${proc.output().slice(-3000)}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not within ${ms / 1000} s${proc ? `:\n${proc.output().slice(-3000)}` : ''}`);
}

export const answers =
  (url: string, status = 200) =>
  async () =>
    (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === status;

export type NodeOptions = { port: number; env: Record<string, string> };

/** One node (scripts/start.ts) on 127.0.0.1:port; resolves when /api/ready answers 200. */
export async function startNode(o: NodeOptions): Promise<Proc> {
  const proc = startProcess(process.execPath, [path.join(root, 'scripts/start.ts')], {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `ops-node-${o.port}-`)),
    ...o.env,
  });
  await waitUntil(`node ${o.port} ready`, answers(`http://127.0.0.1:${o.port}/api/ready`), 120_000, proc);
  return proc;
}

/** Debian's caddy on deploy/Caddyfile, plain HTTP on 127.0.0.1:port, in front of the nodes. */
export async function startCaddy(o: { port: number; adminPort: number; nodes: number[] }): Promise<Proc> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'ops-caddy-'));
  const proc = startProcess('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
    SITE_ADDRESS: `http://127.0.0.1:${o.port}`,
    NODE_A: `127.0.0.1:${o.nodes[0]}`,
    NODE_B: `127.0.0.1:${o.nodes[1]}`,
    CADDY_ADMIN: `127.0.0.1:${o.adminPort}`,
  });
  await waitUntil('caddy', answers(`http://127.0.0.1:${o.port}/api/health`), 30_000, proc);
  return proc;
}

/** Signal a process started here and wait for it to exit; resolves with its exit code. */
export async function stop(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

/**
 * Whether Caddy (its admin API) counts no recent failure for any of the nodes: after a node came back,
 * its passive failures are forgotten (fail_duration) before the next fault is made.
 */
export const upstreamsClear = (adminPort: number) => async () => {
  const res = await fetch(`http://127.0.0.1:${adminPort}/reverse_proxy/upstreams`, {
    signal: AbortSignal.timeout(2_000),
  });
  const upstreams = (await res.json()) as { address: string; fails: number }[];
  return upstreams.length > 0 && upstreams.every((u) => u.fails === 0);
};
