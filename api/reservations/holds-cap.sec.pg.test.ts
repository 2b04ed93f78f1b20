import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPAID_RESERVATIONS } from '../../core/contracts/booking.ts';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../db/client.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { reservations } from './reservations.schema.ts';

// Security tier on real PostgreSQL (booking abuse): one free account cannot empty a hotel. Two API
// nodes, each with its own connection pool, receive 100 parallel holds from the same guest over
// real HTTP, on different hotels so no stock row serialises them: PostgreSQL lets exactly three
// through (migration 0004_holds_cap.sql), whatever each node counted beforehand.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

const CREATE = `mutation Create($input: HotelCreateReservationInput!) {
  HotelCreateReservation(input: $input) { id payment_status_id }
}`;
// Pod hotels 1-6 with their first room type (id = hotel * 10 + 1).
const HOTELS = [1, 2, 3, 4, 5, 6];

type Node = { database: Database; server: ReturnType<typeof serve>; base: string };
const nodes: Node[] = [];
let db: Db;
let guest: { userToken: string; apiKey: string; userId: number };

beforeAll(async () => {
  const first = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
  db = first.db as Db;
  await db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, first);
  await db.update(roomInventory).set({ sold: 0 });
  for (let i = 0; i < 2; i++) {
    const database =
      i === 0 ? first : await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
    const t = await testDeps({ DATABASE_URL: url }, database);
    t.setNow(TEST_NOW);
    if (i === 0) {
      const tk = await tokensForTest(t.deps);
      guest = { userToken: tk.userToken!, apiKey: tk.apiKey, userId: tk.userId! };
    }
    const app = createApp(t.deps);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    nodes.push({ database, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
});

afterAll(async () => {
  for (const n of nodes) {
    await new Promise((r) => n.server.close(r));
    await n.database.close();
  }
});

describe('unpaid holds per account on two nodes', () => {
  it(`100 parallel holds by one guest through two nodes: exactly ${MAX_UNPAID_RESERVATIONS} succeed`, async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const hotel = HOTELS[i % HOTELS.length]!;
        const res = await fetch(`${nodes[i % 2]!.base}/api/gateway/secure`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${guest.userToken}`,
            'x-api-key': guest.apiKey,
            'accept-language': 'en',
          },
          body: JSON.stringify({
            query: CREATE,
            variables: {
              input: {
                hotel_id: hotel,
                room_type_id: hotel * 10 + 1,
                check_in_date_time: '2026-03-20',
                check_out_date_time: '2026-03-21',
                total_room: 1,
              },
            },
          }),
        });
        return {
          status: res.status,
          body: (await res.json()) as {
            data?: { HotelCreateReservation: { id: number } } | null;
            errors?: { message: string; extensions: { code: string } }[];
          },
        };
      }),
    );
    expect(results.every((r) => r.status < 500)).toBe(true);
    const ok = results.filter((r) => r.body.data?.HotelCreateReservation?.id);
    expect(ok).toHaveLength(MAX_UNPAID_RESERVATIONS);
    const codes = new Set(results.filter((r) => r.body.errors?.length).map((r) => r.body.errors![0].extensions.code));
    expect(codes).toEqual(new Set(['too_many_unpaid']));
    const held = await db.select().from(reservations).where(eq(reservations.userId, guest.userId));
    expect(held.filter((r) => r.paymentStatusId === 1)).toHaveLength(MAX_UNPAID_RESERVATIONS);
    // Refused holds gave back what they took: only the three held nights are sold.
    const sold = await db.execute(sql`select coalesce(sum(sold), 0)::int as n from room_inventory`);
    expect(Number((sold as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(MAX_UNPAID_RESERVATIONS);
  });
});
