import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForTest } from '../auth/test-tokens.ts';
import { roomInventory } from '../availability/availability.schema.ts';
import type { Db } from '../platform/database.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { createReservation } from '../reservations/reservations.service.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { promotions } from './promotions.schema.ts';
import { freshPgDatabase, startPgNodes } from '../../tests/helpers/pg-nodes.ts';
import type { PgNode } from '../../tests/helpers/pg-nodes.ts';

// Security tier on real PostgreSQL (leaks and smaller holes): a voucher's total and per-guest
// redemption limits hold under concurrency, through two API nodes (migration 0006_promo_limits.sql).

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let db: Db;
let t: PgNode['t'];
let nodes: PgNode[] = [];
let close = async () => undefined as void;

beforeAll(async () => {
  const first = await freshPgDatabase(url);
  db = first.db;
  await openSeededDatabase(TEST_NOW, first);
  await db.update(roomInventory).set({ sellable: 1000, sold: 0 }).where(eq(roomInventory.hotelId, 7));
  ({ nodes, close } = await startPgNodes(url, first, 2));
  t = nodes[0]!.t;
});
afterAll(async () => close());

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
