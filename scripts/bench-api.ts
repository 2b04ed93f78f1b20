// `npm run bench:api`: requests/s and p50/p99 latency for RoomAvailability, search and reservation
// creation at 50 concurrent connections over loopback HTTP, on embedded PGlite and on a real
// PostgreSQL (started with pg_virtualenv through scripts/with-postgres.ts, or DATABASE_URL).
// Not a test: it prints a table for the README. Options: --seconds=N (default 5), --backend=pglite|postgres.
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../api/app.ts';
import { tokensForTest } from '../api/auth/test-tokens.ts';
import { openDatabase } from '../api/db/client.ts';
import type { Db } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { jakartaToday } from '../api/db/prepare.ts';
import { seedDatabase } from '../api/db/seed.ts';
import { loadEnv } from '../api/env.ts';

const CONCURRENCY = 50;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(arg('seconds') ?? 5);
const backend = arg('backend');

type Row = { backend: string; call: string; requests: number; rps: number; p50: number; p99: number; errors: number };

async function load(name: string, backendName: string, send: (i: number) => Promise<Response>): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const i = counter++;
        const t0 = performance.now();
        try {
          const res = await send(i);
          await res.arrayBuffer();
          if (res.status >= 500) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { backend: backendName, call: name, requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'test', DATA_DIR: 'memory://', ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}) });
  const database = await openDatabase(kind === 'pglite' ? { DATA_DIR: 'memory://' } : env);
  const db = database.db as Db;
  if (kind === 'postgres') await db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`);
  await migrate(database);
  const now = new Date();
  const today = jakartaToday(now);
  await seedDatabase(database, today);
  // Reservation creation must measure the hold, not sold-out refusals: give the bench hotel stock.
  await db.execute(sql`update room_inventory set sellable = 1000000, sold = 0 where hotel_id = 1`);
  const deps = { env, database, now: () => new Date() };
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokens = await tokensForTest(deps);
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-api-key': tokens.apiKey, 'accept-language': 'id' });
  const day = (n: number) => today.add({ days: n }).toString();
  const rows: Row[] = [];
  try {
    rows.push(await load('RoomAvailability (90 days)', kind, (i) => fetch(`${base}/api/gateway/open`, {
      method: 'POST', headers: { ...headers(tokens.clientToken), 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date hotel_id is_blackout web_sellable_rooms } }', variables: { input: { hotel_id: 1 + (i % 16), date_start: day(0), date_end: day(89) } } }),
    })));
    rows.push(await load('search (REST, 2 nights)', kind, (i) => fetch(`${base}/api/clients/v1/search`, {
      method: 'POST', headers: { ...headers(tokens.clientToken), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ hotelId: String(1 + (i % 16)), checkInDateTime: `${day(1 + (i % 20))} 14:00:00`, checkOutDateTime: `${day(3 + (i % 20))} 12:00:00` }).toString(),
    })));
    rows.push(await load('HotelCreateReservation', kind, (i) => fetch(`${base}/api/gateway/secure`, {
      method: 'POST', headers: { ...headers(tokens.userToken!), 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }', variables: { input: { hotel_id: 1, room_type_id: 11 + (i % 4), check_in_date_time: day(1 + (i % 30)), check_out_date_time: day(2 + (i % 30)), total_room: 1 } } }),
    })));
  } finally {
    await new Promise((r) => server.close(r));
    await database.close();
  }
  return rows;
}

function table(rows: Row[]) {
  const lines = ['| backend | call | requests | req/s | p50 ms | p99 ms | 5xx/errors |', '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.backend} | ${r.call} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
  return lines.join('\n');
}

if (backend === 'postgres' || backend === 'pglite') {
  const rows = await benchOne(backend);
  if (process.argv.includes('--json')) console.log(`BENCH_JSON ${JSON.stringify(rows)}`);
  else console.log(table(rows));
} else {
  const rows = await benchOne('pglite');
  console.error('[bench] PGlite done; starting PostgreSQL...');
  const pg = process.env.DATABASE_URL
    ? spawnSync(process.execPath, [import.meta.filename, '--backend=postgres', '--json', `--seconds=${seconds}`], { encoding: 'utf8', env: process.env })
    : spawnSync(process.execPath, [new URL('./with-postgres.ts', import.meta.url).pathname, process.execPath, import.meta.filename, '--backend=postgres', '--json', `--seconds=${seconds}`], { encoding: 'utf8' });
  const line = (pg.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (line) rows.push(...(JSON.parse(line.slice('BENCH_JSON '.length)) as Row[]));
  else console.error('[bench] PostgreSQL run failed:\n', pg.stderr?.slice(-2000));
  console.log(`\nAPI benchmark: ${CONCURRENCY} concurrent connections, ${seconds}s per call, loopback HTTP, ${new Date().toISOString()}\n`);
  console.log(table(rows));
}
