import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomInventory } from '../availability/availability.schema.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { recordStatements } from '../db/plan-check.test-helpers.ts';
import { bookingTestApp } from '../db/test-booking.ts';

// Issue 18 on real PostgreSQL, the twin of create-statements.int.test.ts: every statement the API's
// pool sends while it serves a create is recorded (pg.Client's query, so BEGIN and COMMIT would
// count): a nightly stay is the session lookup and one call of reservation_hold, in autocommit, both
// named prepared statements (parsed and planned once per connection).

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let database: Database;
let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await database.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  t = await bookingTestApp({ DATABASE_URL: url, AUTH_ACCESS_TTL_SECONDS: '1209600' }, database);
  await database.db.update(roomInventory).set({ sold: 0 }).where(eq(roomInventory.hotelId, 7));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('the statements of a create on PostgreSQL', () => {
  it('a nightly stay: two named prepared statements, no transaction round trips', async () => {
    const create = () =>
      t.gql(
        'secure',
        'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
        {
          input: {
            hotel_id: 7,
            room_type_id: 71,
            check_in_date_time: '2026-03-12',
            check_out_date_time: '2026-03-14',
            total_room: 1,
          },
        },
      );
    await create(); // the pool's connection has prepared both statements
    const recorder = recordStatements(database);
    const answer = await create();
    const statements = recorder.stop();
    expect(answer.data.data.HotelCreateReservation.id).toEqual(expect.any(Number));
    expect(statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 40))).toHaveLength(2);
    expect(statements[0]!.text).toMatch(/from auth_sessions/);
    expect(statements[1]!.text).toMatch(/^select reservation_hold\(/);
    expect(statements.some((s) => /^\s*(begin|commit)\b/i.test(s.text))).toBe(false);
  });
});
