import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { runOps } from '../../scripts/ops.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { settledPayment } from '../payments/test-charges.ts';
import { EVENTS_BY_IP } from './events.service.ts';

// The collector on two API nodes over one real PostgreSQL: one address's limit is shared by the
// nodes, and the funnel counts what either node stored (node-postgres types: counts and sums).

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

type Node = { app: ReturnType<typeof createApp>; t: Awaited<ReturnType<typeof testDeps>>; database: Database };
let nodes: Node[] = [];

async function node(): Promise<Node> {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 4 });
  const t = await testDeps({ DATABASE_URL: url }, database);
  t.setNow(TEST_NOW);
  return { app: createApp(t.deps), t, database };
}

beforeAll(async () => {
  const setup = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await setup.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, setup);
  await setup.close();
  nodes = [await node(), await node()];
});

afterAll(async () => {
  for (const n of nodes) await n.database.close();
});

const send = (n: Node, events: unknown[], ip: string) =>
  n.app.request(
    '/api/events',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) },
    { incoming: { socket: { remoteAddress: ip }, headers: {} } },
  );
const base = { client_id: 'pg-visitor-0001', page_path: '/search/1-bobobox-blok-m/' };

describe('the collector on two nodes', () => {
  it("shares one address's limit between the nodes", async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < EVENTS_BY_IP.limit; i++)
      expect((await send(nodes[i % 2]!, [{ event: 'page_view', ...base }], ip)).status).toBe(202);
    expect((await send(nodes[0]!, [{ event: 'page_view', ...base }], ip)).status).toBe(429);
    expect((await send(nodes[1]!, [{ event: 'page_view', ...base }], ip)).status).toBe(429);
  });

  it('the funnel counts the events either node stored, and only purchases really paid', async () => {
    const campaign = { utm_campaign: 'pg-launch' };
    const { userToken } = await tokensForTest(nodes[0]!.t.deps);
    const hold = await nodes[0]!.app.request('/api/clients/v1/reservations/create', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${userToken}` },
      body: new URLSearchParams({
        hotel_id: '1',
        room_type_id: '11',
        check_in_date_time: '2026-03-20',
        check_out_date_time: '2026-03-21',
        total_room: '1',
        campaign_identifier: 'pg-launch',
      }).toString(),
    });
    expect(hold.status).toBe(201);
    const id = ((await hold.json()) as { data: { id: number } }).data.id;
    await settledPayment(nodes[1]!.database.db, { reservationId: id, amount: 220_000, at: TEST_NOW });
    await send(nodes[0]!, [{ event: 'search', ...base, hotel_id: 1, value: 200_000, campaign }], '203.0.113.1');
    await send(nodes[1]!, [{ event: 'search', ...base, hotel_id: 1, value: 200_000 }], '203.0.113.2');
    await send(
      nodes[1]!,
      [
        { event: 'room_chosen', ...base, hotel_id: 1, value: 200_000, campaign },
        { event: 'begin_checkout', ...base, hotel_id: 1, reservation_id: id, value: 220_000, campaign },
        { event: 'purchase', ...base, hotel_id: 1, reservation_id: id, value: 220_000, campaign },
      ],
      '203.0.113.3',
    );
    await send(
      nodes[0]!,
      [{ event: 'purchase', ...base, hotel_id: 1, reservation_id: id, value: 220_000, campaign }],
      '203.0.113.4',
    );
    const { code, out } = await runOps(['funnel', '--from', '2026-03-02', '--to', '2026-03-02'], nodes[0]!.t.deps);
    expect(code).toBe(0);
    const line = (key: string) =>
      out
        .find((l) => l.startsWith(`${key} `))
        ?.trim()
        .split(/\s{2,}/);
    expect(line('Jakarta')).toEqual(['Jakarta', '2', '1', '1', '1', '1', '50%', 'Rp 220.000']);
    expect(line('pg-launch')).toEqual(['pg-launch', '1', '1', '1', '1', '1', '100%', 'Rp 220.000']);
  });
});
