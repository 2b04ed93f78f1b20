import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { bookingTestApp } from '../db/test-booking.ts';
import { reservations } from './reservations.schema.ts';

// Duplicates in flight on real PostgreSQL (PGlite runs one statement at a time): requests with one
// Idempotency-Key sent at once, over a pool of several connections, make one reservation, and every
// one of them is answered with it.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let database: Database;
let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://', DATABASE_POOL_MAX: 8 });
  await database.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  t = await bookingTestApp({ DATABASE_URL: url, DATABASE_POOL_MAX: '8' }, database);
  await database.db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 7));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const create = (key: string, via: 'rest' | 'graphql') => {
  const input = {
    hotel_id: 7,
    room_type_id: 71,
    check_in_date_time: '2026-03-12',
    check_out_date_time: '2026-03-14',
    total_room: 1,
  };
  const headers = {
    authorization: `Bearer ${t.userToken}`,
    'x-api-key': t.tokens.apiKey,
    'content-type': 'application/json',
    'idempotency-key': key,
  };
  return via === 'rest'
    ? Promise.resolve(
        t.app.request('/api/clients/v1/reservations/create', { method: 'POST', headers, body: JSON.stringify(input) }),
      ).then(async (r) => ({ status: r.status, id: (await r.json()).data?.id as number }))
    : Promise.resolve(
        t.app.request('/api/gateway/secure', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            query: 'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
            variables: { input },
          }),
        }),
      ).then(async (r) => ({ status: r.status, id: (await r.json()).data?.HotelCreateReservation?.id as number }));
};

const sold = async () =>
  (
    await database.db
      .select({ sold: roomInventory.sold })
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, 71), eq(roomInventory.date, '2026-03-12')))
  )[0]!.sold;

describe('concurrent duplicates with one Idempotency-Key on PostgreSQL', () => {
  it.each(['rest', 'graphql'] as const)('make one reservation and all get it (%s)', async (via) => {
    await t.useNewGuest();
    const before = await sold();
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(`burst-${via}`, via)));
    const held = await database.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.userId, t.userId));
    expect(held).toHaveLength(1);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([via === 'rest' ? 201 : 200]));
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([held[0]!.id]));
    expect(await sold()).toBe(before + 1);
  });
});
