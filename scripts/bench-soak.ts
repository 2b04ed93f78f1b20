// `npm run bench:soak -- --minutes N --rate R`: a mixed guest load at a fixed rate through one node
// (`npm start`, the built site and the API in one process) on a real PostgreSQL, for N minutes
// after a warm-up. It prints, per call, the requests, throughput, p50 and p99 and the errors, and
// the node's resident memory and open handles (file descriptors: sockets, files, pipes) at the
// start and the end of the measured run. Not a test: it prints a table for the README.
//
// The load is open-loop: a request leaves every 1/R s whatever the answers, as guests arrive, so a
// slow server meets a queue rather than a politely waiting client. The mix, per 20 requests:
// 7 pages (from the site's own sitemap), 6 searches (REST), 3 account reads (profile, points),
// and one booking of 4 steps (hold, charge by BCA VA, the bank paying through the sandbox's
// simulator, which notifies the node, and the status the status page polls).
// The node runs in development mode (the embedded sandbox gateway and mail sink: production refuses
// both), on PostgreSQL: a throwaway cluster through scripts/with-postgres.ts (its Unix socket), or
// DATABASE_URL with --reset-database (its schema is dropped and seeded!).
// Options: --minutes=N (default 2) --rate=R requests/s (default 200) --warmup=S seconds (default 30)
// --port=P (default: a free one).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Temporal } from '../core/temporal.ts';
import { mayResetDatabaseUrl, onThrowawayPostgres } from './bench-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const option = (name: string): string | undefined => {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = process.argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : process.argv[i + 1];
};
const minutes = Number(option('minutes') ?? 2);
const rate = Number(option('rate') ?? 200);
const warmupSeconds = Number(option('warmup') ?? 30);
if (!(minutes > 0) || !(rate > 0) || !(warmupSeconds >= 0)) {
  console.error('usage: npm run bench:soak -- --minutes N --rate R [--warmup S] [--port P]');
  process.exit(2);
}

type CallName = 'page' | 'search' | 'profile' | 'points' | 'hold' | 'charge' | 'pay' | 'status';
const CALL_LABEL: Record<CallName, string> = {
  page: 'page (sitemap URLs)',
  search: 'search (REST, 2 nights)',
  profile: 'my account',
  points: 'Bobopoints',
  hold: 'hold (reservation create)',
  charge: 'charge (BCA VA)',
  pay: 'bank pays (sandbox -> notification)',
  status: 'payment status',
};
/** One cycle of 20 requests; the booking steps take the oldest booking ready for them. */
const CYCLE: CallName[] = [
  'page',
  'search',
  'profile',
  'page',
  'search',
  'hold',
  'page',
  'search',
  'points',
  'page',
  'charge',
  'search',
  'page',
  'profile',
  'pay',
  'search',
  'page',
  'search',
  'status',
  'page',
];
/** Requests in flight past which a slot is counted as an error instead of being sent. */
const MAX_IN_FLIGHT = 2_000;

// ---------------------------------------------------------------------------------------------
// The node: /proc tells its resident memory and open file descriptors.

function nodeStats(pid: number): { rssMb: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return { rssMb: rssKb / 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms: number, child: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode}) before it served`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer 200 within ${ms / 1000} s`);
}

// ---------------------------------------------------------------------------------------------

async function soak(databaseUrl: string) {
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { seedDatabase } = await import('../api/seed/seed.ts');
  const { loadEnv } = await import('../api/platform/env.ts');
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const { jakartaToday } = await import('../core/dates.ts');
  const { MAX_UNPAID_RESERVATIONS } = await import('../core/contracts/booking.ts');
  const { MAX_CONNECTIONS_PER_CLIENT, MAX_REQUESTS_IN_FLIGHT_PER_CLIENT } =
    await import('../server/connection-guard.ts');

  // The database: fresh, migrated, seeded, with stock enough that every hold is a real hold.
  const env = loadEnv({ ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: 'memory://' });
  const database = await openDatabase(env);
  const db = database.db;
  await db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;`,
  );
  await migrate(database);
  const today = jakartaToday(new Date());
  await seedDatabase(database, today);
  await db.execute(sql`update room_inventory set sellable = 1000000, sold = 0`);
  await db.execute(sql`vacuum (analyze)`);
  const deps = { env, database, now: () => new Date() };
  const client = await tokensForTest(deps, { withUser: false });
  // A booking is paid within seconds, so a guest holds at most MAX_UNPAID_RESERVATIONS unpaid ones
  // when there are enough guests to rotate through before the first of their bookings is paid.
  const guests: { token: string }[] = [];
  for (let i = 0; i < 60; i++) guests.push({ token: (await tokensForTest(deps)).userToken! });
  void MAX_UNPAID_RESERVATIONS;
  await database.close();

  // The node, as `npm start` runs it (the site build is rebuilt first when stale).
  const port = Number(option('port') ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'soak-node-'));
  const node = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nodeErrors = '';
  node.stderr!.on('data', (d: Buffer) => (nodeErrors = (nodeErrors + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, 300_000, node);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname)
      .filter((p, i, all) => all.indexOf(p) === i)
      .slice(0, 40);
    if (pages.length === 0) pages.push('/', '/en/');

    // The load is many guests: 48 loopback addresses (127.0.2.1-48), each a client of its own with up
    // to 4 sockets, taken in turn. One address may hold MAX_CONNECTIONS_PER_CLIENT sockets and
    // MAX_REQUESTS_IN_FLIGHT_PER_CLIENT requests (server/connection-guard.ts): a queue at a slow
    // server waits for a free socket, and that wait counts in its latency.
    const addresses = Array.from(
      { length: 48 },
      (_, i) =>
        new http.Agent({
          keepAlive: true,
          maxSockets: Math.min(4, MAX_CONNECTIONS_PER_CLIENT, MAX_REQUESTS_IN_FLIGHT_PER_CLIENT),
          localAddress: `127.0.2.${i + 1}`,
        }),
    );
    let turn = 0;
    const send = (method: string, p: string, headers: Record<string, string> = {}, body?: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: p,
            method,
            agent: addresses[turn++ % addresses.length],
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          },
        );
        req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(body);
      });
    const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'id' };
    const asClient = { authorization: `Bearer ${client.clientToken}`, 'x-api-key': client.apiKey };
    const day = (n: number) => Temporal.PlainDate.from(today.toString()).add({ days: n }).toString();

    // Bookings move along: held -> charged -> paid -> (status read) done.
    type Booking = { guest: number; id?: number; orderId?: string };
    const held: Booking[] = [];
    const charged: Booking[] = [];
    const paid: Booking[] = [];
    let guestTurn = 0;
    let n = 0;

    /** One call; resolves with whether it answered as it should. */
    async function call(name: CallName, i: number): Promise<boolean> {
      const hotelId = 1 + (i % 16);
      switch (name) {
        case 'page': {
          const r = await send('GET', pages[i % pages.length]!, { 'accept-encoding': 'br, gzip' });
          return r.status === 200;
        }
        case 'search': {
          const r = await send(
            'POST',
            '/api/clients/v1/search',
            { ...asClient, ...FORM },
            form({
              hotelId: String(hotelId),
              checkInDateTime: `${day(1 + (i % 20))} 14:00:00`,
              checkOutDateTime: `${day(3 + (i % 20))} 12:00:00`,
            }),
          );
          return r.status === 200;
        }
        case 'profile':
        case 'points': {
          const g = guests[i % guests.length]!;
          const r = await send('GET', name === 'profile' ? '/api/clients/v1/my-account' : '/api/clients/v1/points', {
            authorization: `Bearer ${g.token}`,
            'accept-language': 'en',
          });
          return r.status === 200;
        }
        case 'hold': {
          const b: Booking = { guest: guestTurn++ % guests.length };
          const checkin = 1 + (i % 60);
          const r = await send(
            'POST',
            '/api/clients/v1/reservations/create',
            { authorization: `Bearer ${guests[b.guest]!.token}`, ...FORM },
            form({
              hotel_id: '1',
              room_type_id: String(11 + (i % 4)),
              check_in_date_time: day(checkin),
              check_out_date_time: day(checkin + 1),
              total_room: '1',
            }),
          );
          if (r.status !== 201) return false;
          b.id = (JSON.parse(r.text) as { data: { id: number } }).data.id;
          held.push(b);
          return true;
        }
        case 'charge': {
          const b = held.shift();
          if (!b) return call('search', i);
          const r = await send(
            'POST',
            '/api/clients/v1/payment/charge',
            { authorization: `Bearer ${guests[b.guest]!.token}`, ...FORM },
            form({ reservation_id: String(b.id), payment_channel_code: 'bca_va', terms_accepted: 'true' }),
          );
          if (r.status !== 200) return false;
          b.orderId = (JSON.parse(r.text) as { data: { order_id: string } }).data.order_id;
          charged.push(b);
          return true;
        }
        case 'pay': {
          const b = charged.shift();
          if (!b) return call('page', i);
          // The bank pays: the sandbox settles and sends its signed notification to the node.
          const r = await send('POST', `/dev/payment-simulator/${encodeURIComponent(b.orderId!)}/pay/`);
          const ok = r.status === 303;
          if (ok) paid.push(b);
          return ok;
        }
        case 'status': {
          const b = paid.shift();
          if (!b) return call('search', i);
          const r = await send('GET', `/api/clients/v1/payment/status?reservationId=${b.id}`, {
            authorization: `Bearer ${guests[b.guest]!.token}`,
            'accept-language': 'id',
          });
          return r.status === 200 && (JSON.parse(r.text) as { data: { result: string } }).data.result === 'success';
        }
      }
    }

    type Stat = { latencies: number[]; errors: number; examples: string[] };
    const run = async (seconds: number, record: boolean) => {
      const stats = new Map<CallName, Stat>();
      const statOf = (c: CallName) => {
        let s = stats.get(c);
        if (!s) stats.set(c, (s = { latencies: [], errors: 0, examples: [] }));
        return s;
      };
      let inFlight = 0;
      let overload = 0;
      const pending = new Set<Promise<void>>();
      const start = performance.now();
      const total = Math.round(seconds * rate);
      for (let k = 0; k < total; k++) {
        const due = start + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const i = n++;
        const name = CYCLE[i % CYCLE.length]!;
        if (inFlight >= MAX_IN_FLIGHT) {
          overload++;
          if (record) statOf(name).errors++;
          continue;
        }
        inFlight++;
        const t0 = performance.now();
        const p: Promise<void> = call(name, i)
          .then(
            (ok) => {
              if (!record) return;
              const s = statOf(name);
              s.latencies.push(performance.now() - t0);
              if (!ok) s.errors++;
            },
            (error: unknown) => {
              if (!record) return;
              const s = statOf(name);
              s.errors++;
              if (s.examples.length < 3) s.examples.push(String(error));
            },
          )
          .finally(() => {
            inFlight--;
            pending.delete(p);
          });
        pending.add(p);
      }
      await Promise.all(pending);
      return { stats, elapsed: (performance.now() - start) / 1000, overload };
    };

    console.error(`[soak] node on ${base} (pid ${node.pid}); warm-up ${warmupSeconds} s at ${rate}/s`);
    const before = nodeStats(node.pid!);
    await run(warmupSeconds, false);
    const start = nodeStats(node.pid!);
    console.error(`[soak] measuring ${minutes} min at ${rate}/s`);
    const samples: string[] = [];
    const sampler = setInterval(() => {
      const s = nodeStats(node.pid!);
      samples.push(`${s.rssMb.toFixed(0)}`);
    }, 30_000);
    const result = await run(minutes * 60, true);
    clearInterval(sampler);
    const end = nodeStats(node.pid!);
    for (const agent of addresses) agent.destroy();

    const lines = [
      `Soak: ${minutes} min at ${rate} requests/s (open loop, after a ${warmupSeconds} s warm-up), one node (npm start, development mode) on PostgreSQL, loopback HTTP, ${new Date().toISOString()}`,
      '',
      '| call | requests | req/s | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|',
    ];
    let all: number[] = [];
    let errors = 0;
    for (const name of Object.keys(CALL_LABEL) as CallName[]) {
      const s = result.stats.get(name);
      if (!s) continue;
      const l = s.latencies.sort((a, b) => a - b);
      all = all.concat(l);
      errors += s.errors;
      const pct = (p: number) => l[Math.min(l.length - 1, Math.floor((p / 100) * l.length))] ?? 0;
      lines.push(
        `| ${CALL_LABEL[name]} | ${l.length} | ${(l.length / result.elapsed).toFixed(1)} | ${pct(50).toFixed(1)} | ${pct(99).toFixed(1)} | ${s.errors} |`,
      );
      for (const e of s.examples) lines.push(`|   ${e.slice(0, 100)} | | | | | |`);
    }
    all.sort((a, b) => a - b);
    const pct = (p: number) => all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))] ?? 0;
    lines.push(
      `| **all** | ${all.length} | ${(all.length / result.elapsed).toFixed(1)} | ${pct(50).toFixed(1)} | ${pct(99).toFixed(1)} | ${errors} |`,
      '',
      `Node resident memory: ${before.rssMb.toFixed(0)} MB before the warm-up, ${start.rssMb.toFixed(0)} MB at the start, ${end.rssMb.toFixed(0)} MB at the end (${(((end.rssMb - start.rssMb) / start.rssMb) * 100).toFixed(1)} % after warm-up; every 30 s: ${samples.join(', ') || 'no sample'} MB).`,
      `Node open handles (file descriptors): ${before.fds} before the warm-up, ${start.fds} at the start, ${end.fds} at the end.`,
      `Slots not sent because ${MAX_IN_FLIGHT} requests were already in flight: ${result.overload}.`,
    );
    console.log(lines.join('\n'));
  } catch (error) {
    console.error(`[soak] failed: ${error instanceof Error ? error.message : String(error)}\n${nodeErrors}`);
    process.exitCode = 1;
  } finally {
    node.kill('SIGTERM');
    await new Promise((r) => node.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A throwaway PostgreSQL reached over its Unix socket (as a database on the same host usually is), or
// DATABASE_URL with --reset-database (scripts/bench-database.ts).
if (mayResetDatabaseUrl('bench:soak')) await soak(process.env.DATABASE_URL!);
else process.exit(onThrowawayPostgres(import.meta.filename, process.argv.slice(2)).status ?? 1);
