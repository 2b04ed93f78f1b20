// `npm run bench:api`: requests/s and p50/p99 latency for RoomAvailability, RoomAvailabilityMaxDuration,
// search (REST and GraphQL) and reservation creation at 50 concurrent keep-alive connections over
// loopback HTTP, on embedded PGlite and on a real PostgreSQL (a throwaway local cluster started with
// pg_virtualenv through scripts/with-postgres.ts and reached over its Unix socket, or DATABASE_URL
// with --reset-database: its schema is dropped and seeded; scripts/bench-database.ts),
// with the API's default pool (DATABASE_POOL_MAX). Not a test: it prints a table for the README.
//
// Honest by construction: the load generator runs in its own process (so it does not steal the
// server's event loop), every call is warmed up before it is measured, requests are closed-loop
// (each connection sends its next request when the previous answer is read in full), and the table
// reports CPU milliseconds per request of the API server process, of the client process and (for a
// local PostgreSQL) of the database backends, so a noisy shared machine can still be read.
// Options: --seconds=N (default 5), --warmup=N seconds (default 3: the server's JIT and PostgreSQL's caches reach steady state; with 1 s the first call measured still paid for it), --backend=pglite|postgres,
// --calls=avail,maxdur,search,gqlsearch,create,places (default all), --spread (see `Spread` below), --no-cache (reads past the stock cache: the database path alone),
// --no-keys (creates without an Idempotency-Key; by default each sends one, as the booking island does).
// Under the table it prints the targets of issue 18 (TARGETS) with the measured values.
// --mix: reads and creates together on two nodes with their jobs (scripts/bench-mix.ts).
//
// The load client (runClientProcess, one process per call) is shared with `npm run bench:scale`
// (scripts/bench-scale.ts), which gives it two servers to alternate between.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Temporal } from '../core/temporal.ts';
import type { Database } from '../api/platform/database.ts';
import type { AppDeps } from '../api/platform/deps.ts';
import { MAX_UNPAID_RESERVATIONS } from '../core/contracts/booking.ts';
import { mayResetDatabaseUrl, onThrowawayPostgres, RESET_DATABASE } from './bench-database.ts';

export const CONCURRENCY = 50;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(arg('seconds') ?? 5);
const warmup = Number(arg('warmup') ?? 3);
/** Guests for the create call: room for 600 holds a second over `seconds`, three per guest. */
/** Guests for the create call: room for 2,000 holds a second over the whole run, three per guest (a
 * guest past the cap is refused, and a refusal is not a hold: the bench counts it as an error). */
export const createGuestsFor = (seconds: number) => Math.ceil((seconds * 2000) / MAX_UNPAID_RESERVATIONS);
const CREATE_GUESTS = createGuestsFor(seconds + warmup);
const backend = arg('backend');
const spread = process.argv.includes('--spread');
/** --no-cache: every read goes to the database (the stock cache, api/availability/stock-cache.ts, is off). */
const cache = !process.argv.includes('--no-cache');
/** --rate=N: open loop at N requests a second (ClientConfig.rate); closed loop without it. */
const rate = arg('rate') === undefined ? undefined : Number(arg('rate'));
if (rate !== undefined && !(rate > 0)) throw new Error('--rate=N: N requests a second, above 0');

export type CallName = 'avail' | 'maxdur' | 'search' | 'gqlsearch' | 'create' | 'places';
export const CALLS: Record<CallName, string> = {
  avail: 'RoomAvailability (90 days)',
  maxdur: 'RoomAvailabilityMaxDuration',
  search: 'search (REST, 2 nights)',
  gqlsearch: 'ReservationSearch (GraphQL, 2 nights)',
  create: 'HotelCreateReservation',
  places: 'place search (suggestions, GET /places)',
};

/** What guests type into the place box (api/places): cities, landmarks, typos, prefixes, noise. */
const PLACE_QUERIES = [
  'jogja',
  'malioboro',
  'bali',
  'blok m',
  'tunjungan',
  'yogyakrta',
  'malio',
  'surabaya',
  'stasiun',
  'pontianak',
];
const calls = (arg('calls')?.split(',') ?? Object.keys(CALLS)) as CallName[];

export type Row = {
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
  /** Open loop (--rate): the requests a second offered; rps is then what was answered. */
  offered?: number;
};
/**
 * Which keys the requests spread over. Without it (the default, and the figures in the README) every
 * read call cycles through hotels 1 to 16 and one 90-day window (RoomAvailability), 30 start days
 * (RoomAvailabilityMaxDuration) or 20 stays (search), and every create books hotel 1's four room
 * types on 30 nights. With it, reads cycle through every hotel listed and `ranges` date offsets (each
 * hotel with each offset before a pair repeats), and creates through every room type listed: a cache
 * of answers meets as many keys as the stock has.
 */
export type Spread = {
  hotels: number[];
  /** Nightly room types to book (of daily hotels, with stock for the nights asked). */
  rooms: { hotelId: number; roomTypeId: number }[];
  /** Date offsets: windows start on today + 0 .. ranges - 1 (stays on + 1 ..). */
  ranges: number;
};
/** One server the client loads. */
export type Target = {
  base: string;
  clientToken: string;
  /** A JSON file of user tokens: an account holds at most 3 unpaid reservations, so creates rotate guests. */
  userTokensFile: string;
  apiKey: string;
  spread?: Spread;
};
export type ClientConfig = {
  /** One target, or two measured alternately in `rounds` rounds (bench:scale). */
  targets: Target[];
  today: string;
  call: CallName;
  /** Measured seconds per target (split over the rounds), after `warmup` seconds per target. */
  seconds: number;
  warmup: number;
  rounds?: number;
  /** Creates without an Idempotency-Key (--no-keys): the path of a client that sends none. */
  noKeys?: boolean;
  /**
   * Open loop (--rate=N): the i-th request leaves at start + i / rate whatever the answers (still at
   * most CONCURRENCY connections), and its latency counts from when it was due, so a server that
   * falls behind shows it in full. Without it, closed loop: CONCURRENCY connections back to back.
   */
  rate?: number;
};
export type ClientResult = {
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
// Load client (child process): `node scripts/bench-api.ts --client=<file of a ClientConfig's JSON>`.

/** The i-th request of a call to one target: which hotel, room type and dates (see `Spread`). */
export function requestKey(
  call: CallName,
  spreadOver: Spread | undefined,
  i: number,
): { hotelId: number; roomTypeId: number; offset: number } {
  if (!spreadOver) {
    if (call === 'create') return { hotelId: 1, roomTypeId: 11 + (i % 4), offset: i % 30 };
    const offset = call === 'avail' ? 0 : call === 'maxdur' ? i % 30 : i % 20;
    return { hotelId: 1 + (i % 16), roomTypeId: 0, offset };
  }
  if (call === 'create') {
    const room = spreadOver.rooms[i % spreadOver.rooms.length]!;
    return { ...room, offset: Math.floor(i / spreadOver.rooms.length) % spreadOver.ranges };
  }
  const n = spreadOver.hotels.length;
  return { hotelId: spreadOver.hotels[i % n]!, roomTypeId: 0, offset: Math.floor(i / n) % spreadOver.ranges };
}

export function requestFor(
  cfg: ClientConfig,
  target: Target,
  i: number,
): { path: string; headers: Record<string, string>; body: string; method?: 'GET' } {
  const today = Temporal.PlainDate.from(cfg.today);
  const day = (n: number) => today.add({ days: n }).toString();
  const auth = (token: string) => ({
    authorization: `Bearer ${token}`,
    'x-api-key': target.apiKey,
    'accept-language': 'id',
  });
  const gql = (token: string, path: string, query: string, input: unknown) => ({
    path,
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { input } }),
  });
  const { hotelId, roomTypeId, offset } = requestKey(cfg.call, target.spread, i);
  switch (cfg.call) {
    case 'avail':
      return gql(
        target.clientToken,
        '/api/gateway/open',
        'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date hotel_id is_blackout web_sellable_rooms } }',
        { hotel_id: hotelId, date_start: day(offset), date_end: day(offset + 89) },
      );
    case 'maxdur':
      return gql(
        target.clientToken,
        '/api/gateway/open',
        'query M($input: RoomAvailabilityMaxDurationInput!) { RoomAvailabilityMaxDuration(input: $input) { hotel_id date_start web_max_duration } }',
        { hotel_id: hotelId, date_start: day(offset) },
      );
    case 'search':
      return {
        path: '/api/clients/v1/search',
        headers: { ...auth(target.clientToken), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          hotelId: String(hotelId),
          checkInDateTime: `${day(1 + offset)} 14:00:00`,
          checkOutDateTime: `${day(3 + offset)} 12:00:00`,
        }).toString(),
      };
    case 'gqlsearch':
      return gql(
        target.clientToken,
        '/api/gateway/open',
        'query S($input: ReservationSearchInput!) { ReservationSearch(input: $input) { nights messagePromo hotel { id name timeZoneLabel } roomTypes { id name roomRemaining guestPrice guestPriceLabel roomPriceFake promotionPrice insurancePrice addOns { typeName items { itemName price } } } } }',
        {
          hotel_id: hotelId,
          check_in_date_time: `${day(1 + offset)} 14:00:00`,
          check_out_date_time: `${day(3 + offset)} 12:00:00`,
          is_used_gc: false,
        },
      );
    case 'places':
      return {
        method: 'GET',
        path: `/api/clients/v1/places?q=${encodeURIComponent(PLACE_QUERIES[i % PLACE_QUERIES.length]!)}`,
        headers: auth(target.clientToken),
        body: '',
      };
    case 'create': {
      const r = gql(
        guestTokens(target)[Math.floor(i / MAX_UNPAID_RESERVATIONS) % guestTokens(target).length]!,
        '/api/gateway/secure',
        'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
        {
          hotel_id: hotelId,
          room_type_id: roomTypeId,
          check_in_date_time: day(1 + offset),
          check_out_date_time: day(2 + offset),
          total_room: 1,
        },
      );
      // As the booking island sends it: a key of its own per attempt (api/http/idempotency.ts).
      return cfg.noKeys ? r : { ...r, headers: { ...r.headers, 'idempotency-key': randomUUID() } };
    }
  }
}

/**
 * Open loop: the i-th request leaves at `start + i * 1000 / rate` (performance.now() milliseconds)
 * until `end`, whatever the answers before it; `fire(i, due)` sends it and each promise goes into
 * `sent`. Resolves once the last has left (the answers may still be on their way).
 */
export async function openLoop(
  start: number,
  end: number,
  rate: number,
  sent: Promise<void>[],
  fire: (i: number, due: number) => Promise<void>,
): Promise<void> {
  for (let i = 0; ; i++) {
    const due = start + (i * 1000) / rate;
    if (due >= end) return;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    sent.push(fire(i, due));
  }
}

/** The rate a target row was measured at: closed loop, what was answered; open loop, what was offered. */
export function rateLabel(answered: number, offered?: number): string {
  return offered
    ? `${offered} req/s offered (open loop, ${answered.toFixed(0)} answered a second)`
    : `${answered.toFixed(0)} req/s`;
}

/** What `send` answers for a GraphQL response carrying `errors` (its HTTP status is 200). */
const GRAPHQL_ERROR = -1;

const guests = new Map<string, string[]>();
/** A target's guests' tokens, read once per client process; each books at most MAX_UNPAID_RESERVATIONS times. */
function guestTokens(target: Target): string[] {
  let list = guests.get(target.userTokensFile);
  if (!list)
    guests.set(target.userTokensFile, (list = JSON.parse(readFileSync(target.userTokensFile, 'utf8')) as string[]));
  return list;
}

/**
 * Load every target of `cfg` with one call: `warmup` seconds each (not recorded), then `seconds`
 * each, measured in `rounds` rounds that alternate between the targets (A B, B A, A B, ...), so a
 * slow phase of a shared machine falls on every target alike. One result per target.
 */
async function runClient(cfg: ClientConfig): Promise<ClientResult[]> {
  const rounds = Math.max(1, cfg.rounds ?? 1);
  const senders = cfg.targets.map((target) => {
    const url = new URL(target.base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const send = (i: number) =>
      new Promise<number>((resolve, reject) => {
        const r = requestFor(cfg, target, i);
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
            // A GraphQL answer reports a refusal (sold out, too many unpaid holds) with status 200 and
            // an `errors` member: read the body of those calls so a refusal counts as an error.
            let body = '';
            res.on('data', (d: Buffer) => {
              if (r.path.includes('/gateway/')) body += d.toString();
            });
            res.on('end', () => resolve(body.includes('"errors"') ? GRAPHQL_ERROR : (res.statusCode ?? 0)));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(r.body);
      });
    return { agent, send, counter: 0 };
  });
  const phase = async (t: number, ms: number, latencies: number[] | null) => {
    const sender = senders[t]!;
    let errors = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const status = await sender.send(sender.counter++);
            if (status >= 500 || status === GRAPHQL_ERROR) errors++;
          } catch {
            errors++;
          }
          if (latencies) latencies.push(performance.now() - t0);
        }
      }),
    );
    return errors;
  };
  const openPhase = async (t: number, ms: number, latencies: number[] | null, rate: number) => {
    const sender = senders[t]!;
    let errors = 0;
    const sent: Promise<void>[] = [];
    const start = performance.now();
    await openLoop(start, start + ms, rate, sent, (_, due) => {
      const answered = () => latencies?.push(performance.now() - due);
      return sender.send(sender.counter++).then(
        (status) => {
          if (status >= 500 || status === GRAPHQL_ERROR) errors++;
          answered();
        },
        () => {
          errors++;
          answered();
        },
      );
    });
    await Promise.all(sent);
    return errors;
  };
  const run = (t: number, ms: number, latencies: number[] | null) =>
    cfg.rate ? openPhase(t, ms, latencies, cfg.rate) : phase(t, ms, latencies);
  for (let t = 0; t < senders.length; t++) await run(t, cfg.warmup * 1000, null);
  const acc = senders.map(() => ({
    latencies: [] as number[],
    errors: 0,
    elapsed: 0,
    cpuMs: 0,
    measureStart: 0,
    measureEnd: 0,
  }));
  for (let round = 0; round < rounds; round++) {
    const order = senders.map((_, t) => t);
    if (round % 2 === 1) order.reverse();
    for (const t of order) {
      const a = acc[t]!;
      const cpu0 = process.cpuUsage();
      if (a.measureStart === 0) a.measureStart = Date.now();
      const started = performance.now();
      a.errors += await run(t, (cfg.seconds * 1000) / rounds, a.latencies);
      a.elapsed += (performance.now() - started) / 1000;
      a.measureEnd = Date.now();
      const cpu = process.cpuUsage(cpu0);
      a.cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  for (const s of senders) s.agent.destroy();
  return acc.map((a) => {
    const latencies = a.latencies.sort((x, y) => x - y);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    return {
      requests: latencies.length,
      elapsed: a.elapsed,
      p50: pct(50),
      p99: pct(99),
      errors: a.errors,
      cpuMs: a.cpuMs,
      measureStart: a.measureStart,
      measureEnd: a.measureEnd,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Server side: the API in this process, one client process per call.

/** Date offsets of --spread: 30 windows (RoomAvailability: 30 x 90-day windows from today). */
const SPREAD_RANGES = 30;

/** The hotels and the daily hotels' nightly room types of a database, for `Spread`. */
export async function spreadOf(database: Database, ranges: number): Promise<Spread> {
  const hotels = await database.executeSql('select id from hotels order by id');
  const rooms = await database.executeSql(
    `select rt.hotel_id, rt.id from room_types rt join hotels h on h.id = rt.hotel_id
      where h.type_id = 1 and rt.room_price_type = 'daily' order by rt.hotel_id, rt.id`,
  );
  return {
    hotels: hotels.rows.map((r) => Number(r.id)),
    rooms: rooms.rows.map((r) => ({ hotelId: Number(r.hotel_id), roomTypeId: Number(r.id) })),
    ranges,
  };
}

/**
 * Stock for the creates: the daily hotels' nightly room types sell a million rooms (and hours, where
 * the hotel sells day use too) on the next `days` nights, none of them closed, so every create
 * measures a hold, never a sold-out refusal.
 */
export async function giveStock(database: Database, today: string, days: number): Promise<void> {
  await database.executeSql(
    `update room_inventory ri set sellable = 1000000
       from room_types rt join hotels h on h.id = rt.hotel_id
      where rt.id = ri.room_type_id and h.type_id = 1 and rt.room_price_type = 'daily'
        and ri.date >= $1::date and ri.date < $1::date + $2::int`,
    [today, days],
  );
  // A hotel that also sells day use holds the hours of every night booked (room_hour_stock): those
  // hours sell a million too, or its nights would run out of hours (a sold-out refusal) mid-run.
  await database.executeSql(
    `update room_hour_stock s set sellable = 1000000
       from room_types rt join hotels h on h.id = rt.hotel_id
      where rt.id = s.room_type_id and h.type_id = 1 and rt.room_price_type = 'daily'
        and s.date >= $1::date and s.date < $1::date + $2::int`,
    [today, days + 1],
  );
  // A closed day refuses the nights that cover it: the bench books open nights.
  await database.executeSql(`delete from hotel_blackouts where date >= $1::date and date < $1::date + $2::int`, [
    today,
    days,
  ]);
}

/** Sign in `count` new guests (50 at a time) and write their user tokens to a JSON file; returns its path. */
export async function writeGuestTokens(deps: AppDeps, count: number): Promise<string> {
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const list: string[] = [];
  for (let i = 0; i < count; i += 50)
    list.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, () => tokensForTest(deps).then((g) => g.userToken!)),
      )),
    );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-guests-')), 'tokens.json');
  writeFileSync(file, JSON.stringify(list));
  return file;
}

const CLK_TCK = 100; // Linux USER_HZ: /proc/<pid>/stat reports utime/stime in 1/100 s.
/** CPU seconds used so far by local processes (PostgreSQL backends), or null when /proc cannot tell. */
export function procCpuMs(pids: number[]): Map<number, number> | null {
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

/** Run the load client in a process of its own (so it does not share a server's event loop). */
export function runClientProcess(cfg: ClientConfig): Promise<ClientResult[]> {
  return new Promise((resolve, reject) => {
    // A file, not an argument: a spread over a grown database lists thousands of room types.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-client-')), 'config.json');
    writeFileSync(file, JSON.stringify(cfg));
    const child = spawn(process.execPath, [import.meta.filename, `--client=${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('CLIENT_JSON '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('CLIENT_JSON '.length)) as ClientResult[]);
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
  const { seedDatabase } = await import('../api/seed/seed.ts');
  const { loadEnv } = await import('../api/platform/env.ts');

  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}),
  });
  const database = await openDatabase(kind === 'pglite' ? { DATA_DIR: 'memory://' } : env);
  const db = database.db;
  if (kind === 'postgres')
    await db.execute(
      sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
    );
  await migrate(database);
  const now = new Date();
  const today = jakartaToday(now);
  await seedDatabase(database, today);
  // The stock cache as `npm start` runs it (its LISTEN connection on PostgreSQL), unless --no-cache.
  const { startStockCache } = await import('../api/availability/stock-cache.ts');
  const stock = cache ? await startStockCache(database) : null;
  // Reservation creation must measure the hold, not sold-out refusals: give the bench hotels stock
  // on every night a create books (with --spread every daily hotel's; without, hotel 1's four room
  // types on 30 offsets), none of them closed. Before 2026-12-07 the plain run raised hotel 1's
  // nightly stock only, so a create on one of its seeded closed days was refused (about 3 %).
  await giveStock(database, today.toString(), SPREAD_RANGES + 2);
  if (!spread) await db.execute(sql`update room_inventory set sellable = 1000000, sold = 0 where hotel_id = 1`);
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
  const userTokensFile = await writeGuestTokens(deps, calls.includes('create') ? CREATE_GUESTS : 1);
  const target: Target = {
    base,
    clientToken: tokens.clientToken,
    userTokensFile,
    apiKey: tokens.apiKey,
    spread: spread ? await spreadOf(database, SPREAD_RANGES) : undefined,
  };
  // PostgreSQL backends serving this benchmark (the pool's connections), for CPU accounting. The one
  // asking counts too: left out, the pool connection that seeded (seconds of CPU) was missing from one
  // list and present in the next whenever another connection asked, and its whole CPU was counted.
  const backendPids = async () => {
    if (kind !== 'postgres') return [];
    const r = (await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    return r.rows.map((x) => Number(x.pid));
  };
  const rows: Row[] = [];
  try {
    for (const call of calls) {
      const cpu0 = process.cpuUsage();
      const pidsBefore = await backendPids();
      const db0 = procCpuMs(pidsBefore);
      const [result] = await runClientProcess({
        targets: [target],
        today: today.toString(),
        call,
        seconds,
        warmup,
        noKeys: process.argv.includes('--no-keys'),
        ...(rate ? { rate } : {}),
      });
      if (!result) throw new Error('the bench client measured nothing');
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
        ...(rate ? { offered: rate } : {}),
      });
    }
  } finally {
    await new Promise((r) => server.close(r));
    await stock?.close();
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

/** A target of issue 18 for `bench:api`: a p99 at most `p99Ms`, at `minRps` requests/s or more when given. */
export type Goal = { backend: 'pglite' | 'postgres'; call: CallName; p99Ms: number; minRps?: number };
export const TARGETS: Goal[] = [
  { backend: 'postgres', call: 'avail', p99Ms: 25, minRps: 5000 },
  { backend: 'postgres', call: 'search', p99Ms: 25, minRps: 5000 },
  { backend: 'postgres', call: 'gqlsearch', p99Ms: 25, minRps: 5000 },
  { backend: 'postgres', call: 'create', p99Ms: 100 },
  { backend: 'pglite', call: 'avail', p99Ms: 60 },
];
const BACKEND_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/**
 * Issue 31's targets for the database path alone (--no-cache --spread): what a cold key, a node whose
 * listener reconnects and the first read after a change get.
 */
export const DB_PATH_TARGETS: Goal[] = [
  { backend: 'postgres', call: 'avail', p99Ms: 25, minRps: 3000 },
  { backend: 'postgres', call: 'search', p99Ms: 25, minRps: 3000 },
  { backend: 'pglite', call: 'avail', p99Ms: 60 },
  { backend: 'pglite', call: 'search', p99Ms: 60 },
];

/**
 * One line per target: the goal, the measured value and met / not met (or not measured). An open-loop
 * row (--rate) is judged at the rate it offered: its p99 counts from when each request was due, so a
 * server that did not keep up fails on its p99.
 */
export function targetLines(rows: Row[], goals: Goal[] = TARGETS): string[] {
  return goals.map((g) => {
    const goal = `p99 <= ${g.p99Ms} ms${g.minRps ? ` at >= ${g.minRps} req/s` : ''}`;
    const label = `${BACKEND_NAMES[g.backend]} ${CALLS[g.call]}: ${goal}`;
    const row = rows.find((r) => r.backend === g.backend && r.call === CALLS[g.call]);
    if (!row) return `- ${label}: not measured`;
    const rps = row.offered ?? row.rps;
    const met = row.p99 <= g.p99Ms && (g.minRps === undefined || rps >= g.minRps) && row.errors === 0;
    const errors = row.errors > 0 ? `, ${row.errors} errors` : '';
    return `- ${label}: measured p99 ${row.p99.toFixed(1)} ms at ${rateLabel(row.rps, row.offered)}${errors}: ${met ? 'met' : 'NOT MET'}`;
  });
}

function report(rows: Row[]) {
  console.log(table(rows));
  console.log(
    cache
      ? '\nStock cache on (as `npm start` runs it; --no-cache reads past it).'
      : '\nStock cache off (--no-cache): every read goes to the database.',
  );
  console.log(
    `\nTargets (issue 18; keys: ${spread ? `--spread, every seeded hotel and ${SPREAD_RANGES} date offsets` : 'hotels 1-16, one 90-day window (RoomAvailability), creates on hotel 1; --spread for every hotel and 30 date offsets'}):`,
  );
  console.log(targetLines(rows).join('\n'));
  if (!cache) {
    console.log(
      `\nTargets of the database path (issue 31, item 3; --no-cache${spread ? ' --spread' : ', without --spread: not the keys the targets name'}):`,
    );
    console.log(targetLines(rows, DB_PATH_TARGETS).join('\n'));
  }
}

const clientArg = process.argv.find((a) => a.startsWith('--client='));
if (!import.meta.main) {
  // Imported (bench:scale, tests): the functions above only.
} else if (process.argv.includes('--mix')) {
  // Reads beside creates on two nodes with their jobs (scripts/bench-mix.ts, which uses this file's client).
  const mix = spawnSync(
    process.execPath,
    [new URL('./bench-mix.ts', import.meta.url).pathname, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(mix.status ?? 1);
} else if (clientArg) {
  const result = await runClient(JSON.parse(readFileSync(clientArg.slice('--client='.length), 'utf8')) as ClientConfig);
  console.log(`CLIENT_JSON ${JSON.stringify(result)}`);
} else if (backend === 'postgres' && !mayResetDatabaseUrl('bench:api')) {
  // No PostgreSQL given: a throwaway cluster (pg_virtualenv), as bench:scale and the tests take, over
  // its Unix socket; the same run inside it. Never PGlite's driver for a PostgreSQL reset.
  process.exit(onThrowawayPostgres(import.meta.filename, process.argv.slice(2)).status ?? 1);
} else if (backend === 'postgres' || backend === 'pglite') {
  const rows = await benchOne(backend);
  if (process.argv.includes('--json')) console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
  else report(rows);
} else {
  // Refused before the PGlite run: DATABASE_URL's schema is dropped only with --reset-database.
  const onDatabaseUrl = mayResetDatabaseUrl('bench:api');
  const rows = await benchOne('pglite');
  console.error('[bench] PGlite done; starting PostgreSQL...');
  const passOn = [
    `--seconds=${seconds}`,
    `--warmup=${warmup}`,
    `--calls=${calls.join(',')}`,
    ...(spread ? ['--spread'] : []),
    ...(cache ? [] : ['--no-cache']),
    ...(process.argv.includes('--no-keys') ? ['--no-keys'] : []),
    ...(rate ? [`--rate=${rate}`] : []),
  ];
  const pg = onDatabaseUrl
    ? spawnSync(process.execPath, [import.meta.filename, '--backend=postgres', '--json', RESET_DATABASE, ...passOn], {
        encoding: 'utf8',
        env: process.env,
      })
    : onThrowawayPostgres(import.meta.filename, ['--backend=postgres', '--json', ...passOn], { encoding: 'utf8' });
  const loopText = rate
    ? `open loop at ${rate} requests a second (latency from when each was due), at most ${CONCURRENCY}`
    : `${CONCURRENCY} concurrent`;
  const line = (pg.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (line) rows.push(...(JSON.parse(line.slice('BENCH_JSON '.length)) as Row[]));
  else console.error('[bench] PostgreSQL run failed:\n', pg.stderr?.slice(-2000));
  console.log(
    `\nAPI benchmark: ${loopText} keep-alive connections from a separate client process, ` +
      `${warmup}s warm-up + ${seconds}s per call, loopback HTTP, ${new Date().toISOString()}\n`,
  );
  report(rows);
}
