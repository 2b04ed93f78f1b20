import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Temporal } from '../../core/temporal.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../../api/auth/test-tokens.ts';
import { openDatabase } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedDatabase } from '../../api/seed/seed.ts';
import { loadEnv } from '../../api/platform/env.ts';
import { jakartaToday } from '../../core/dates.ts';
import { SANDBOX_CLIENT_KEY, SANDBOX_SERVER_KEY, SandboxGateway } from '../../server/dev/sandbox-gateway.ts';
import { standInBuild, startNode } from '../helpers/node-process.ts';
import type { NodeProcess } from '../helpers/node-process.ts';
import { startCaddy, upstreamsClear, waitUntil } from './cluster.ts';
import type { Proc } from './cluster.ts';

// Issue 17, "Two nodes behind a real proxy": Debian's caddy on deploy/Caddyfile, a real PostgreSQL
// and two nodes (scripts/start.ts) on loopback. Guests book through the proxy (search, hold, charge,
// the bank pays and the gateway notifies through the proxy, the status page) while node A is killed
// with SIGKILL and started again, then node B is restarted with SIGTERM. Every journey ends with
// exactly one paid reservation, the proxy answers no 5xx while B drains and restarts, and whatever
// was acknowledged (a hold, a charge, a notification) is in the database at the end.
//
// The nodes run in development mode with TRUST_PROXY=loopback: production refuses any payment
// sandbox and the mail sink (server/modes.ts). Their gateway is the real Midtrans adapter, pointed
// (MIDTRANS_BASE_URL) at one sandbox gateway in this process that both nodes share, as both share
// Midtrans in production: the embedded per-process sandbox would know only its own node's charges.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:ops`');

const PORTS = { caddy: 4470, admin: 4471, a: 4472, b: 4473 };
const proxy = `http://127.0.0.1:${PORTS.caddy}`;
const GUESTS = 6;
const tag = randomBytes(4).toString('hex');
const dbName = `two_nodes_${tag}`;
const dbUrl = (() => {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: url });
const sandbox = new SandboxGateway();
let closeSandbox = async () => undefined as void;
const procs: (Proc | NodeProcess)[] = [];
const build = standInBuild(proxy, `two-nodes-${tag}`);
let nodeEnv: Record<string, string> = {};
const guests: { userId: number; token: string }[] = [];
let clientToken = '';
let apiKey = '';
let today = Temporal.PlainDate.from('2026-01-01');

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const env = loadEnv({ NODE_ENV: 'development', DATABASE_URL: dbUrl, DATA_DIR: 'memory://' });
  const database = await openDatabase(env);
  await migrate(database);
  today = Temporal.PlainDate.from(jakartaToday(new Date()).toString());
  await seedDatabase(database, jakartaToday(new Date()));
  const deps = { env, database, now: () => new Date() };
  const client = await tokensForTest(deps, { withUser: false });
  clientToken = client.clientToken;
  apiKey = client.apiKey;
  for (let i = 0; i < GUESTS; i++) {
    const g = await tokensForTest(deps);
    guests.push({ userId: g.userId!, token: g.userToken! });
  }
  await database.close();

  const server = await sandbox.listen();
  closeSandbox = server.close;
  nodeEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: dbUrl,
    SITE_URL: proxy,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'two-nodes-')),
    TRUST_PROXY: 'loopback',
    // Unready for two seconds before it stops accepting: Caddy's health check runs every second.
    SHUTDOWN_DELAY_SECONDS: '2',
    SITE_BUILD_DIR: build.dir,
    // Readiness answers are debug lines: kept, for the report of a failure below.
    LOG_LEVEL: 'debug',
    MIDTRANS_SERVER_KEY: SANDBOX_SERVER_KEY,
    MIDTRANS_CLIENT_KEY: SANDBOX_CLIENT_KEY,
    MIDTRANS_BASE_URL: server.baseUrl,
  };
}, 600_000);

afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  await closeSandbox();
  build.remove();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

type Logged = { at: number; method: string; path: string; status: number | 'network'; detail?: string };

describe('two nodes behind Caddy', () => {
  it('books through SIGKILL of one node and a SIGTERM restart of the other without losing anything', async () => {
    let a = await startNode(nodeEnv, { port: PORTS.a });
    procs.push(a);
    let b = await startNode(nodeEnv, { port: PORTS.b });
    procs.push(b);
    const caddy = await startCaddy({ port: PORTS.caddy, adminPort: PORTS.admin, nodes: [PORTS.a, PORTS.b] });
    procs.push(caddy);

    const log: Logged[] = [];
    /** A call through the proxy; 5xx and lost connections are retried (and logged) until `ms` pass. */
    async function api(method: string, path: string, o: { token?: string; form?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { 'accept-language': 'id', 'x-api-key': apiKey };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const body = o.form ? new URLSearchParams(o.form).toString() : undefined;
      if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
      const end = Date.now() + 60_000;
      for (;;) {
        let status: number | 'network' = 'network';
        let data: any = null;
        let detail = '';
        try {
          const res = await fetch(`${proxy}${path}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
          status = res.status;
          const text = await res.text();
          data = JSON.parse(text || 'null');
          // Who answered a 5xx: Caddy itself (no node to send it to) or a node (its JSON body).
          if (status >= 500) detail = `${res.headers.get('server') ?? ''} ${text.slice(0, 200)}`;
        } catch (error) {
          if (status === 'network') detail = String(error);
        }
        log.push({ at: Date.now(), method, path: path.split('?')[0]!, status, ...(detail ? { detail } : {}) });
        if (status !== 'network' && status < 500) return { status, data };
        if (Date.now() > end) throw new Error(`${method} ${path}: still ${status} after 60 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }

    // What the proxy acknowledged, to be found in the database at the end.
    const holds: { userId: number; id: number }[] = [];
    const charges: string[] = [];
    const notified: string[] = [];
    const journeys: { userId: number; reservationId: number; checkin: string; roomType: number }[] = [];
    let faultsDone = false;

    /**
     * Each guest books (night, room type) slots of its own in turn, moving on past a sold-out or
     * closed night (the seeded stock): slot k is night 1 + k/4 of room type 11 + k%4.
     */
    const cursor = guests.map(() => 4);
    const slot = (k: number) => ({ checkin: today.add({ days: Math.floor(k / 4) }), roomType: 11 + (k % 4) });
    async function journey(g: { userId: number; token: string }, index: number) {
      let { checkin, roomType } = slot(cursor[index]!);
      const search = await api('POST', '/api/clients/v1/search', {
        token: clientToken,
        form: {
          hotelId: '1',
          checkInDateTime: `${checkin} 14:00:00`,
          checkOutDateTime: `${checkin.add({ days: 1 })} 12:00:00`,
        },
      });
      expect(search.status).toBe(200);
      let hold: { status: number; data: any };
      for (;;) {
        ({ checkin, roomType } = slot(cursor[index]!++));
        hold = await api('POST', '/api/clients/v1/reservations/create', {
          token: g.token,
          form: {
            hotel_id: '1',
            room_type_id: String(roomType),
            check_in_date_time: checkin.toString(),
            check_out_date_time: checkin.add({ days: 1 }).toString(),
            total_room: '1',
          },
        });
        if (!(hold.status === 409 && hold.data?.code === 'sold_out' && cursor[index]! < 320)) break;
      }
      expect(hold.status, JSON.stringify(hold.data)).toBe(201);
      const reservationId = hold.data.data.id as number;
      holds.push({ userId: g.userId, id: reservationId });
      const charge = await api('POST', '/api/clients/v1/payment/charge', {
        token: g.token,
        form: { reservation_id: String(reservationId), payment_channel_code: 'bca_va', terms_accepted: 'true' },
      });
      expect(charge.status, JSON.stringify(charge.data)).toBe(200);
      const orderId = charge.data.data.order_id as string;
      charges.push(orderId);
      // The bank pays; the gateway's notification goes through the proxy (and may meet a dying node:
      // the status page's re-check with the gateway then settles the payment).
      const paid = await sandbox.act(orderId, 'pay').catch(() => ({ ok: false, httpStatus: 0 }));
      if (paid.httpStatus === 200) notified.push(orderId);
      await waitUntil(
        `reservation ${reservationId} paid`,
        async () => {
          const s = await api('GET', `/api/clients/v1/payment/status?reservationId=${reservationId}`, {
            token: g.token,
          });
          return s.status === 200 && s.data.data.result === 'success';
        },
        60_000,
      );
      journeys.push({ userId: g.userId, reservationId, checkin: checkin.toString(), roomType });
    }

    const guestsDone = guests.map(async (g, index) => {
      // At least two journeys each, and on until the faults are over, a guest every half second.
      for (let n = 0; n < 2 || !faultsDone; n++) {
        await journey(g, index);
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    // Awaited below, after the faults; a journey failing meanwhile is reported there.
    for (const done of guestsDone) done.catch(() => undefined);

    // Faults, while the journeys run. First node A dies without warning, and comes back.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await a.stop('SIGKILL')).toBeNull();
    await new Promise((r) => setTimeout(r, 3_000));
    a = await startNode(nodeEnv, { port: PORTS.a });
    procs.push(a);
    // Caddy's active check finds it ready again within its interval, and forgets its failures.
    await new Promise((r) => setTimeout(r, 1_500));
    await waitUntil('caddy clear of failures', upstreamsClear(PORTS.admin), 15_000);

    // Then node B is restarted with SIGTERM: it drains, exits 0, and comes back; no 5xx meanwhile.
    const sigtermFrom = Date.now();
    expect(await b.stop('SIGTERM')).toBe(0);
    b = await startNode(nodeEnv, { port: PORTS.b });
    procs.push(b);
    await new Promise((r) => setTimeout(r, 2_000));
    const sigtermTo = Date.now();
    faultsDone = true;
    await Promise.all(guestsDone);

    const duringSigterm = log.filter((l) => l.at >= sigtermFrom && l.at <= sigtermTo);
    expect(duringSigterm.length).toBeGreaterThan(10);
    // On a failure, what Caddy said about its nodes (health checks, failures; not its access log) and
    // what the nodes said around then (slow or failed answers, readiness, warnings).
    const caddySaid = caddy.notes().split('\n').slice(-30).join('\n');
    const nodesSaid = (['A', 'B'] as const)
      .flatMap((name) =>
        procs
          .filter((p): p is NodeProcess => 'logs' in p && p.port === PORTS[name === 'A' ? 'a' : 'b'])
          .flatMap((p) => p.logs())
          .filter((l) => Number(l.time) >= sigtermFrom - 5_000 && Number(l.time) <= sigtermTo)
          .filter((l) => Number(l.level) >= 40 || Number(l.ms) >= 500 || l.route === '/api/ready')
          .map((l) => `${name} ${JSON.stringify(l)}`)
          .slice(-30),
      )
      .join('\n');
    expect(
      duringSigterm.filter((l) => l.status === 'network' || l.status >= 500),
      `SIGTERM of B from ${sigtermFrom} to ${sigtermTo}; Caddy:\n${caddySaid}\nNodes:\n${nodesSaid}`,
    ).toEqual([]);

    // Every journey: exactly one paid reservation of that guest for that night, the one it booked.
    expect(journeys.length).toBeGreaterThanOrEqual(GUESTS * 2);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      for (const j of journeys) {
        const paid = await db.query<{ id: number }>(
          `select id from reservations
            where user_id = $1 and checkin_date = $2 and room_type_id = $3 and payment_status_id = 2`,
          [j.userId, j.checkin, j.roomType],
        );
        expect(
          paid.rows.map((r) => r.id),
          `guest ${j.userId} on ${j.checkin}`,
        ).toEqual([j.reservationId]);
      }
      // Nothing acknowledged is lost: each hold, charge and notification the proxy answered is stored.
      const ids = holds.map((h) => h.id);
      const stored = await db.query<{ n: number }>(`select count(*)::int as n from reservations where id = any($1)`, [
        ids,
      ]);
      expect(stored.rows[0]!.n).toBe(ids.length);
      const storedCharges = await db.query<{ order_id: string }>(
        `select order_id from payment_charges where order_id = any($1) and status = 'settlement'`,
        [charges],
      );
      expect(storedCharges.rows.map((r) => r.order_id).sort()).toEqual([...charges].sort());
      const storedNotifications = await db.query<{ order_id: string }>(
        `select distinct order_id from payment_notifications where order_id = any($1)`,
        [notified],
      );
      expect(storedNotifications.rows.map((r) => r.order_id).sort()).toEqual([...new Set(notified)].sort());
      // And no guest paid twice for anything.
      const twice = await db.query(`select id from reservations where payment_status_id = 5`);
      expect(twice.rows).toEqual([]);
    } finally {
      await db.end();
    }
    console.log(
      `[two-nodes] ${journeys.length} journeys, ${log.length} requests through the proxy; ` +
        `5xx or lost while A was killed: ${log.filter((l) => l.at < sigtermFrom && (l.status === 'network' || l.status >= 500)).length}; ` +
        `during the SIGTERM restart: ${duringSigterm.length} requests, none 5xx; notifications acknowledged ${notified.length}/${charges.length}`,
    );
  });
});
