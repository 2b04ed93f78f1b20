import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../../api/app.ts';
import { testDeps } from '../../api/auth/test-db.ts';
import type { AppDeps } from '../../api/platform/deps.ts';
import { openDatabase } from '../../api/db/client.ts';
import type { Database, Db } from '../../api/platform/database.ts';
import { TEST_NOW } from '../../api/db/test-booking.ts';

// API nodes on one real PostgreSQL (DATABASE_URL, under `npm run test:pg`), each with its own pool
// and its own HTTP server on a loopback port: what several deployed nodes are to the database.

export type PgNode = {
  database: Database;
  server: ReturnType<typeof serve>;
  base: string;
  t: Awaited<ReturnType<typeof testDeps>>;
};

/** A clean schema on DATABASE_URL: the same cluster may be reused when DATABASE_URL is set by hand. */
export async function freshPgDatabase(url: string, poolMax = 20): Promise<Database> {
  const database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: poolMax });
  await (database.db as Db).execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;`,
  );
  return database;
}

/**
 * `count` nodes serving the API, the first on `first` (already migrated by the caller), the others
 * on pools of their own; `setup` adjusts each node's deps (e.g. share a payment gateway).
 */
export async function startPgNodes(
  url: string,
  first: Database,
  count: number,
  setup: (deps: AppDeps) => void = () => undefined,
): Promise<{ nodes: PgNode[]; close(): Promise<void> }> {
  const nodes: PgNode[] = [];
  for (let i = 0; i < count; i++) {
    const database =
      i === 0 ? first : await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
    const t = await testDeps({ DATABASE_URL: url }, database);
    t.setNow(TEST_NOW);
    setup(t.deps);
    const app = createApp(t.deps);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    nodes.push({ database, server, t, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  return {
    nodes,
    async close() {
      for (const n of nodes) {
        await new Promise((r) => n.server.close(r));
        await n.database.close();
      }
    },
  };
}

/** One hold over real HTTP (GraphQL HotelCreateReservation on the secure gateway). */
export async function holdOverHttp(
  base: string,
  guest: { userToken: string; apiKey: string },
  input: {
    hotel_id: number;
    room_type_id: number;
    check_in_date_time: string;
    check_out_date_time: string;
    total_room?: number;
  },
  lang: 'id' | 'en' = 'en',
) {
  const res = await fetch(`${base}/api/gateway/secure`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${guest.userToken}`,
      'x-api-key': guest.apiKey,
      'accept-language': lang,
    },
    body: JSON.stringify({
      query:
        'mutation Create($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id order_id payment_status_id expired_datetime } }',
      variables: { input: { total_room: 1, ...input } },
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data?: { HotelCreateReservation: { id: number } } | null;
      errors?: { message: string; extensions: { code: string } }[];
    },
  };
}

/** One hold over real HTTP through REST (POST /clients/v1/reservations/create): nights, or day use with start_hour and block_hours. */
export async function restHoldOverHttp(
  base: string,
  guest: { userToken: string; apiKey: string },
  input: Record<string, string | number>,
  lang: 'id' | 'en' = 'en',
) {
  const res = await fetch(`${base}/api/clients/v1/reservations/create`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${guest.userToken}`,
      'x-api-key': guest.apiKey,
      'accept-language': lang,
    },
    body: JSON.stringify({ total_room: 1, ...input }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: { id: number }; code?: string; message?: string },
  };
}
