import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
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
import { standInBuild, startNode } from '../helpers/node-process.ts';
import type { NodeProcess } from '../helpers/node-process.ts';
import { startCaddy } from './cluster.ts';
import { MAX_REQUESTS_IN_FLIGHT_PER_CLIENT } from '../../server/connection-guard.ts';
import type { Proc } from './cluster.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:ops`');

const PORTS = { caddy: 4490, admin: 4491, a: 4492, b: 4493 };
const proxy = `http://127.0.0.1:${PORTS.caddy}`;
const ATTACKER = '127.0.0.2';
const GUEST = '127.0.0.3';
const tag = randomBytes(4).toString('hex');
const dbName = `slow_clients_${tag}`;
const dbUrl = (() => {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const admin = new pg.Client({ connectionString: url });
const procs: (Proc | NodeProcess)[] = [];
const build = standInBuild(proxy, `slow-clients-${tag}`);
let guest = { userId: 0, token: '' };
let apiKey = '';
let checkin = Temporal.PlainDate.from('2026-01-01');

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const env = loadEnv({ NODE_ENV: 'development', DATABASE_URL: dbUrl, DATA_DIR: 'memory://' });
  const database = await openDatabase(env);
  await migrate(database);
  const today = jakartaToday(new Date());
  await seedDatabase(database, today);
  checkin = Temporal.PlainDate.from(today.toString()).add({ days: 12 });
  const g = await tokensForTest({ env, database, now: () => new Date() });
  guest = { userId: g.userId!, token: g.userToken! };
  apiKey = g.apiKey;
  await database.close();
}, 600_000);

afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  build.remove();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
});

/** One request from `from` through the proxy; resolves with its status and body, or 'no answer'. */
function call(
  from: string,
  method: string,
  pathname: string,
  o: { headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number | 'no answer'; body: string }>((resolve) => {
    const req = http.request(
      `${proxy}${pathname}`,
      { method, localAddress: from, headers: o.headers, agent: false, timeout: 20_000 },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: 'no answer', body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 'no answer', body: String(e) }));
    req.end(o.body);
  });
}

const FORM = 'application/x-www-form-urlencoded';
const BOUNDARY = 'slowslowslow';
const KINDS = ['idle', 'slow-headers', 'slow-small-body', 'slow-large-body'] as const;
type Kind = (typeof KINDS)[number];
type Held = { socket: net.Socket; kind: Kind; answer: string; closed: boolean };

/**
 * The attacker's connections, from one address, in four kinds: idle (connected, nothing sent);
 * trickling its request head; a small reservation body trickled; a large partnership proposal whose
 * first 70 KB come at once and the rest trickles (so it reaches a node and holds a request there).
 * Every 2 s each trickling connection sends one more byte.
 */
async function holdConnections(count: number): Promise<{ held: Held[]; drip: NodeJS.Timeout }> {
  const held: Held[] = [];
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length];
    const socket = net.connect({ host: '127.0.0.1', port: PORTS.caddy, localAddress: ATTACKER });
    const h: Held = { socket, kind, answer: '', closed: false };
    socket.on('error', () => undefined);
    socket.on('data', (d: Buffer) => (h.answer += d.toString('latin1')));
    socket.on('close', () => (h.closed = true));
    await new Promise<void>((resolve) => {
      socket.once('connect', () => resolve());
      socket.once('error', () => resolve());
    });
    if (kind === 'slow-headers') socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: `);
    if (kind === 'slow-small-body')
      socket.write(
        `POST /api/clients/v1/reservations/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${guest.token}\r\nX-Api-Key: ${apiKey}\r\nContent-Type: ${FORM}\r\nContent-Length: 20000\r\n\r\nhotel_id=1`,
      );
    if (kind === 'slow-large-body')
      socket.write(
        `POST /api/clients/v1/my-account/upload-profile-picture HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${guest.token}\r\nX-Api-Key: ${apiKey}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 1000000\r\n\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` +
          'x'.repeat(70_000),
      );
    held.push(h);
  }
  const drip = setInterval(() => {
    for (const h of held) if (h.kind !== 'idle' && !h.closed) h.socket.write('a');
  }, 2_000);
  return { held, drip };
}

describe('one client holding 2,000 slow or idle connections through Caddy', () => {
  it("does not stop another client's journey", { timeout: 300_000 }, async () => {
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      SITE_URL: proxy,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'slow-clients-')),
      TRUST_PROXY: 'loopback',
      SITE_BUILD_DIR: build.dir,
    };
    const a = await startNode(env, { port: PORTS.a });
    procs.push(a);
    const b = await startNode(env, { port: PORTS.b });
    procs.push(b);
    const caddy = await startCaddy({ port: PORTS.caddy, adminPort: PORTS.admin, nodes: [PORTS.a, PORTS.b] });
    procs.push(caddy);

    const { held, drip } = await holdConnections(2_000);
    try {
      const ofKind = (kind: Kind) => held.filter((h) => h.kind === kind);
      await new Promise((r) => setTimeout(r, 3_000));
      // Caddy holds every connection that has not sent a whole request yet: the attacker has them all.
      const waiting = held.filter((h) => h.kind !== 'slow-large-body');
      expect(waiting.filter((h) => !h.closed).length).toBe(waiting.length);

      // The other client, meanwhile: the API answers, the stock is read, a hold is made.
      const headers = { 'x-api-key': apiKey, authorization: `Bearer ${guest.token}`, 'accept-language': 'id' };
      const health = await call(GUEST, 'GET', '/api/health');
      const rooms = await call(
        GUEST,
        'GET',
        `/api/clients/v1/availability?hotel_id=1&date_start=${checkin}&date_end=${checkin.add({ days: 1 })}`,
        { headers },
      );
      const made = await call(GUEST, 'POST', '/api/clients/v1/reservations/create', {
        headers: { ...headers, 'content-type': FORM, 'idempotency-key': `slow-${tag}` },
        body: new URLSearchParams({
          hotel_id: '1',
          room_type_id: '11',
          check_in_date_time: checkin.toString(),
          check_out_date_time: checkin.add({ days: 1 }).toString(),
          total_room: '1',
        }).toString(),
      });
      expect([health.status, rooms.status, made.status], made.body.slice(0, 300)).toEqual([200, 200, 201]);

      // The large trickled bodies reached the nodes, which hold at most 32 requests of this client
      // each: the rest were refused at once (429), their bodies unread.
      const large = ofKind('slow-large-body');
      const status = (h: Held) => h.answer.slice(0, 12) || '(no answer yet)';
      const outcomes = new Map<string, number>();
      for (const h of large) outcomes.set(status(h), (outcomes.get(status(h)) ?? 0) + 1);
      const stillSending = large.filter((h) => h.answer === '');
      expect(stillSending.length).toBeLessThanOrEqual(2 * MAX_REQUESTS_IN_FLIGHT_PER_CLIENT);
      // The rest were refused with 429, and on connections left open (the node discards the rest of
      // the body): a node that cut them off mid-body would have been taken for dead by Caddy's passive
      // health check, and Caddy would have answered 502 or 503.
      const refused = large.filter((h) => status(h) === 'HTTP/1.1 429');
      expect(refused.length, JSON.stringify([...outcomes])).toBe(large.length - stillSending.length);
      expect(refused[0]!.answer).toContain('"code":"too_many_requests"');

      // Caddy closes what has not sent a whole request head within 10 s (idle or trickling), and a
      // small body is read by Caddy alone (buffered) until its own deadline: no node ever saw them.
      await new Promise((r) => setTimeout(r, 10_000));
      const lingering = [...ofKind('idle'), ...ofKind('slow-headers')].filter((h) => !h.closed);
      expect(lingering.length, 'idle and trickled heads still open after 13 s').toBe(0);
      const logged = [a, b].flatMap((node) => node.logs()).filter((l) => l.msg === 'request');
      expect(logged.filter((l) => l.route === '/api/clients/v1/reservations/create' && l.status !== 201)).toEqual([]);
    } finally {
      clearInterval(drip);
      for (const h of held) h.socket.destroy();
    }
  });
});
