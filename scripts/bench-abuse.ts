// `npm run bench:abuse`: the attacks of issue 26 against one running node (`scripts/start.ts`, the
// built site and the API, development mode, on PostgreSQL), each next to a well-behaved guest. For
// every attack the guest's requests are measured twice, side by side: quiet (no attack) and during
// the attack; the table prints p50 and p99 of both, the ratio of the p99s (target: at most 2) and
// what the attacker's requests were answered. Not a test: it prints a table for the README.
//
// The node trusts 127.0.0.1 as its proxy (TRUST_PROXY), as a node behind Caddy does: attacks that
// a client behind the proxy makes with many forwarded addresses (an IPv6 /64, spread form senders)
// come through 127.0.0.1 with X-Forwarded-For; the others come straight from their own loopback
// address (127.0.4.x). The guest is 4 closed-loop connections from 127.0.3.1-4 asking, in turn, for
// the home page, the availability calendar, a search and their account. The attacker runs in a
// process of its own (this file with --attacker), so its work does not slow the guest's client.
//
// Each attack is sent open loop at --rate requests a second (default 200, at most 64 at once; the
// slow connections are 2,000 at once instead): one determined client. What each costs the node per
// request is what is measured; a flood past what a node can refuse cheaply belongs to the network's
// edge, not to a node.
//
// Options: --seconds=S per phase (default 8), --rate=R (default 200), --only=<attack,...>. The database: a throwaway
// PostgreSQL (scripts/with-postgres.ts), or DATABASE_URL with --reset-database (its schema is
// dropped and seeded!).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Temporal } from '../core/temporal.ts';
import { mayResetDatabaseUrl, onThrowawayPostgres } from './bench-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const option = (name: string): string | undefined => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a?.slice(a.indexOf('=') + 1);
};
const seconds = Number(option('seconds') ?? 8);
const rate = Number(option('rate') ?? 200);

/** What an attacker process is told (JSON in BENCH_ABUSE). */
type AttackConfig = {
  attack: AttackName;
  base: string;
  seconds: number;
  clientToken: string;
  apiKey: string;
  victim: { email: string };
  hoarders: string[];
  retrier: string;
  checkin: string;
  /** The attacker's requests a second. */
  rate: number;
};

const ATTACKS = {
  'graphql-fanout': 'GraphQL fan-out document (30 levels of fragments, each spreading the next twice)',
  'webhook-body': 'content webhook, 8 MB streamed unsigned bodies',
  'slow-connections': '2,000 idle or trickling connections from one address (direct)',
  'sign-in-guesses': 'wrong passwords for one account, up to 50 at once',
  'ipv6-rotation': 'wrong passwords, each from a new address of one IPv6 /64',
  hoarding: '3 accounts holding 10 pods each at one hotel, again and again',
  'idempotent-retries': 'one create with one Idempotency-Key, sent again and again',
  'form-flood': 'contact form posts from spread addresses (forwarded)',
} as const;
type AttackName = keyof typeof ATTACKS;

// ---------------------------------------------------------------------------------------------
// HTTP

type Answer = { status: number | 'error'; ms: number; code?: string };

function request(
  base: string,
  o: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer | ((req: http.ClientRequest) => void);
    agent?: http.Agent;
    localAddress?: string;
  },
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const url = new URL(o.path, base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: o.method ?? 'GET',
        headers: o.headers,
        agent: o.agent ?? false,
        localAddress: o.agent ? undefined : o.localAddress,
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          if (text.length < 200) text += d.toString();
        });
        const code = () => /"code":"([a-z_]+)"/.exec(text)?.[1];
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, code: code() }));
        res.on('error', () => resolve({ status: 'error', ms: performance.now() - t0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 'error', ms: performance.now() - t0 }));
    if (typeof o.body === 'function') o.body(req);
    else req.end(o.body);
  });
}

// ---------------------------------------------------------------------------------------------
// The attacker (a process of its own)

async function attacker(cfg: AttackConfig): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const count = (s: number | string) => (statuses[String(s)] = (statuses[String(s)] ?? 0) + 1);
  const end = Date.now() + cfg.seconds * 1000;
  const api = { 'x-api-key': cfg.apiKey, 'content-type': 'application/json' };
  // Open loop: `rate` requests a second whatever the answers, at most `maxInFlight` at once (a slot
  // that finds them all busy is counted, not sent).
  const loops = async (maxInFlight: number, one: (i: number) => Promise<void>) => {
    const started = Date.now();
    const pending = new Set<Promise<void>>();
    let sent = 0;
    while (Date.now() < end) {
      const due = Math.floor(((Date.now() - started) / 1000) * cfg.rate);
      for (; sent < due; sent++) {
        if (pending.size >= maxInFlight) {
          count('not sent (all in flight)');
          continue;
        }
        const p: Promise<void> = one(sent).finally(() => pending.delete(p));
        pending.add(p);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(pending);
  };
  const from = (i: number) => `127.0.4.${(i % 250) + 1}`;
  let serial = 0;

  switch (cfg.attack) {
    case 'graphql-fanout': {
      const levels = 30;
      const query =
        `query { ...F0 }\n` +
        Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join('\n') +
        `\nfragment F${levels} on Query { Promotions { id } }`;
      const body = JSON.stringify({ query });
      await loops(64, async (i) => {
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/gateway/open',
          headers: { ...api, authorization: `Bearer ${cfg.clientToken}` },
          body,
          localAddress: from(i),
        });
        count(r.status);
      });
      break;
    }
    case 'webhook-body': {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      await loops(64, async (i) => {
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/hooks/sanity',
          headers: { 'content-type': 'application/json', 'sanity-webhook-signature': 't=1,v1=forged' },
          localAddress: from(i),
          body: (req) => {
            let sent = 0;
            const more = () => {
              while (sent < 128 && !req.destroyed) {
                sent++;
                if (!req.write(chunk)) return void req.once('drain', more);
              }
              req.end();
            };
            more();
          },
        });
        count(r.status);
      });
      break;
    }
    case 'slow-connections': {
      const sockets: net.Socket[] = [];
      for (let i = 0; i < 2_000; i++) {
        const s = net.connect({
          host: new URL(cfg.base).hostname,
          port: Number(new URL(cfg.base).port),
          localAddress: '127.0.4.1',
        });
        s.on('error', () => undefined);
        s.on('close', () => count('closed by the node'));
        if (i % 3 === 1) s.write('GET /api/health HTTP/1.1\r\nHost: bench\r\nX-A: ');
        if (i % 3 === 2)
          s.write(
            `POST /api/events HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n{"a":`,
          );
        sockets.push(s);
        count('opened');
      }
      const drip = setInterval(() => {
        for (const [i, s] of sockets.entries()) if (i % 3 !== 0 && !s.destroyed) s.write('a');
      }, 2_000);
      await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())));
      clearInterval(drip);
      for (const s of sockets) s.destroy();
      break;
    }
    case 'sign-in-guesses': {
      await loops(50, async () => {
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/auth/login',
          headers: { ...api, authorization: `Bearer ${cfg.clientToken}` },
          body: JSON.stringify({ username: cfg.victim.email, password: `guess-${serial++}` }),
          localAddress: '127.0.4.2',
        });
        count(r.status);
      });
      break;
    }
    case 'ipv6-rotation': {
      await loops(64, async () => {
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            ...api,
            authorization: `Bearer ${cfg.clientToken}`,
            'x-forwarded-for': `2001:db8:77:1:${(serial++ % 65536).toString(16)}::${(serial % 997).toString(16)}`,
          },
          body: JSON.stringify({ username: `nobody-${serial}@example.com`, password: 'wrong-password' }),
          localAddress: '127.0.0.1',
        });
        count(r.status);
      });
      break;
    }
    case 'hoarding':
    case 'idempotent-retries': {
      const checkin = Temporal.PlainDate.from(cfg.checkin);
      await loops(64, async (i) => {
        const hoarding = cfg.attack === 'hoarding';
        const token = hoarding ? cfg.hoarders[i % cfg.hoarders.length]! : cfg.retrier;
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/clients/v1/reservations/create',
          headers: {
            ...api,
            authorization: `Bearer ${token}`,
            'idempotency-key': hoarding ? `hoard-${serial++}` : 'the-same-create',
          },
          body: JSON.stringify({
            hotel_id: 1,
            room_type_id: 11,
            check_in_date_time: checkin.toString(),
            check_out_date_time: checkin.add({ days: 1 }).toString(),
            total_room: hoarding ? 10 : 1,
          }),
          localAddress: from(i),
        });
        count(r.code ? `${r.status} ${r.code}` : r.status);
      });
      break;
    }
    case 'form-flood': {
      const session = await fetch(`${cfg.base}/api/forms/contact/session`).then(
        (r) => r.json() as Promise<{ token?: string; data?: { token?: string } }>,
      );
      const token = session.token ?? session.data?.token ?? '';
      // A fill-time token is accepted only some seconds after the page was rendered.
      await new Promise((r) => setTimeout(r, 4_000));
      await loops(64, async () => {
        const n = serial++;
        const r = await request(cfg.base, {
          method: 'POST',
          path: '/api/forms/contact',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: new URLSearchParams({
            name: 'Flood',
            email: `flood-${n}@example.com`,
            phone: '081234567890',
            subject: 'Hello',
            message: 'A message sent by the abuse benchmark.',
            token,
          }).toString(),
          localAddress: '127.0.0.1',
        });
        count(r.status);
      });
      break;
    }
  }
  return statuses;
}

// ---------------------------------------------------------------------------------------------
// The guest, and the run

type Guest = { base: string; clientToken: string; userToken: string; apiKey: string; checkin: string };

/** The well-behaved guest: 4 connections (each its own address), closed loop, for `ms`. */
async function guestLoad(g: Guest, ms: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const checkin = Temporal.PlainDate.from(g.checkin);
  const api = { 'x-api-key': g.apiKey, 'accept-language': 'id' };
  const calls = [
    () => ({ path: '/' }),
    () => ({
      path: `/api/clients/v1/availability?hotel_id=1&date_start=${checkin}&date_end=${checkin.add({ days: 30 })}`,
      headers: { ...api, authorization: `Bearer ${g.clientToken}` },
    }),
    () => ({
      method: 'POST',
      path: '/api/clients/v1/search',
      headers: { ...api, authorization: `Bearer ${g.clientToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        hotelId: 1,
        checkInDateTime: checkin.toString(),
        checkOutDateTime: checkin.add({ days: 2 }).toString(),
      }),
    }),
    () => ({ path: '/api/clients/v1/my-account', headers: { ...api, authorization: `Bearer ${g.userToken}` } }),
  ];
  await Promise.all(
    Array.from({ length: 4 }, async (_, c) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.3.${c + 1}` });
      for (let i = c; performance.now() < end; i++) {
        const r = await request(g.base, { ...calls[i % calls.length]!(), agent });
        latencies.push(r.ms);
        if (r.status === 'error' || r.status >= 400) errors++;
      }
      agent.destroy();
    }),
  );
  return { latencies, errors };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function runAttacker(cfg: AttackConfig): { child: ChildProcess; done: Promise<Record<string, number>> } {
  const child = spawn(process.execPath, [import.meta.filename, '--attacker'], {
    cwd: root,
    env: { ...process.env, BENCH_ABUSE: JSON.stringify(cfg) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<Record<string, number>>((resolve) =>
    child.once('exit', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, number>);
      } catch {
        resolve({ 'no report': 1 });
      }
    }),
  );
  return { child, done };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function bench(databaseUrl: string) {
  const { openDatabase } = await import('../api/db/client.ts');
  const { migrate } = await import('../api/db/migrate.ts');
  const { seedDatabase } = await import('../api/seed/seed.ts');
  const { loadEnv, EMBEDDED_SECRETS } = await import('../api/platform/env.ts');
  const { tokensForTest } = await import('../api/auth/test-tokens.ts');
  const { users } = await import('../api/auth/auth.schema.ts');
  const { eq } = await import('drizzle-orm');
  const { jakartaToday } = await import('../core/dates.ts');

  const env = loadEnv({ ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: 'memory://' });
  const database = await openDatabase(env);
  await database.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;`,
  );
  await migrate(database);
  const today = jakartaToday(new Date());
  await seedDatabase(database, today);
  const checkin = Temporal.PlainDate.from(today.toString()).add({ days: 14 }).toString();
  const deps = { env, database, now: () => new Date() };
  const guest = await tokensForTest(deps);
  const victim = await tokensForTest(deps);
  const [victimRow] = await database.db.select().from(users).where(eq(users.id, victim.userId!));
  const hoarders = [];
  for (let i = 0; i < 3; i++) hoarders.push((await tokensForTest(deps)).userToken!);
  const retrier = (await tokensForTest(deps)).userToken!;
  await database.close();

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'abuse-node-'));
  const node = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nodeErrors = '';
  node.stderr!.on('data', (d: Buffer) => (nodeErrors = (nodeErrors + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    const up = Date.now() + 600_000;
    for (;;) {
      if (node.exitCode !== null) throw new Error(`the node exited (${node.exitCode})`);
      const ok = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > up) throw new Error('the node did not become ready within 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    const clientToken = (
      (await (
        await fetch(`${base}/api/oauth2/token`, {
          method: 'POST',
          headers: { 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const g: Guest = { base, clientToken, userToken: guest.userToken!, apiKey: EMBEDDED_SECRETS.WEB_API_KEY, checkin };
    // Warm-up: the guest's calls, the node's caches and JIT.
    await guestLoad(g, 3_000);

    const only = option('only')?.split(',');
    const names = (Object.keys(ATTACKS) as AttackName[]).filter((n) => !only || only.includes(n));
    const lines = [
      `Abuse benchmark: one node (scripts/start.ts, development mode) on PostgreSQL, loopback HTTP; the guest: 4 closed-loop connections (home page, calendar, search, account in turn); each attack open loop at ${rate} requests/s; ${seconds} s quiet then ${seconds} s under attack (after a 2 s ramp), per attack; ${new Date().toISOString()}`,
      '',
      '| attack | quiet p50 / p99 ms | under attack p50 / p99 ms | p99 ratio | guest errors (quiet / attack) | attacker answered |',
      '|---|---:|---:|---:|---:|---|',
    ];
    for (const name of names) {
      const quiet = await guestLoad(g, seconds * 1000);
      const { done } = runAttacker({
        attack: name,
        base,
        seconds: seconds + 2 + (name === 'form-flood' ? 4 : 0),
        clientToken,
        apiKey: EMBEDDED_SECRETS.WEB_API_KEY,
        victim: { email: victimRow!.email },
        hoarders,
        retrier,
        checkin,
        rate,
      });
      await new Promise((r) => setTimeout(r, name === 'form-flood' ? 6_000 : 2_000));
      const loud = await guestLoad(g, seconds * 1000);
      const answered = await done;
      const q = quiet.latencies.sort((a, b) => a - b);
      const l = loud.latencies.sort((a, b) => a - b);
      const ratio = pct(l, 99) / pct(q, 99);
      lines.push(
        `| ${ATTACKS[name]} | ${pct(q, 50).toFixed(1)} / ${pct(q, 99).toFixed(1)} | ${pct(l, 50).toFixed(1)} / ${pct(l, 99).toFixed(1)} | ${ratio.toFixed(2)}${ratio <= 2 ? '' : ' (over 2)'} | ${quiet.errors} / ${loud.errors} | ${Object.entries(
          answered,
        )
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')} |`,
      );
      console.error(lines.at(-1));
      // Let the node settle (closing sockets, the outbox) before the next quiet phase.
      await new Promise((r) => setTimeout(r, 3_000));
    }
    console.log(lines.join('\n'));
  } catch (error) {
    console.error(`[abuse] failed: ${error instanceof Error ? error.message : String(error)}\n${nodeErrors}`);
    process.exitCode = 1;
  } finally {
    node.kill('SIGTERM');
    await new Promise((r) => node.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--attacker')) {
  const report = await attacker(JSON.parse(process.env.BENCH_ABUSE!) as AttackConfig);
  console.log(JSON.stringify(report));
} else if (mayResetDatabaseUrl('bench:abuse')) {
  await bench(process.env.DATABASE_URL!);
} else {
  process.exit(
    onThrowawayPostgres(import.meta.filename, process.argv.slice(2), { stdio: 'inherit', cwd: root }).status ?? 1,
  );
}
