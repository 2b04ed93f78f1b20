import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { openDatabase } from '../db/client.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { registry } from '../observability/metrics.ts';
import type { Database } from '../platform/database.ts';
import { STALE_AFTER_MS, startStockCache } from './stock-cache.ts';
import type { StockListener } from './stock-cache.ts';

// Bounded staleness of the stock cache on real PostgreSQL: the node's LISTEN connection runs through
// a TCP proxy that stops forwarding without closing (a NAT or firewall dropping an idle flow). No
// notification can arrive and the kernel sees nothing wrong; the heartbeat the listener sends itself
// stops coming back, so within STALE_AFTER_MS the node reads past its cache and sees a change that
// notified nobody, and listens again through a fresh connection.

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');
const HOTEL = 7;
const NIGHT = '2026-03-16';
const AVAIL = 'query A($input: RoomAvailabilityInput!) { RoomAvailability(input: $input) { date web_sellable_rooms } }';

/** A TCP proxy to PostgreSQL whose open connections can be made to swallow every byte, both ways. */
function blackHoleProxy(target: { host: string; port: number }) {
  const open = new Set<{ stalled: boolean; client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { stalled: false, client, upstream };
    open.add(pair);
    client.on('data', (d) => void (pair.stalled || upstream.write(d)));
    upstream.on('data', (d) => void (pair.stalled || client.write(d)));
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    /** The connections open now stop carrying anything, and stay open; new ones are forwarded. */
    stallOpen: () => open.forEach((pair) => (pair.stalled = true)),
    close: () => {
      open.forEach((pair) => pair.client.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let database: Database;
let listener: StockListener;
let proxy: ReturnType<typeof blackHoleProxy>;
let app: ReturnType<typeof createApp>;
let headers: Record<string, string>;

beforeAll(async () => {
  const setup = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await setup.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, setup);
  await setup.close();
  database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 4 });
  const t = await testDeps({ DATABASE_URL: url }, database);
  t.setNow(TEST_NOW);
  const tokens = await tokensForTest(t.deps);
  app = createApp(t.deps);
  headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${tokens.clientToken}`,
    'x-api-key': tokens.apiKey,
  };
  const target = new URL(url);
  proxy = blackHoleProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const port = await proxy.listen();
  listener = await startStockCache(database, { retryMs: 100, listenVia: { host: '127.0.0.1', port } });
});

afterAll(async () => {
  await listener.close();
  await proxy.close();
  await database.close();
});

async function sellable(): Promise<number> {
  const res = await app.request('/api/gateway/open', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query: AVAIL,
      variables: { input: { hotel_id: HOTEL, date_start: NIGHT, date_end: NIGHT } },
    }),
  });
  const body = (await res.json()) as { data: { RoomAvailability: { web_sellable_rooms: number }[] } };
  return body.data.RoomAvailability[0]!.web_sellable_rooms;
}

const metric = async (name: string) => (await registry.getSingleMetric(name)?.get())?.values[0]?.value ?? Number.NaN;

describe('a stock listener whose connection silently stops carrying anything', () => {
  it('is given up within the bound: reads then see a change nobody was notified of, and it listens again', async () => {
    expect(listener.cache.live).toBe(true);
    expect(await metric('stock_cache_listener_up')).toBe(1);
    const before = await sellable();
    expect(await sellable()).toBe(before); // warm: served from the cache
    const pid = listener.backendPid();

    proxy.stallOpen();
    // A change that notifies nobody (no trigger fires): only a read of the database can show it.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update hotel_day_stock set web_sellable = web_sellable + 3 where hotel_id = ${HOTEL} and date = ${NIGHT}`,
      );
    });
    // Within the bound (plus a heartbeat tick and a reconnect), the node stops serving its cache.
    await vi.waitFor(async () => expect(await sellable()).toBe(before + 3), {
      timeout: STALE_AFTER_MS * 3,
      interval: 200,
    });
    // It listens again on a new connection through the proxy, which forwards new connections.
    await vi.waitFor(() => expect(listener.cache.live).toBe(true), { timeout: STALE_AFTER_MS * 3 });
    expect(listener.backendPid()).not.toBe(pid);
    expect(await metric('stock_cache_listener_up')).toBe(1);
    expect(await metric('stock_cache_heartbeat_age_seconds')).toBeLessThan(STALE_AFTER_MS / 1000);
    expect(await sellable()).toBe(before + 3);
  });
});
