import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../helpers/node-process.ts';

// Debian's caddy on deploy/Caddyfile, on loopback ports, for the operations tier (the nodes come
// from tests/helpers/node-process.ts). Only processes started here are signalled, by their own pid.

export type Proc = {
  child: ChildProcess;
  /** The last lines it wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export async function waitUntil(what: string, check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

/** Debian's caddy on deploy/Caddyfile, plain HTTP on 127.0.0.1:port, in front of the two nodes. */
/** Caddy's process, with the last of its own lines (not its access log) apart. */
export type CaddyProc = Proc & { notes(): string };

export async function startCaddy(o: { port: number; adminPort: number; nodes: [number, number] }): Promise<CaddyProc> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'ops-caddy-'));
  const child = spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: `http://127.0.0.1:${o.port}`,
      NODE_A: `127.0.0.1:${o.nodes[0]}`,
      NODE_B: `127.0.0.1:${o.nodes[1]}`,
      CADDY_ADMIN: `127.0.0.1:${o.adminPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Caddy's own lines (health checks, proxy errors) are kept apart from its access log, which would
  // push them out of the last 20 KB: a failing test reports them.
  let notes = '';
  const keep = () => {
    let partial = ''; // per stream: a line may arrive in two chunks
    return (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      const own = lines.filter((line) => line && !line.includes('"logger":"http.log.access'));
      if (own.length) notes = (notes + own.join('\n') + '\n').slice(-20_000);
    };
  };
  child.stdout.on('data', keep());
  child.stderr.on('data', keep());
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc: CaddyProc = {
    child,
    output: () => out,
    notes: () => notes,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  try {
    await waitUntil(
      'caddy answering',
      async () => {
        if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode})`);
        return (await fetch(`http://127.0.0.1:${o.port}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
      },
      30_000,
    );
  } catch (error) {
    await proc.stop('SIGKILL');
    throw new Error(`${String(error)}\n${out.slice(-3000)}`);
  }
  return proc;
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
