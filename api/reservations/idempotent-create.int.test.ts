import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { bookingTestApp, TEST_NOW } from '../db/test-booking.ts';
import { rows } from '../db/query.ts';
import { idempotencyKeys } from '../http/idempotency.schema.ts';
import { pruneIdempotencyKeys } from '../http/idempotency.ts';
import { reservations } from './reservations.schema.ts';

// Idempotency keys on the calls that create a reservation (api/http/idempotency.ts): a retry with
// the same key and body gets the first answer and holds nothing more.

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
  await t.db.db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 7));
});
beforeEach(async () => t.useNewGuest());

const body = (o: Record<string, unknown> = {}) => ({
  hotel_id: 7,
  room_type_id: 71,
  check_in_date_time: '2026-03-12',
  check_out_date_time: '2026-03-14',
  total_room: 1,
  ...o,
});

async function create(key: string | undefined, input: Record<string, unknown>, lang: 'id' | 'en' = 'en') {
  const headers: Record<string, string> = {
    authorization: `Bearer ${t.userToken}`,
    'x-api-key': t.tokens.apiKey,
    'content-type': 'application/json',
    'accept-language': lang,
  };
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await t.app.request('/api/clients/v1/reservations/create', {
    method: 'POST',
    headers,
    body: JSON.stringify(input),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), data: await res.json() };
}

const mine = async () =>
  (await t.db.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.userId, t.userId))).length;
const sold = async () =>
  (
    await t.db.db
      .select({ sold: roomInventory.sold })
      .from(roomInventory)
      .where(and(eq(roomInventory.roomTypeId, 71), eq(roomInventory.date, '2026-03-12')))
  )[0]!.sold;

describe('a reservation create with an Idempotency-Key', () => {
  it('answers a retry with the first answer (status and body) and holds nothing more', async () => {
    const before = await sold();
    const first = await create('retry-1', body());
    const again = await create('retry-1', body());
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.data).toEqual(first.data);
    expect(first.replayed).toBeNull();
    expect(again.replayed).toBe('true');
    expect(await mine()).toBe(1);
    expect(await sold()).toBe(before + 1);
  });

  it('refuses the same key with another body (422, in the guest language) and holds nothing', async () => {
    await create('reused-1', body());
    const other = await create('reused-1', body({ total_room: 2 }), 'id');
    expect(other.status).toBe(422);
    expect(other.data.code).toBe('idempotency_key_reused');
    expect(other.data.message).toMatch(/sudah dipakai untuk permintaan lain/);
    expect(await mine()).toBe(1);
  });

  it('stores nothing for a refused request, so the corrected retry with the same key runs', async () => {
    const refused = await create('fix-1', body({ room_type_id: 9999 }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const fixed = await create('fix-1', body());
    expect(fixed.status).toBe(201);
    expect(fixed.replayed).toBeNull();
    expect(await mine()).toBe(1);
  });

  it('keeps keys apart per guest, and without a key every request is its own', async () => {
    const a = await create('shared-key', body());
    await t.useNewGuest();
    const b = await create('shared-key', body());
    expect(b.status).toBe(201);
    expect(b.data.data.id).not.toBe(a.data.data.id);
    await create(undefined, body());
    await create(undefined, body());
    expect(await mine()).toBe(3);
  });

  it('refuses a key that is not 1-255 visible ASCII characters with a 400', async () => {
    for (const key of ['', 'x'.repeat(256), 'spasi di dalam', 'ünïcode']) {
      const r = await create(key, body());
      expect(r.status, JSON.stringify(key)).toBe(400);
      expect(r.data.code).toBe('idempotency_key_invalid');
    }
    expect(await mine()).toBe(0);
  });

  it('works the same on the GraphQL mutation, with the header on the gateway request', async () => {
    const query =
      'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id order_id total_room } }';
    const send = () =>
      t.app.request('/api/gateway/secure', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.userToken}`,
          'content-type': 'application/json',
          'idempotency-key': 'gql-1',
        },
        body: JSON.stringify({ query, variables: { input: body() } }),
      });
    const first = await (await send()).json();
    const again = await (await send()).json();
    expect(first.data.HotelCreateReservation.id).toBeGreaterThan(0);
    expect(again).toEqual(first);
    expect(await mine()).toBe(1);
  });

  it('forgets keys after 24 hours (idempotency.prune), after which the key is new again', async () => {
    await create('old-1', body());
    const [{ n }] = await rows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from idempotency_keys where key = 'old-1'`,
    );
    expect(n).toBe(1);
    expect(await pruneIdempotencyKeys(t.db.db, new Date(TEST_NOW.getTime() + 23 * 3600_000))).toBe(0);
    const pruned = await pruneIdempotencyKeys(t.db.db, new Date(TEST_NOW.getTime() + 48 * 3600_000));
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old-1'))).toEqual([]);
  });
});
