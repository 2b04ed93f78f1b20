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
import { standInBuild, startNode } from '../helpers/node-process.ts';
import type { NodeProcess } from '../helpers/node-process.ts';
import { startCaddy } from './cluster.ts';
import type { Proc } from './cluster.ts';

// Issue 26, item 7: a retried create books once. Two nodes behind Debian's Caddy (deploy/Caddyfile)
// on real PostgreSQL. A guest's create reaches node A, which commits the hold and is killed
// (SIGKILL, TEST_CRASH_AFTER_COMMIT) before it answers: the guest sees no answer. The guest sends
// the same request with the same Idempotency-Key; the proxy gives it to node B, which answers with
// the reservation A made (201, Idempotent-Replayed), and the guest holds one reservation.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:ops`');

const PORTS = { caddy: 4480, admin: 4481, a: 4482, b: 4483 };
const proxy = `http://127.0.0.1:${PORTS.caddy}`;
const tag = randomBytes(4).toString('hex');
const dbName = `idempotent_${tag}`;
const dbUrl = (() => {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const admin = new pg.Client({ connectionString: url });
const procs: (Proc | NodeProcess)[] = [];
const build = standInBuild(proxy, `idempotent-${tag}`);
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
  checkin = Temporal.PlainDate.from(today.toString()).add({ days: 10 });
  const deps = { env, database, now: () => new Date() };
  const g = await tokensForTest(deps);
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

describe('a create whose answer was lost', () => {
  it('is answered on the retry, by the other node, with the reservation the killed node made', async () => {
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      SITE_URL: proxy,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'idempotent-')),
      TRUST_PROXY: 'loopback',
      SITE_BUILD_DIR: build.dir,
      TEST_CRASH_AFTER_COMMIT: '1',
    };
    const a = await startNode(env, { port: PORTS.a });
    procs.push(a);
    const b = await startNode(env, { port: PORTS.b });
    procs.push(b);
    const caddy = await startCaddy({ port: PORTS.caddy, adminPort: PORTS.admin, nodes: [PORTS.a, PORTS.b] });
    procs.push(caddy);

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    db.on('error', () => undefined);
    try {
      await db.query(`update room_inventory set sold = 0 where hotel_id = 1 and date = $1`, [checkin.toString()]);
      const held = async () =>
        (await db.query(`select id from reservations where user_id = $1`, [guest.userId])).rows.map(
          (r) => r.id as number,
        );

      const form = new URLSearchParams({
        hotel_id: '1',
        room_type_id: '11',
        check_in_date_time: checkin.toString(),
        check_out_date_time: checkin.add({ days: 1 }).toString(),
        total_room: '1',
      }).toString();
      const send = (headers: Record<string, string>, base = proxy) =>
        fetch(`${base}/api/clients/v1/reservations/create`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${guest.token}`,
            'x-api-key': apiKey,
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': 'lost-answer-1',
            ...headers,
          },
          body: form,
          signal: AbortSignal.timeout(30_000),
        });

      // Straight to node A (the proxy would pick either): it commits, then dies unanswered.
      const lost = await send({ 'x-test-crash-after-commit': '1' }, a.base).then(
        (r) => r.status,
        () => 'no answer',
      );
      expect(lost).toBe('no answer');
      expect(await a.exited).toBeNull();
      const made = await held();
      expect(made).toHaveLength(1);

      // The retry through the proxy: only node B is left to answer it. Caddy 2.6 may answer the first
      // retry itself with a 502: it dialled the dead node, and Go's transport closed the body it then
      // sent to B empty (caddyserver/caddy#7546). The island sends 502-504 again with the same key,
      // and so does this guest.
      let retry = await send({});
      const statuses = [retry.status];
      for (let i = 0; retry.status >= 502 && retry.status <= 504 && i < 20; i++) {
        await new Promise((r) => setTimeout(r, 250));
        retry = await send({});
        statuses.push(retry.status);
      }
      const text = await retry.text();
      expect(retry.status, `${statuses.join(' ')} ${text}`).toBe(201);
      const body = JSON.parse(text);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(body.data.id).toBe(made[0]);
      expect(await held()).toEqual(made);
      // The stock counts the one hold only.
      const { rows } = await db.query(`select sold from room_inventory where room_type_id = 11 and date = $1`, [
        checkin.toString(),
      ]);
      expect(rows[0].sold).toBe(1);
    } finally {
      await db.end();
    }
  });
});
