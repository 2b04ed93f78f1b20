// `npm run bench:scale` (issue 18): does the booking API cost the same on a grown database as on the
// seed? Builds two databases of one backend, the seed and a grown one (the seed plus about 1,000
// hotels with a year of stock and 1,000,000 reservations with their nights on PostgreSQL, 100,000
// reservations on PGlite; api/db/grown-database.test-helpers.ts, generate_series), runs the retention
// jobs' work once on both (outside the measured window; issue 31, item 4), leaves their statistics and
// vacuum state to what a real day has (autovacuum on PostgreSQL, waited for until it has analysed
// every table the calls read; PGlite's db.analyze job), serves each from a server process of its own
// with the same booking jobs running (hold expiry every second, retention, PGlite's ANALYZE job), counts
// the rows when the measurement starts and when it ends, and loads both with the same calls:
// RoomAvailability, search (REST) and HotelCreateReservation, spread over every hotel of the database
// (seed and grown ones alike) and 30 date offsets. Not a test: it prints a table for the README.
//
// Side by side in one run: one load client (bench-api's, in its own process) per call warms both
// servers up, then measures them in short alternating rounds (seed, grown, grown, seed, ...), so a
// slow phase of a shared machine falls on both alike. The table gives per call and database req/s,
// p50, p99, CPU ms per request (server process, PostgreSQL backends), and the grown/seed ratios
// (throughput grown/seed, latency seed/grown: 1 means as fast, below 0.8 is marked).
//
// Expiring holds in steady state on both databases: holds last RESERVATION_HOLD_MINUTES=1, and before
// the calls each database gets waiting holds (real ones, made by the reservation service) whose
// payment windows end one after the other through the whole run (--expiring per second), so the
// `holds.expire` job releases holds every second while every call is measured.
//
// Options: --backend=pglite|postgres (default both, PostgreSQL on a throwaway pg_virtualenv cluster
// over its Unix socket, or DATABASE_URL: it creates the databases bench_scale_seed and
// bench_scale_grown there), --hotels=N (grown hotels, default 1000), --reservations=N (default
// 1,000,000 on PostgreSQL, 100,000 on PGlite), --seconds=N measured per call and database (default
// 5), --warmup=N seconds per call and database (default 3), --round=N seconds per round (default 1),
// --expiring=N holds expiring per second (default 50), --calls=avail,search,create.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import {
  CALLS,
  createGuestsFor,
  giveStock,
  procCpuMs,
  runClientProcess,
  spreadOf,
  writeGuestTokens,
} from './bench-api.ts';
import type { CallName, ClientResult, Spread, Target } from './bench-api.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const backendArg = arg('backend');
const seconds = Number(arg('seconds') ?? 5);
const warmup = Number(arg('warmup') ?? 3);
const roundSeconds = Number(arg('round') ?? 1);
const expiringPerSecond = Number(arg('expiring') ?? 50);
const hotelsArg = arg('hotels');
const reservationsArg = arg('reservations');
const calls = (arg('calls')?.split(',') ?? ['avail', 'search', 'create']) as CallName[];
/** Date offsets the calls spread over (windows and stays start on today + 0 .. 29). */
const RANGES = 30;
/** The payment window of every hold in the run, short so holds expire while it runs. */
const HOLD_MINUTES = 1;

export type Role = 'seed' | 'grown';
const ROLES: Role[] = ['seed', 'grown'];
const DATABASE_NAMES: Record<Role, string> = { seed: 'bench_scale_seed', grown: 'bench_scale_grown' };

/** What a server process reports once its database is built and it serves. */
type Ready = {
  base: string;
  clientToken: string;
  apiKey: string;
  userTokensFile: string;
  spread: Spread;
  today: string;
  /** Milliseconds: migrate and seed, the growth (grown only), the wait for autovacuum (or PGlite's job). */
  seedMs: number;
  growMs: number | null;
  analyzeMs: number;
  /** Milliseconds of the retention run before the window, and the rows it deleted. */
  retainMs: number;
  retained: { stock: number; events: number };
  /** What the maintenance had done when the database was served. */
  maintenance: string;
};

/** The tables the calls read, counted when the measurement starts and when it ends. */
const COUNTED = ['hotels', 'room_inventory', 'room_hour_stock', 'reservations', 'reservation_nights'] as const;
type Counts = Record<(typeof COUNTED)[number], number>;
type Sql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function countRows(sql: Sql): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of COUNTED)
    counts[table] = Number((await sql(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
  return counts;
}

/**
 * Autovacuum's view of the database's own tables (schema public), by PostgreSQL's own thresholds and
 * settings: which tables it has work due on (dead rows to vacuum, inserts to vacuum, changes to
 * analyse), how many runs it has made on each so far, and what its workers are doing now.
 */
type AutovacuumState = { due: string[]; runs: Record<string, number>; working: string[] };

async function autovacuumState(sql: Sql): Promise<AutovacuumState> {
  const { rows } = await sql(
    `with s as (
       select current_setting('autovacuum_vacuum_threshold')::float8 as vt,
              current_setting('autovacuum_vacuum_scale_factor')::float8 as vs,
              current_setting('autovacuum_vacuum_insert_threshold')::float8 as it,
              current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as vis,
              current_setting('autovacuum_analyze_threshold')::float8 as at,
              current_setting('autovacuum_analyze_scale_factor')::float8 as vas
     )
     select t.relname,
            concat_ws('+',
              case when t.n_dead_tup > s.vt + s.vs * greatest(c.reltuples, 0) then 'vacuum' end,
              case when t.n_ins_since_vacuum > s.it + s.vis * greatest(c.reltuples, 0) then 'insert vacuum' end,
              case when t.n_mod_since_analyze > s.at + s.vas * greatest(c.reltuples, 0) then 'analyse' end) as due,
            (t.autovacuum_count + t.autoanalyze_count)::int as runs
       from pg_stat_user_tables t join pg_class c on c.oid = t.relid cross join s
      where t.schemaname = 'public'`,
  );
  const { rows: workers } = await sql(
    `select coalesce(nullif(regexp_replace(query, '^autovacuum: ', ''), ''), 'starting') as what
       from pg_stat_activity where backend_type = 'autovacuum worker' and datname = current_database()`,
  );
  return {
    due: rows.filter((r) => r.due).map((r) => `${String(r.relname)} (${String(r.due)})`),
    runs: Object.fromEntries(rows.map((r) => [String(r.relname), Number(r.runs)])),
    working: workers.map((w) => String(w.what)),
  };
}

/** The tables autovacuum worked on between two states, with how many runs each. */
export function autovacuumRunsBetween(before: Record<string, number>, after: Record<string, number>): string {
  const ran = Object.entries(after)
    .map(([table, runs]) => [table, runs - (before[table] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`);
  return ran.length ? ran.join(', ') : 'none';
}

/**
 * Wait until autovacuum has nothing left to analyse in the counted tables (at most 15 minutes): each
 * table's changes since its last ANALYZE (autovacuum's, or the seed's own) below autovacuum's
 * threshold (50 rows plus 10 % of the table, PostgreSQL's defaults): the planner's statistics of a
 * real day. Says what autovacuum itself had analysed and vacuumed by then.
 */
async function waitForAutovacuum(sql: Sql): Promise<string> {
  const until = Date.now() + 15 * 60_000;
  const names = COUNTED.map((t) => `'${t}'`).join(',');
  for (;;) {
    const { rows } = await sql(
      `select relname, n_mod_since_analyze <= 50 + 0.1 * n_live_tup as settled,
              last_autoanalyze is not null as analysed, last_autovacuum is not null as vacuumed
         from pg_stat_user_tables where relname in (${names})`,
    );
    const pending = rows.filter((r) => !r.settled).map((r) => String(r.relname));
    if (!pending.length || Date.now() > until) {
      const by = (key: string) => rows.filter((r) => r[key]).map((r) => String(r.relname));
      const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');
      return `autovacuum had analysed ${list(by('analysed'))} and vacuumed ${list(by('vacuumed'))}${pending.length ? `; still to analyse after 15 min: ${pending.join(', ')}` : ''}`;
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** PGlite's db.analyze job, run once as a node's start runs it. */
async function pgliteJob(run: () => Promise<unknown>): Promise<string> {
  const done = (await run()) as { vacuumed: string[]; analyzed: string[] };
  return `the db.analyze job had vacuumed ${done.vacuumed.length} and analysed ${done.analyzed.length} tables`;
}

// ---------------------------------------------------------------------------------------------
// Report (pure).

export type ScaleSide = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request of the server process, and of its PostgreSQL backends (null: PGlite). */
  serverCpu: number;
  dbCpu: number | null;
};
export type ScaleRow = { call: string; seed: ScaleSide; grown: ScaleSide };

/** The lowest ratio that passes (issue 18: every grown/seed ratio at or above 0.8). */
export const MIN_RATIO = 0.8;

/** A grown/seed ratio as a table cell: marked when below MIN_RATIO. */
export function ratioCell(ratio: number): string {
  if (!Number.isFinite(ratio)) return '-';
  const text = ratio.toFixed(2);
  return ratio < MIN_RATIO ? `**${text} < ${MIN_RATIO}**` : text;
}

/** Ratios where 1 means "as fast on the grown database": throughput grown/seed, latency seed/grown. */
export function ratios(row: ScaleRow): { rps: number; p50: number; p99: number } {
  return { rps: row.grown.rps / row.seed.rps, p50: row.seed.p50 / row.grown.p50, p99: row.seed.p99 / row.grown.p99 };
}

export function scaleTable(rows: ScaleRow[]): string {
  const cpu = (x: number | null) => (x === null ? '-' : x.toFixed(2));
  const lines = [
    '| call | req/s seed | req/s grown | ratio | p50 ms seed | p50 ms grown | ratio | p99 ms seed | p99 ms grown | ratio | server CPU ms/req seed / grown | PostgreSQL CPU ms/req seed / grown | 5xx/errors seed / grown |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const q = ratios(r);
    lines.push(
      `| ${r.call} | ${r.seed.rps.toFixed(0)} | ${r.grown.rps.toFixed(0)} | ${ratioCell(q.rps)} | ${r.seed.p50.toFixed(1)} | ${r.grown.p50.toFixed(1)} | ${ratioCell(q.p50)} | ${r.seed.p99.toFixed(1)} | ${r.grown.p99.toFixed(1)} | ${ratioCell(q.p99)} | ${cpu(r.seed.serverCpu)} / ${cpu(r.grown.serverCpu)} | ${cpu(r.seed.dbCpu)} / ${cpu(r.grown.dbCpu)} | ${r.seed.errors} / ${r.grown.errors} |`,
    );
  }
  return lines.join('\n');
}

/** Ratios below MIN_RATIO, as `call: which ratio`; empty when every ratio passes. */
export function ratiosBelow(rows: ScaleRow[]): string[] {
  const out: string[] = [];
  for (const r of rows)
    for (const [name, value] of Object.entries(ratios(r)))
      if (value < MIN_RATIO) out.push(`${r.call}: ${name} ${value.toFixed(2)}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server process: `node scripts/bench-scale.ts --serve=seed|grown --backend=...`. Builds its database,
// serves the API and the booking jobs, prints `READY <json>`, then answers commands on stdin, one a
// line, with `OK <json>`: `plant <count>` and `arm <json>` (expiring holds), `pids`, `stats`, `exit`.

async function serveOne(role: Role, kind: 'pglite' | 'postgres') {
  const { createApp } = await import('../api/app.ts');
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { seedDatabase } = await import('../api/seed/seed.ts');
  const { growDatabase } = await import('../api/db/grown-database.test-helpers.ts');
  const { jakartaToday } = await import('../core/dates.ts');
  const { loadEnv } = await import('../api/platform/env.ts');
  const { startJobQueue } = await import('../api/jobs/queue.ts');
  const { JOBS, registerJobs } = await import('../api/jobs.ts');
  const { createReservation } = await import('../api/reservations/reservations.service.ts');
  const { PaymentStatus } = await import('../core/payment-status.ts');
  const log = (text: string) => console.error(`[bench:scale ${kind} ${role}] ${text}`);

  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    RESERVATION_HOLD_MINUTES: String(HOLD_MINUTES),
    ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}),
  });
  const database = await openDatabase(kind === 'pglite' ? { DATA_DIR: 'memory://' } : env);
  const sql = (text: string, values?: unknown[]) => database.executeSql(text, values);
  let t = performance.now();
  await migrate(database);
  const today = jakartaToday(new Date());
  await seedDatabase(database, today);
  const seedMs = performance.now() - t;
  let growMs: number | null = null;
  if (role === 'grown') {
    const hotels = Number(hotelsArg ?? 1000);
    const reservations = Number(reservationsArg ?? (kind === 'postgres' ? 1_000_000 : 100_000));
    log(`growing: ${hotels} hotels, ${reservations} reservations...`);
    t = performance.now();
    // Stock up to SEED_DAYS_AHEAD (120 days) like the seed's, so the windows the calls read have stock.
    await growDatabase(database, { today: today.toString(), hotels, reservations, daysAhead: 120 });
    growMs = performance.now() - t;
    log(`grown in ${(growMs / 1000).toFixed(1)} s`);
  }
  // Creates measure holds, never sold-out refusals (bench-api does the same), on both databases.
  // Closed days of the nights booked would refuse them too: giveStock opens them.
  await giveStock(database, today.toString(), RANGES + 2);
  const deps = { env, database, now: () => new Date() };
  // Retention outside the measured window: what the retention jobs do at a node's start (stock of days
  // that ended over a month ago, events over two years old), done here once, so their runs during the
  // window find nothing left and the counts below are the database measured.
  t = performance.now();
  const retained = {
    stock: Object.values(await JOBS['stock.retain'].run(deps, new Date())).reduce((a, b) => a + b, 0),
    events: Number(await JOBS['events.retain'].run(deps, new Date())),
  };
  const retainMs = performance.now() - t;
  // The statistics and vacuum state of a real day, not a fresh VACUUM: on PostgreSQL autovacuum as it
  // runs (waited for until it has analysed every table the calls read); on PGlite, which has none,
  // its db.analyze job's first run (api/db/statistics.ts), as a node does at its start.
  t = performance.now();
  const maintenance =
    kind === 'postgres' ? await waitForAutovacuum(sql) : await pgliteJob(() => JOBS['db.analyze'].run(deps));
  const analyzeMs = performance.now() - t;
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const queue = await startJobQueue(database, { pollingSeconds: 1 });
  await registerJobs(queue, deps, { groups: ['booking'] });
  const tokens = await tokensForTest(deps, { withUser: false });
  const userTokensFile = await writeGuestTokens(deps, calls.includes('create') ? createGuestsFor(warmup + seconds) : 1);
  const spread = await spreadOf(database, RANGES);
  const ready: Ready = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientToken: tokens.clientToken,
    apiKey: tokens.apiKey,
    userTokensFile,
    spread,
    today: today.toString(),
    seedMs,
    growMs,
    analyzeMs,
    retainMs,
    retained,
    maintenance,
  };
  console.log(`READY ${JSON.stringify(ready)}`);

  /**
   * `count` waiting holds (three per new guest: the unpaid cap) on the daily hotels' room types, made
   * by the reservation service, with a payment window of an hour (`armHolds` sets their deadlines).
   */
  const plantHolds = async (count: number) => {
    const guests = Math.ceil(count / 3);
    const made = await sql(
      `insert into users (name, email, password_hash, is_email_verified, preferred_lang)
       select 'Bench ' || g, 'bench-hold-' || g || '@example.test', 'x', true, 'id' from generate_series(1, $1::int) g
       returning id`,
      [guests],
    );
    const userIds = made.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const day = (n: number) => today.add({ days: n }).toString();
    let next = 0;
    let planted = 0;
    const worker = async () => {
      for (let k = next++; k < count; k = next++) {
        const room = spread.rooms[(k * 7919) % spread.rooms.length]!;
        const offset = 1 + (k % RANGES);
        planted++;
        await createReservation(
          database.db,
          { ...room, checkIn: day(offset), checkOut: day(offset + 1), totalRoom: 1 },
          { now: new Date(), userId: userIds[Math.floor(k / 3)]!, holdMinutes: 60 },
        );
      }
    };
    await Promise.all(Array.from({ length: kind === 'postgres' ? 4 : 1 }, worker));
    return { planted };
  };
  /**
   * The planted holds' payment windows end one after the other, `1000 / perSecond` ms apart from
   * `from` (epoch ms) on: set just before the calls, so they lapse through the measured run, whatever
   * planting took. Expiry reads nothing but `expired_at` (api/reservations/release-hold.ts).
   */
  const armHolds = async (from: number, perSecond: number) => {
    const { rows } = await sql(
      `with planted as (
         select r.id, row_number() over (order by r.id) - 1 as k
           from reservations r join users u on u.id = r.user_id
          where u.email like 'bench-hold-%' and r.payment_status_id = $3
       )
       update reservations r set expired_at = to_timestamp($1::float8 / 1000) + p.k * ($2::float8 * interval '1 millisecond')
         from planted p where p.id = r.id
       returning r.id`,
      [from, 1000 / perSecond, PaymentStatus.waiting],
    );
    return { armed: rows.length };
  };

  const commands = createInterface({ input: process.stdin });
  for await (const line of commands) {
    const [command, json] = [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)];
    let answer: unknown = null;
    if (command === 'plant') {
      answer = await plantHolds(Number(json));
    } else if (command === 'arm') {
      const { from, perSecond } = JSON.parse(json) as { from: number; perSecond: number };
      answer = await armHolds(from, perSecond);
    } else if (command === 'counts') {
      answer = await countRows(sql);
    } else if (command === 'autovacuum') {
      answer = kind === 'postgres' ? await autovacuumState(sql) : null;
    } else if (command === 'pids') {
      answer =
        kind === 'postgres'
          ? (await sql('select pid from pg_stat_activity where datname = current_database()')).rows.map((r) =>
              Number(r.pid),
            )
          : [];
    } else if (command === 'stats') {
      const { rows } = await sql(
        `select r.payment_status_id as status, count(*)::int as n from reservations r join users u on u.id = r.user_id
          where u.email like 'bench-hold-%' group by 1`,
      );
      const by = (s: number) => Number(rows.find((r) => Number(r.status) === s)?.n ?? 0);
      // Holds the create call made (its guests are tokensForTest's): each create measured a real hold.
      const made = await sql(
        `select count(*)::int as n from reservations r join users u on u.id = r.user_id where u.email like 'guest-%@example.com'`,
      );
      answer = {
        waiting: by(PaymentStatus.waiting),
        expired: by(PaymentStatus.expired),
        created: Number(made.rows[0]?.n),
      };
    } else if (command === 'exit') {
      await queue.stop();
      await new Promise((r) => server.close(r));
      await database.close();
      console.log('OK null');
      process.exit(0);
    }
    console.log(`OK ${JSON.stringify(answer)}`);
  }
  // stdin closed: the orchestrator is gone.
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Orchestrator: both server processes, the holds, one client process per call.

type ServerHandle = { role: Role; child: ChildProcess; ready: Ready; ask: (line: string) => Promise<unknown> };

function startServer(role: Role, kind: 'pglite' | 'postgres', env: NodeJS.ProcessEnv): Promise<ServerHandle> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [import.meta.filename, `--serve=${role}`, `--backend=${kind}`, ...process.argv.slice(2).filter(passOn)],
      { stdio: ['pipe', 'pipe', 'inherit'], env },
    );
    const waiting: ((value: unknown) => void)[] = [];
    const lines = createInterface({ input: child.stdout! });
    let handle: ServerHandle | null = null;
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) {
        handle = {
          role,
          child,
          ready: JSON.parse(line.slice('READY '.length)) as Ready,
          ask: (command) =>
            new Promise((answer) => {
              waiting.push(answer);
              child.stdin!.write(`${command}\n`);
            }),
        };
        resolve(handle);
      } else if (line.startsWith('OK ')) waiting.shift()?.(JSON.parse(line.slice('OK '.length)));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!handle) reject(new Error(`the ${role} server exited with ${code} before it served`));
    });
  });
}

const passOn = (a: string) => !a.startsWith('--backend=') && !a.startsWith('--serve=') && a !== '--inner';

async function runBackend(kind: 'pglite' | 'postgres') {
  const envFor = async (role: Role): Promise<NodeJS.ProcessEnv> => {
    if (kind === 'pglite') return { ...process.env, DATABASE_URL: '' };
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${DATABASE_NAMES[role]}`;
    return { ...process.env, DATABASE_URL: url.toString() };
  };
  if (kind === 'postgres') {
    if (!process.env.DATABASE_URL)
      throw new Error('--backend=postgres needs DATABASE_URL (npm run bench:scale sets one)');
    const { openDatabase } = await import('../api/db/client.ts');
    const admin = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: '' });
    for (const role of ROLES) {
      await admin.executeSql(`drop database if exists ${DATABASE_NAMES[role]} with (force)`);
      await admin.executeSql(`create database ${DATABASE_NAMES[role]}`);
    }
    await admin.close();
  }
  const started = Date.now();
  const servers = await Promise.all(ROLES.map(async (role) => startServer(role, kind, await envFor(role))));
  const [seed, grown] = servers as [ServerHandle, ServerHandle];
  console.error(`[bench:scale ${kind}] both databases built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // Holds expiring through every call's warm-up and measured rounds, on both databases alike.
  const runSeconds = calls.length * (2 * (warmup + seconds) + 2) + 10;
  const holds = Math.round(runSeconds * expiringPerSecond);
  const t = performance.now();
  await Promise.all(servers.map((s) => s.ask(`plant ${holds}`)));
  const plantMs = performance.now() - t;
  const from = Date.now() + 1_000;
  await Promise.all(servers.map((s) => s.ask(`arm ${JSON.stringify({ from, perSecond: expiringPerSecond })}`)));
  // What is measured: the rows when the measurement starts (after retention, growth and the planted holds).
  const countsAtStart = (await Promise.all(servers.map((s) => s.ask('counts')))) as Counts[];

  const target = (s: ServerHandle): Target => ({
    base: s.ready.base,
    clientToken: s.ready.clientToken,
    apiKey: s.ready.apiKey,
    userTokensFile: s.ready.userTokensFile,
    spread: s.ready.spread,
  });
  const rows: ScaleRow[] = [];
  const measureStart = new Date();
  type Stats = { waiting: number; expired: number; created: number };
  const askStats = async () => (await Promise.all(servers.map((s) => s.ask('stats')))) as Stats[];
  const released: string[] = [];
  // Autovacuum as it runs: what it had due when the measurement started, and what it did during each call.
  type Av = AutovacuumState | null;
  const askAutovacuum = async () => (await Promise.all(servers.map((s) => s.ask('autovacuum')))) as Av[];
  const autovacuumAtStart = await askAutovacuum();
  const autovacuumDuring: string[] = [];
  for (const call of calls) {
    const av0 = await askAutovacuum();
    const stats0 = await askStats();
    const pids0 = (await Promise.all(servers.map((s) => s.ask('pids')))) as number[][];
    const server0 = procCpuMs(servers.map((s) => s.child.pid!));
    const db0 = servers.map((_, i) => procCpuMs(pids0[i]!));
    const results = await runClientProcess({
      targets: [target(seed), target(grown)],
      today: seed.ready.today,
      call,
      seconds,
      warmup,
      rounds: Math.max(1, Math.round(seconds / roundSeconds)),
    });
    const pids1 = (await Promise.all(servers.map((s) => s.ask('pids')))) as number[][];
    const server1 = procCpuMs(servers.map((s) => s.child.pid!));
    const db1 = servers.map((_, i) => procCpuMs(pids1[i]!));
    const side = (i: number, r: ClientResult): ScaleSide => {
      // Server and database CPU include the warm-up; spread them over every request sent.
      const sent = r.requests * ((r.elapsed + warmup) / r.elapsed);
      const pid = servers[i]!.child.pid!;
      const serverMs = server0 && server1 ? server1.get(pid)! - server0.get(pid)! : NaN;
      let dbMs: number | null = null;
      const before = db0[i];
      const after = db1[i];
      if (kind === 'postgres' && before && after) {
        dbMs = 0;
        for (const [p, ms] of after) dbMs += ms - (before.get(p) ?? 0);
      }
      return {
        rps: r.requests / r.elapsed,
        p50: r.p50,
        p99: r.p99,
        errors: r.errors,
        serverCpu: serverMs / sent,
        dbCpu: dbMs === null ? null : dbMs / sent,
      };
    };
    rows.push({ call: CALLS[call], seed: side(0, results[0]!), grown: side(1, results[1]!) });
    const stats1 = await askStats();
    released.push(
      `${CALLS[call]}: seed ${stats1[0]!.expired - stats0[0]!.expired}, grown ${stats1[1]!.expired - stats0[1]!.expired}`,
    );
    const av1 = await askAutovacuum();
    if (kind === 'postgres')
      autovacuumDuring.push(
        `${CALLS[call]}: ${ROLES.map((role, i) => {
          const busy = av1[i]!.working;
          return `${role} ${autovacuumRunsBetween(av0[i]!.runs, av1[i]!.runs)}${busy.length ? ` (still at work: ${busy.join(', ')})` : ''}`;
        }).join(', ')}`,
      );
    console.error(`[bench:scale ${kind}] ${CALLS[call]} done`);
  }
  const stats = await askStats();
  const countsAtEnd = (await Promise.all(servers.map((s) => s.ask('counts')))) as Counts[];
  await Promise.all(servers.map((s) => s.ask('exit')));

  const g = grown.ready;
  const s = seed.ready;
  const n = (x: number | undefined) => (x ?? 0).toLocaleString('en-US');
  const described = (c: Counts) =>
    `${n(c.hotels)} hotels, ${n(c.room_inventory)} nightly and ${n(c.room_hour_stock)} hourly stock rows, ${n(c.reservations)} reservations, ${n(c.reservation_nights)} nights`;
  console.log(
    `\nScale benchmark, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${measureStart.toISOString()}. Counted when the measurement started: seed ${described(countsAtStart[0]!)}; ` +
      `grown ${described(countsAtStart[1]!)}. At the end: seed ${described(countsAtEnd[0]!)}; grown ${described(countsAtEnd[1]!)}.`,
  );
  console.log(
    `Growth ${((g.growMs ?? 0) / 1000).toFixed(1)} s (seed and migrations ${(g.seedMs / 1000).toFixed(1)} s). Retention ran once before the counts, outside the window (as the jobs do at a node's start; ` +
      `their runs in the window find nothing): ${n(g.retained.stock)} stock rows and ${n(g.retained.events)} events deleted on the grown database in ${(g.retainMs / 1000).toFixed(1)} s, ` +
      `${n(s.retained.stock)} / ${n(s.retained.events)} on the seed. No VACUUM of ours: ${kind === 'postgres' ? 'waited' : 'took'} ${(g.analyzeMs / 1000).toFixed(0)} s for the grown database's maintenance (${g.maintenance}); seed: ${s.maintenance}.`,
  );
  console.log(
    `Both servers run the same jobs: the booking group (hold expiry every second, the waitlist, insurance, retention${kind === 'pglite' ? ', db.analyze' : ''}).`,
  );
  console.log(
    `${calls.length} calls, each: ${warmup} s warm-up per database, then ${seconds} s per database in ${Math.max(1, Math.round(seconds / roundSeconds))} alternating rounds; ${CONCURRENCY_NOTE}; ` +
      `requests spread over every hotel of each database (${s.spread.hotels.length} / ${g.spread.hotels.length}) and ${RANGES} date offsets.`,
  );
  console.log(
    `Expiring holds: ${holds} per database (${expiringPerSecond}/s through the run, planted in ${(plantMs / 1000).toFixed(1)} s), released by the holds.expire job by the end: seed ${stats[0]!.expired}, grown ${stats[1]!.expired} (still waiting: ${stats[0]!.waiting} / ${stats[1]!.waiting}); released while each call ran (warm-up included): ${released.join('; ')}.`,
  );
  if (kind === 'postgres') {
    const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');
    console.log(
      `Autovacuum when the measurement started: work due on the seed ${list(autovacuumAtStart[0]!.due)}, on the grown ${list(autovacuumAtStart[1]!.due)}; ` +
        `its workers busy on the seed ${list(autovacuumAtStart[0]!.working)}, on the grown ${list(autovacuumAtStart[1]!.working)}. ` +
        `Its runs (vacuum or analyse) while each call ran, warm-up included: ${autovacuumDuring.join('; ')}.`,
    );
  }
  if (calls.includes('create'))
    console.log(
      `Reservations the create call made (warm-up included): seed ${stats[0]!.created}, grown ${stats[1]!.created}.`,
    );
  console.log('');
  console.log(scaleTable(rows));
  const below = ratiosBelow(rows);
  console.log(
    below.length === 0
      ? `\nEvery ratio at or above ${MIN_RATIO}.`
      : `\nRatios below ${MIN_RATIO}: ${below.join('; ')}.`,
  );
}

// No stock cache (api/availability/stock-cache.ts) in either server: with requests spread over every
// hotel, the grown database has 41 times the keys of the seed, so a cache would hit less often there and
// the ratio would measure the key count, not the database. This bench measures the database's cost.
const CONCURRENCY_NOTE =
  '50 keep-alive connections from a separate client process, RESERVATION_HOLD_MINUTES=1, no stock cache (the database path)';

/** PostgreSQL: DATABASE_URL, or a throwaway cluster (pg_virtualenv) reached over its Unix socket. */
function runPostgres(): number {
  const args = [import.meta.filename, '--backend=postgres', ...process.argv.slice(2).filter(passOn)];
  const pg = process.env.DATABASE_URL
    ? spawnSync(process.execPath, [...args, '--inner'], { stdio: 'inherit', env: process.env })
    : spawnSync(
        process.execPath,
        [
          new URL('./with-postgres.ts', import.meta.url).pathname,
          '--unix-socket',
          process.execPath,
          ...args,
          '--inner',
        ],
        { stdio: 'inherit' },
      );
  return pg.status ?? 1;
}

const serveArg = arg('serve');
if (!import.meta.main) {
  // Imported (tests): the report functions above only.
} else if (serveArg === 'seed' || serveArg === 'grown') {
  await serveOne(serveArg, backendArg === 'postgres' ? 'postgres' : 'pglite');
} else if (backendArg === 'pglite' || (backendArg === 'postgres' && process.argv.includes('--inner'))) {
  await runBackend(backendArg);
} else if (backendArg === 'postgres') {
  process.exitCode = runPostgres();
} else {
  await runBackend('pglite');
  console.error('[bench:scale] PGlite done; starting PostgreSQL...');
  process.exitCode = runPostgres();
}
