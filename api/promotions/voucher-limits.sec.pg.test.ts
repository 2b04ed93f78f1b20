import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testDeps } from '../auth/test-db.ts';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database, Db } from '../db/client.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { createReservation } from '../reservations/reservations.service.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { promotions } from './promotions.schema.ts';

// Security tier on real PostgreSQL (leaks and smaller holes): a voucher's total and per-guest
// redemption limits hold under concurrency, through two API nodes (migration 0006_promo_limits.sql).

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

type Node = { database: Database; server: ReturnType<typeof serve>; base: string };
const nodes: Node[] = [];
let db: Db;
let t: Awaited<ReturnType<typeof testDeps>>;

beforeAll(async () => {
  const first = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
  db = first.db as Db;
  await db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, first);
  await db.update(roomInventory).set({ sellable: 1000, sold: 0 }).where(eq(roomInventory.hotelId, 7));
  for (let i = 0; i < 2; i++) {
    const database =
      i === 0 ? first : await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 20 });
    const node = await testDeps({ DATABASE_URL: url }, database);
    node.setNow(TEST_NOW);
    if (i === 0) t = node;
    const app = createApp(node.deps);
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

/** A guest of its own with `count` waiting two-night reservations at hotel 7. */
async function guestWith(count: number) {
  const tk = await tokensForTest(t.deps);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await createReservation(
      db,
      { hotelId: 7, roomTypeId: 71 + i, checkIn: '2026-03-12', checkOut: '2026-03-14', totalRoom: 1 },
      { now: TEST_NOW, userId: tk.userId!, holdMinutes: 30 },
    );
    ids.push(r.id);
  }
  return { token: tk.userToken!, apiKey: tk.apiKey, ids };
}

async function apply(i: number, g: { token: string; apiKey: string }, reservationId: number, code: string) {
  const res = await fetch(`${nodes[i % 2]!.base}/api/clients/v1/reservations/update`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${g.token}`, 'x-api-key': g.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ reservationId, isUsePromo: true, promoCode: code }),
  });
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
}

describe('voucher redemption limits on two nodes', () => {
  it('40 guests redeem a voucher with 5 redemptions left at once: exactly 5 succeed', async () => {
    await db.update(promotions).set({ maxRedemptions: 5 }).where(eq(promotions.promoCode, 'MALAMGRATIS'));
    const guests = await Promise.all(Array.from({ length: 40 }, () => guestWith(1)));
    const results = await Promise.all(guests.map((g, i) => apply(i, g, g.ids[0]!, 'MALAMGRATIS')));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.code))).toEqual(
      new Set(['promo_limit_reached']),
    );
    const holding = await db.select().from(reservations).where(eq(reservations.promoCode, 'MALAMGRATIS'));
    expect(holding).toHaveLength(5);
  });

  it('one guest applies a one-per-guest voucher to 3 bookings at once: exactly 1 succeeds', async () => {
    const g = await guestWith(3);
    const results = await Promise.all(g.ids.map((id, i) => apply(i, g, id, 'STAYLAGI25')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 'promo_already_used')).toHaveLength(2);
  });
});
