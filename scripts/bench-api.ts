// `npm run bench:api`: requests/s and p50/p99 latency for RoomAvailability, RoomAvailabilityMaxDuration,
// search (REST and GraphQL) and reservation creation at 50 concurrent keep-alive connections over
// loopback HTTP, on embedded PGlite and on a real PostgreSQL (a throwaway local cluster started with
// pg_virtualenv through scripts/with-postgres.ts and reached over its Unix socket, or DATABASE_URL),
// with the API's default pool (DATABASE_POOL_MAX). Not a test: it prints a table for the README.
//
// Honest by construction: the load generator runs in its own process (so it does not steal the
// server's event loop), every call is warmed up before it is measured, requests are closed-loop
// (each connection sends its next request when the previous answer is read in full), and the table
// reports CPU milliseconds per request of the API server process, of the client process and (for a
// local PostgreSQL) of the database backends, so a noisy shared machine can still be read.
// Options: --seconds=N (default 5), --warmup=N seconds (default 3: the server's JIT and PostgreSQL's caches reach steady state; with 1 s the first call measured still paid for it), --backend=pglite|postgres,
// --calls=avail,maxdur,search,gqlsearch,create (default all).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../api/db/client.ts';
import { MAX_UNPAID_RESERVATIONS } from '../core/contracts/booking.ts';

const CONCURRENCY = 50;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(arg('seconds') ?? 5);
const warmup = Number(arg('warmup') ?? 3);
/** Guests for the create call: room for 600 holds a second over the whole run, three per guest. */
const CREATE_GUESTS = Math.ceil(((seconds + warmup) * 600) / MAX_UNPAID_RESERVATIONS);
const backend = arg('backend');

type CallName = 'avail' | 'maxdur' | 'search' | 'gqlsearch' | 'create';
const CALLS: Record<CallName, string> = {
  avail: 'RoomAvailability (90 days)',
  maxdur: 'RoomAvailabilityMaxDuration',
  search: 'search (REST, 2 nights)',
  gqlsearch: 'ReservationSearch (GraphQL, 2 nights)',
  create: 'HotelCreateReservation',
};
const calls = (arg('calls')?.split(',') ?? Object.keys(CALLS)) as CallName[];

type Row = {
  backend: string;
  call: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: API server process, load client process, PostgreSQL backends (null: not measurable). */
  serverCpu: number;
  clientCpu: number;
  dbCpu: number | null;
};
type ClientConfig = {
  base: string;
  clientToken: string;
  /** A JSON file of user tokens: an account holds at most 3 unpaid reservations, so creates rotate guests. */
  userTokensFile: string;
  apiKey: string;
  today: string;
  call: CallName;
  seconds: number;
  warmup: number;
};
type ClientResult = {
  requests: number;
  elapsed: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMs: number;
  measureStart: number;
  measureEnd: number;
};

// ---------------------------------------------------------------------------------------------
// Load client (child process): `node scripts/bench-api.ts --client=<json>`.

function requestFor(cfg: ClientConfig, i: number): { path: string; headers: Record<string, string>; body: string } {
  const today = Temporal.PlainDate.from(cfg.today);
  const day = (n: number) => today.add({ days: n }).toString();
  const auth = (token: string) => ({
    authorization: `Bearer ${token}`,
    'x-api-key': cfg.apiKey,
    'accept-language': 'id',
  });
  const gql = (token: string, path: string, query: string, input: unknown) => ({
    path,
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { input } }),
  });
  const hotelId = 1 + (i % 16);
  switch (cfg.call) {
    case 'avail':
      return gql(
        cfg.clientToken,
        '/api/gateway/open',
        'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date hotel_id is_blackout web_sellable_rooms } }',
        { hotel_id: hotelId, date_start: day(0), date_end: day(89) },
      );
    case 'maxdur':
      return gql(
        cfg.clientToken,
        '/api/gateway/open',
        'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { hotel_id date_start web_max_duration } }',
        { hotel_id: hotelId, date_start: day(i % 30) },
      );
    case 'search':
      return {
        path: '/api/clients/v1/search',
        headers: { ...auth(cfg.clientToken), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          hotelId: String(hotelId),
          checkInDateTime: `${day(1 + (i % 20))} 14:00:00`,
          checkOutDateTime: `${day(3 + (i % 20))} 12:00:00`,
        }).toString(),
      };
    case 'gqlsearch':
      return gql(
        cfg.clientToken,
        '/api/gateway/open',
        'query S($input: ReservationSearchInput!) { ReservationSearch(input: $input) { nights messagePromo hotel { id name timeZoneLabel } roomTypes { id name roomRemaining guestPrice guestPriceLabel roomPriceFake promotionPrice insurancePrice addOns { typeName items { itemName price } } } } }',
        {
          hotel_id: hotelId,
          check_in_date_time: `${day(1 + (i % 20))} 14:00:00`,
          check_out_date_time: `${day(3 + (i % 20))} 12:00:00`,
          is_used_gc: false,
        },
      );
    case 'create':
      return gql(
        guestTokens(cfg)[Math.floor(i / MAX_UNPAID_RESERVATIONS) % guestTokens(cfg).length]!,
        '/api/gateway/secure',
        'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
        {
          hotel_id: 1,
          room_type_id: 11 + (i % 4),
          check_in_date_time: day(1 + (i % 30)),
          check_out_date_time: day(2 + (i % 30)),
          total_room: 1,
        },
      );
  }
}

let guests: string[] | null = null;
/** The guests' tokens, read once per client process; each books at most MAX_UNPAID_RESERVATIONS times. */
function guestTokens(cfg: ClientConfig): string[] {
  guests ??= JSON.parse(readFileSync(cfg.userTokensFile, 'utf8')) as string[];
  return guests;
}

async function runClient(cfg: ClientConfig): Promise<ClientResult> {
  const url = new URL(cfg.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const send = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const r = requestFor(cfg, i);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: r.path,
          method: 'POST',
          agent,
          headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(r.body);
    });
  let counter = 0;
  const phase = async (ms: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const status = await send(counter++);
            if (status >= 500) errors++;
          } catch {
            errors++;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors };
  };
  await phase(cfg.warmup * 1000, false);
  const cpu0 = process.cpuUsage();
  const measureStart = Date.now();
  const started = performance.now();
  const { latencies, errors } = await phase(cfg.seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  const measureEnd = Date.now();
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    elapsed,
    p50: pct(50),
    p99: pct(99),
    errors,
    cpuMs: (cpu.user + cpu.system) / 1000,
    measureStart,
    measureEnd,
  };
}

// ---------------------------------------------------------------------------------------------
// Server side: the API in this process, one client process per call.

const CLK_TCK = 100; // Linux USER_HZ: /proc/<pid>/stat reports utime/stime in 1/100 s.
/** CPU seconds used so far by local processes (PostgreSQL backends), or null when /proc cannot tell. */
function procCpuMs(pids: number[]): Map<number, number> | null {
  const out = new Map<number, number>();
  try {
    for (const pid of pids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK);
    }
    return out;
  } catch {
    return null;
  }
}

function runClientProcess(cfg: ClientConfig): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, `--client=${JSON.stringify(cfg)}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('CLIENT_JSON '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('CLIENT_JSON '.length)) as ClientResult);
      else reject(new Error(`bench client exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const { createApp } = await import('../api/app.ts');
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { jakartaToday } = await import('../core/dates.ts');
  const { seedDatabase } = await import('../api/db/seed.ts');
  const { loadEnv } = await import('../api/env.ts');

  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}),
  });
  const database = await openDatabase(kind === 'pglite' ? { DATA_DIR: 'memory://' } : env);
  const db = database.db as Db;
  if (kind === 'postgres')
    await db.execute(
      sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
    );
  await migrate(database);
  const now = new Date();
  const today = jakartaToday(now);
  await seedDatabase(database, today);
  // Reservation creation must measure the hold, not sold-out refusals: give the bench hotel stock.
  await db.execute(sql`update room_inventory set sellable = 1000000, sold = 0 where hotel_id = 1`);
  // Measure a settled database, not the seed's aftermath: vacuum and analyze what seeding wrote
  // (autovacuum would otherwise start in the middle of a call) and flush it with a checkpoint.
  if (kind === 'postgres') {
    await db.execute(sql`vacuum (analyze)`);
    await db.execute(sql`checkpoint`);
  }
  const deps = { env, database, now: () => new Date() };
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokens = await tokensForTest(deps);
  // Every create is a real hold: enough guests that none reaches the cap of unpaid holds.
  const guestCount = calls.includes('create') ? CREATE_GUESTS : 1;
  const guestTokenList: string[] = [];
  for (let i = 0; i < guestCount; i += 50)
    guestTokenList.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, guestCount - i) }, () => tokensForTest(deps).then((g) => g.userToken!)),
      )),
    );
  const userTokensFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-guests-')), 'tokens.json');
  writeFileSync(userTokensFile, JSON.stringify(guestTokenList));
  // PostgreSQL backends serving this benchmark (the pool's connections), for CPU accounting.
  const backendPids = async () => {
    if (kind !== 'postgres') return [];
    const r = (await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { pid: number }[] };
    return r.rows.map((x) => Number(x.pid));
  };
  const rows: Row[] = [];
  try {
    for (const call of calls) {
      const cpu0 = process.cpuUsage();
      const pidsBefore = await backendPids();
      const db0 = procCpuMs(pidsBefore);
      const result = await runClientProcess({
        base,
        clientToken: tokens.clientToken,
        userTokensFile,
        apiKey: tokens.apiKey,
        today: today.toString(),
        call,
        seconds,
        warmup,
      });
      const cpu = process.cpuUsage(cpu0);
      const pidsAfter = await backendPids();
      const db1 = procCpuMs(pidsAfter);
      let dbCpu: number | null = null;
      if (kind === 'postgres' && db0 && db1) {
        let used = 0;
        for (const [pid, ms] of db1) used += ms - (db0.get(pid) ?? 0);
        dbCpu = used;
      }
      // Server and database CPU include the warm-up; spread them over every request sent.
      const totalRequests = result.requests * ((result.elapsed + warmup) / result.elapsed);
      rows.push({
        backend: kind,
        call: CALLS[call],
        requests: result.requests,
        rps: result.requests / result.elapsed,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors,
        serverCpu: (cpu.user + cpu.system) / 1000 / totalRequests,
        clientCpu: result.cpuMs / result.requests,
        dbCpu: dbCpu === null ? null : dbCpu / totalRequests,
      });
    }
  } finally {
    await new Promise((r) => server.close(r));
    await database.close();
  }
  return rows;
}

function table(rows: Row[]) {
  const lines = [
    '| backend | call | requests | req/s | p50 ms | p99 ms | 5xx/errors | server CPU ms/req | client CPU ms/req | PostgreSQL CPU ms/req |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.backend} | ${r.call} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.serverCpu.toFixed(2)} | ${r.clientCpu.toFixed(2)} | ${r.dbCpu === null ? '-' : r.dbCpu.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

const clientArg = process.argv.find((a) => a.startsWith('--client='));
if (clientArg) {
  const result = await runClient(JSON.parse(clientArg.slice('--client='.length)) as ClientConfig);
  console.log(`CLIENT_JSON ${JSON.stringify(result)}`);
} else if (backend === 'postgres' || backend === 'pglite') {
  const rows = await benchOne(backend);
  if (process.argv.includes('--json')) console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
  else console.log(table(rows));
} else {
  const rows = await benchOne('pglite');
  console.error('[bench] PGlite done; starting PostgreSQL...');
  const passOn = [`--seconds=${seconds}`, `--warmup=${warmup}`, `--calls=${calls.join(',')}`];
  const pg = process.env.DATABASE_URL
    ? spawnSync(process.execPath, [import.meta.filename, '--backend=postgres', '--json', ...passOn], {
        encoding: 'utf8',
        env: process.env,
      })
    : spawnSync(
        process.execPath,
        [
          new URL('./with-postgres.ts', import.meta.url).pathname,
          '--unix-socket',
          process.execPath,
          import.meta.filename,
          '--backend=postgres',
          '--json',
          ...passOn,
        ],
        { encoding: 'utf8' },
      );
  const line = (pg.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (line) rows.push(...(JSON.parse(line.slice('BENCH_JSON '.length)) as Row[]));
  else console.error('[bench] PostgreSQL run failed:\n', pg.stderr?.slice(-2000));
  console.log(
    `\nAPI benchmark: ${CONCURRENCY} concurrent keep-alive connections from a separate client process, ${warmup}s warm-up + ${seconds}s per call, loopback HTTP, ${new Date().toISOString()}\n`,
  );
  console.log(table(rows));
}
