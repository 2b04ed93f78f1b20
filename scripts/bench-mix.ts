// `npm run bench:api -- --mix`: reads beside creates, as real traffic has them (issue 31, item 2).
// Two nodes (`node scripts/start.ts`, each its own process with its stock cache and its share of the
// job queue: hold expiry every second, retention, the rest) on one PostgreSQL, with holds that last one
// minute (RESERVATION_HOLD_MINUTES=1), so the holds of the first booking rate expire, by the job,
// while the next is measured. One load process sends, at the same time:
// - reads, closed-loop on 50 keep-alive connections (25 per node, as a proxy spreads them):
//   RoomAvailability (90 days) and the REST search (2 nights) in turn, over every seeded hotel and 30
//   date offsets (`--spread` of bench:api);
// - creates, open-loop at a fixed rate (a hold leaves every 1/rate s whatever the answers, as guests
//   arrive), on every daily hotel's nightly room types, each with an Idempotency-Key, nodes in turn.
// Every hold invalidates its hotel on both nodes (the stock cache's notification), so the read
// figures include what the cache loses to writes; each node's hit rate over the measured window comes
// from its own /metrics (stock_cache_reads_total).
// Options: --rates=20,200 (creates per second, one measured phase each), --seconds=20 (measured per
// phase), --warmup=5 (per phase, not recorded), --read-rate=N (reads open-loop at N a second, their
// latency from when each was due: the targets' "p99 at 3,000 req/s" as a rate), --against=<git ref>: the same load, in the same run, on
// nodes of that commit (a worktree of it; its schema must be this tree's) after this tree's.
// PostgreSQL: a throwaway cluster through scripts/with-postgres.ts over its Unix socket, or DATABASE_URL
// with --reset-database (its schema is dropped and seeded!). Not a test: it prints tables for the README.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { giveStock, openLoop, rateLabel, requestFor, spreadOf, writeGuestTokens } from './bench-api.ts';
import type { ClientConfig, Spread, Target } from './bench-api.ts';
import { MAX_UNPAID_RESERVATIONS } from '../core/contracts/booking.ts';
import { mayResetDatabaseUrl, onThrowawayPostgres } from './bench-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rates = (arg('rates') ?? '20,200').split(',').map(Number);
const seconds = Number(arg('seconds') ?? 20);
const warmup = Number(arg('warmup') ?? 5);
const against = arg('against');
/** --read-rate=N: reads open-loop at N a second (from when each was due); closed-loop without it. */
const readRate = arg('read-rate') === undefined ? undefined : Number(arg('read-rate'));
/** Read connections per node (50 in all, bench:api's concurrency). */
const READERS_PER_NODE = 25;
const SPREAD_RANGES = 30;
/** Holds last a minute: the first phase's holds expire, by the job, while the next is measured. */
const HOLD_MINUTES = 1;
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** What the load process is given. */
type MixConfig = {
  nodes: string[];
  target: Omit<Target, 'base'>;
  today: string;
  rate: number;
  /** Reads open-loop at this many a second (latency from when each was due); closed-loop when absent. */
  readRate?: number;
  /** The first create's index: each phase books with guests of its own (3 unpaid holds each at most). */
  firstCreate: number;
  seconds: number;
  warmup: number;
  metricsToken: string;
};
type Latencies = { requests: number; rps: number; p50: number; p99: number; errors: number };
export type MixResult = {
  reads: Latencies;
  creates: Latencies;
  /** Per node: the stock cache's hits over hits and misses in the measured window (null: no reads). */
  hitRates: (number | null)[];
};
export type MixRow = MixResult & { variant: string; rate: number; readRate?: number };

// ---------------------------------------------------------------------------------------------
// The load process: `node scripts/bench-mix.ts --mix-client=<file of a MixConfig's JSON>`.

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summary(latencies: number[], errors: number, elapsed: number): Latencies {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: sorted.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  };
}

/** stock_cache_reads_total of a node, by result. */
async function cacheReads(base: string, token: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const read = (result: string) =>
    Number(new RegExp(`^stock_cache_reads_total\\{result="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { hit: read('hit'), miss: read('miss') };
}

async function runMix(cfg: MixConfig): Promise<MixResult> {
  // Each node's readers and creates come from loopback addresses of their own, as guests do, so no
  // address reaches the one server's per-client limits (server/connection-guard.ts).
  const agents = cfg.nodes.map((_, n) => ({
    read: new http.Agent({ keepAlive: true, maxSockets: READERS_PER_NODE, localAddress: `127.0.4.${n + 1}` }),
    create: Array.from(
      { length: 8 },
      (_, i) => new http.Agent({ keepAlive: true, maxSockets: 8, localAddress: `127.0.5.${n * 8 + i + 1}` }),
    ),
  }));
  const clientCfg = (call: 'avail' | 'search' | 'create'): ClientConfig => ({
    targets: [],
    today: cfg.today,
    call,
    seconds: cfg.seconds,
    warmup: cfg.warmup,
  });
  const refusals: string[] = [];
  const send = (node: number, agent: http.Agent, call: 'avail' | 'search' | 'create', i: number) =>
    new Promise<boolean>((resolve) => {
      const url = new URL(cfg.nodes[node]!);
      const r = requestFor(clientCfg(call), { ...cfg.target, base: cfg.nodes[node]! }, i);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: r.path,
          method: r.method ?? 'POST',
          agent,
          headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => {
            const ok = (res.statusCode ?? 0) < 400 && !body.includes('"errors"');
            // The first refusals, said once: a benchmark's errors must be explained, not only counted.
            if (!ok && refusals.length < 3)
              refusals.push(`${call} ${r.body.slice(-200)} -> ${res.statusCode}: ${body.slice(0, 120)}`);
            resolve(ok);
          });
          res.on('error', () => resolve(false));
        },
      );
      req.on('error', () => resolve(false));
      req.end(r.body);
    });

  const start = performance.now();
  const measureFrom = start + cfg.warmup * 1000;
  const end = measureFrom + cfg.seconds * 1000;
  const reads: number[] = [];
  const creates: number[] = [];
  let readErrors = 0;
  let createErrors = 0;
  let before: { hit: number; miss: number }[] = [];
  const snapshot = () => Promise.all(cfg.nodes.map((base) => cacheReads(base, cfg.metricsToken)));
  const atMeasure = new Promise<void>((resolve) =>
    setTimeout(
      () =>
        void snapshot().then((s) => {
          before = s;
          resolve();
        }),
      cfg.warmup * 1000,
    ),
  );

  let readCounter = 0;
  // Open loop (--read-rate): the i-th read leaves at start + i / rate for node i mod 2, whatever the
  // answers (at most READERS_PER_NODE connections a node), its latency counted from when it was due.
  const readsInFlight: Promise<void>[] = [];
  let lastReadAnswer = 0;
  const openReader = (rate: number) =>
    openLoop(start, end, rate, readsInFlight, (i, due) => {
      const node = i % cfg.nodes.length;
      return send(node, agents[node]!.read, i % 4 < 2 ? 'avail' : 'search', i >> 2).then((ok) => {
        if (due >= measureFrom) {
          const now = performance.now();
          reads.push(now - due);
          lastReadAnswer = Math.max(lastReadAnswer, now);
          if (!ok) readErrors++;
        }
      });
    });
  const readers = cfg.readRate
    ? [openReader(cfg.readRate)]
    : cfg.nodes.flatMap((_, node) =>
        Array.from({ length: READERS_PER_NODE }, async () => {
          while (performance.now() < end) {
            const i = readCounter++;
            const t0 = performance.now();
            const ok = await send(node, agents[node]!.read, i % 2 === 0 ? 'avail' : 'search', i >> 1);
            if (t0 >= measureFrom && performance.now() <= end) {
              reads.push(performance.now() - t0);
              if (!ok) readErrors++;
            }
          }
        }),
      );
  // Open loop: the i-th create leaves at start + i / rate, whatever the answers before it.
  const inFlight: Promise<void>[] = [];
  const creator = openLoop(start, end, cfg.rate, inFlight, async (i) => {
    const node = i % cfg.nodes.length;
    const agent = agents[node]!.create[Math.floor(i / cfg.nodes.length) % 8]!;
    const t0 = performance.now();
    const ok = await send(node, agent, 'create', cfg.firstCreate + i);
    if (t0 >= measureFrom) {
      creates.push(performance.now() - t0);
      if (!ok) createErrors++;
    }
  });
  await Promise.all([...readers, creator, atMeasure]);
  const after = await snapshot();
  await Promise.all([...inFlight, ...readsInFlight]);
  for (const a of agents) {
    a.read.destroy();
    for (const c of a.create) c.destroy();
  }
  for (const r of refusals) console.error(`[mix] refused: ${r}`);
  return {
    // Open loop: the reads due in the window, over the time until the last of them was answered (a
    // server that fell behind answers them over more than the window).
    reads: summary(
      reads,
      readErrors,
      cfg.readRate ? Math.max(cfg.seconds, (lastReadAnswer - measureFrom) / 1000) : cfg.seconds,
    ),
    creates: summary(creates, createErrors, cfg.seconds),
    hitRates: after.map((a, n) => {
      const hit = a.hit - (before[n]?.hit ?? 0);
      const miss = a.miss - (before[n]?.miss ?? 0);
      return hit + miss > 0 ? hit / (hit + miss) : null;
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The orchestrator: a database, two nodes of each variant, one load process per rate.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The tree a variant's nodes run from: this one, or a worktree of `ref` (its schema must be this
 * tree's: the database is prepared with this tree's migrations) sharing this tree's node_modules.
 */
function variantTree(ref: string | undefined): { name: string; dir: string; remove(): void } {
  if (!ref) return { name: 'this tree', dir: root, remove: () => undefined };
  const same = spawnSync('git', ['diff', '--quiet', ref, '--', 'api/db/migrations', 'api/reservations/sql'], {
    cwd: root,
  });
  if (same.status !== 0) throw new Error(`--against=${ref}: its migrations or SQL functions differ from this tree's`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mix-tree-'));
  const add = spawnSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, encoding: 'utf8' });
  if (add.status !== 0) throw new Error(`git worktree add ${ref}: ${add.stderr}`);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const short = spawnSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).stdout.trim();
  return {
    name: `${ref === short ? ref : `${ref} (${short})`}`,
    dir,
    remove: () => {
      spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in site build in `tree`, stamped with that tree's input hash for `siteUrl`, so its nodes
 * serve the API without building the site (the API is what is measured); SITE_BUILD_DIR is returned.
 */
function standInBuild(tree: string, siteUrl: string): string {
  const dir = path.join(tree, '.bench-builds', `mix-${process.pid}`);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><html lang="en"><title>Home</title></html>');
  const hash = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { computeInputHash } from './server/build-info.ts'; console.log(computeInputHash(process.cwd(), { ...process.env, SITE_URL: ${JSON.stringify(siteUrl)} }));`,
    ],
    { cwd: tree, encoding: 'utf8' },
  );
  if (hash.status !== 0) throw new Error(`input hash of ${tree}: ${hash.stderr}`);
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: hash.stdout.trim(), builtAt: new Date().toISOString() }),
  );
  return path.relative(tree, dir);
}

type Node = { base: string; child: ChildProcess; errors(): string };

async function startNode(tree: string, databaseUrl: string, buildDir: string, siteUrl: string): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mix-node-'));
  const child = spawn(process.execPath, [path.join(tree, 'scripts/start.ts')], {
    cwd: tree,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: siteUrl,
      SITE_BUILD_DIR: buildDir,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      METRICS_TOKEN,
      RESERVATION_HOLD_MINUTES: String(HOLD_MINUTES),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a node exited (${child.exitCode}): ${errors}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`a node was not ready within 3 minutes: ${errors}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, child, errors: () => errors };
}

async function stopNode(node: Node) {
  if (node.child.exitCode !== null) return;
  node.child.kill('SIGTERM');
  await new Promise((r) => node.child.once('exit', r));
}

function runMixProcess(cfg: MixConfig): Promise<MixResult> {
  return new Promise((resolve, reject) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-mix-')), 'config.json');
    writeFileSync(file, JSON.stringify(cfg));
    const child = spawn(process.execPath, [import.meta.filename, `--mix-client=${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('MIX_JSON '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('MIX_JSON '.length)) as MixResult);
      else reject(new Error(`the load process exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

/** A fresh seeded database with stock for every create, and the guests and tokens the load needs. */
async function prepare(databaseUrl: string) {
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { seedDatabase } = await import('../api/seed/seed.ts');
  const { loadEnv } = await import('../api/platform/env.ts');
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const { jakartaToday } = await import('../core/dates.ts');
  const env = loadEnv({ ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: 'memory://' });
  const database = await openDatabase(env);
  await database.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;`,
  );
  await migrate(database);
  const today = jakartaToday(new Date());
  await seedDatabase(database, today);
  await giveStock(database, today.toString(), SPREAD_RANGES + 2);
  await database.db.execute(sql`vacuum (analyze)`);
  await database.db.execute(sql`checkpoint`);
  const deps = { env, database, now: () => new Date() };
  const client = await tokensForTest(deps, { withUser: false });
  // Every create is a hold: enough guests that none reaches the cap of unpaid holds before its first
  // hold expires (a refusal is counted as an error).
  const holds = rates.reduce((sum, r) => sum + r * (seconds + warmup), 0);
  const userTokensFile = await writeGuestTokens(deps, Math.ceil(holds / MAX_UNPAID_RESERVATIONS) + 10);
  const spread: Spread = await spreadOf(database, SPREAD_RANGES);
  await database.close();
  return {
    today: today.toString(),
    target: { clientToken: client.clientToken, apiKey: client.apiKey, userTokensFile, spread },
  };
}

async function restock(databaseUrl: string, today: string) {
  const { openDatabase } = await import('../api/db/client.ts');
  const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '' });
  await giveStock(database, today, SPREAD_RANGES + 2);
  await database.close();
}

async function measureVariant(tree: { name: string; dir: string }, databaseUrl: string): Promise<MixRow[]> {
  console.error(`[mix] ${tree.name}: preparing the database`);
  const { today, target } = await prepare(databaseUrl);
  const siteUrl = 'http://127.0.0.1:4321';
  const buildDir = standInBuild(tree.dir, siteUrl);
  const nodes: Node[] = [];
  const rows: MixRow[] = [];
  try {
    nodes.push(await startNode(tree.dir, databaseUrl, buildDir, siteUrl));
    nodes.push(await startNode(tree.dir, databaseUrl, buildDir, siteUrl));
    // A starting node seeds a seeded database again (api/seed/prepare.ts: idempotent, extending the
    // stock window), which puts back the closed days the stock above had opened: open them again.
    await restock(databaseUrl, today);
    let firstCreate = 0;
    for (const rate of rates) {
      console.error(`[mix] ${tree.name}: ${rate} creates/s`);
      const result = await runMixProcess({
        nodes: nodes.map((n) => n.base),
        target,
        today,
        rate,
        ...(readRate ? { readRate } : {}),
        firstCreate,
        seconds,
        warmup,
        metricsToken: METRICS_TOKEN,
      });
      rows.push({ variant: tree.name, rate, ...(readRate ? { readRate } : {}), ...result });
      firstCreate += Math.ceil(rate * (seconds + warmup));
    }
  } finally {
    await Promise.all(nodes.map(stopNode));
    rmSync(path.join(tree.dir, buildDir), { recursive: true, force: true });
  }
  return rows;
}

const ms = (x: number) => x.toFixed(1);
const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);

export function mixTable(rows: MixRow[]): string {
  const lines = [
    '| nodes of | creates/s asked | reads req/s | reads p50 ms | reads p99 ms | read errors | creates/s | creates p50 ms | creates p99 ms | create errors | cache hits node A | cache hits node B |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.variant} | ${r.rate} | ${r.reads.rps.toFixed(0)} | ${ms(r.reads.p50)} | ${ms(r.reads.p99)} | ${r.reads.errors} | ${r.creates.rps.toFixed(1)} | ${ms(r.creates.p50)} | ${ms(r.creates.p99)} | ${r.creates.errors} | ${pct(r.hitRates[0] ?? null)} | ${pct(r.hitRates[1] ?? null)} |`,
    );
  return lines.join('\n');
}

/** The targets of issue 31, item 2, against each variant's rows: one line each, met or NOT MET. */
export function mixTargetLines(rows: MixRow[]): string[] {
  const out: string[] = [];
  for (const variant of [...new Set(rows.map((r) => r.variant))]) {
    const mine = rows.filter((r) => r.variant === variant);
    const low = mine.reduce<MixRow | undefined>((a, r) => (!a || r.rate < a.rate ? r : a), undefined);
    if (low) {
      // An open-loop run is judged at the rate it offered: its p99 counts from when each read was due.
      const rps = low.readRate ?? low.reads.rps;
      const met = low.reads.p99 <= 25 && rps >= 3000 && low.reads.errors === 0;
      const goal = `reads p99 <= 25 ms at >= 3,000 req/s beside ${low.rate} creates/s`;
      const at = rateLabel(low.reads.rps, low.readRate);
      out.push(`- ${variant}: ${goal}: measured p99 ${ms(low.reads.p99)} ms at ${at}: ${met ? 'met' : 'NOT MET'}`);
    }
    for (const r of mine) {
      const met = r.creates.p99 <= 100 && r.creates.errors === 0;
      out.push(
        `- ${variant}: creates p99 <= 100 ms at ${r.rate}/s: measured ${ms(r.creates.p99)} ms${r.creates.errors ? `, ${r.creates.errors} errors` : ''}: ${met ? 'met' : 'NOT MET'}`,
      );
    }
  }
  return out;
}

export async function mixMain(): Promise<void> {
  const clientArg = process.argv.find((a) => a.startsWith('--mix-client='));
  if (clientArg) {
    const cfg = JSON.parse(readFileSync(clientArg.slice('--mix-client='.length), 'utf8')) as MixConfig;
    console.log(`MIX_JSON ${JSON.stringify(await runMix(cfg))}`);
    return;
  }
  // A throwaway cluster over its Unix socket, this same run inside it; or DATABASE_URL with
  // --reset-database (its schema is dropped and seeded: scripts/bench-database.ts).
  if (!mayResetDatabaseUrl('bench:api --mix')) {
    process.exit(onThrowawayPostgres(import.meta.filename, process.argv.slice(2)).status ?? 1);
  }
  if (!rates.every((r) => r > 0) || !(seconds > 0) || !(warmup >= 0) || (readRate !== undefined && !(readRate > 0))) {
    console.error(
      'usage: npm run bench:api -- --mix [--rates=20,200] [--seconds=20] [--warmup=5] [--against=<ref>] [--read-rate=N]',
    );
    process.exit(2);
  }
  const trees = [variantTree(undefined), ...(against ? [variantTree(against)] : [])];
  const rows: MixRow[] = [];
  try {
    for (const tree of trees) rows.push(...(await measureVariant(tree, process.env.DATABASE_URL!)));
  } finally {
    for (const tree of trees) tree.remove();
  }
  const readLoop = readRate
    ? `open-loop at ${readRate} a second (latency from when each was due), at most ${READERS_PER_NODE * 2} connections`
    : `closed-loop on ${READERS_PER_NODE * 2} connections`;
  console.log(
    `\nMixed traffic (bench:api --mix): two nodes (npm start) on one PostgreSQL with their jobs, holds of ${HOLD_MINUTES} minute; ` +
      `reads ${readLoop} (RoomAvailability and search over every hotel and ${SPREAD_RANGES} date offsets), ` +
      `creates open-loop at the rate asked; ${warmup} s warm-up + ${seconds} s per rate; ${new Date().toISOString()}\n`,
  );
  console.log(mixTable(rows));
  console.log('\nTargets (issue 31, item 2):');
  console.log(mixTargetLines(rows).join('\n'));
  if (existsSync(path.join(root, '.bench-builds'))) rmSync(path.join(root, '.bench-builds'), { recursive: true });
}

if (import.meta.main) await mixMain();
