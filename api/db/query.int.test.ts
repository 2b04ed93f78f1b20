import { asc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnItems } from '../ancillary/ancillary.schema.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { promotions } from '../promotions/promotions.schema.ts';
import type { Database, Db } from '../platform/database.ts';
import { rowFromJson, rows } from './query.ts';
import { openSeededDatabase } from './test-booking.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openSeededDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('rowFromJson', () => {
  // Search reads several tables in one statement as JSON; the rows must be exactly what Drizzle's own select gives.
  const tables: [string, PgTable & { id: never }, string][] = [
    ['hotels', hotels as never, 'hotels'],
    ['room types', roomTypes as never, 'room_types'],
    ['add-on items', addOnItems as never, 'add_on_items'],
    ['promotions (dates, jsonb arrays)', promotions as never, 'promotions'],
  ];
  for (const [label, table, name] of tables) {
    it(`maps ${label} serialised by PostgreSQL to Drizzle's rows`, async () => {
      const expected = await (
        db as never as { select: () => { from: (t: unknown) => { orderBy: (o: unknown) => Promise<unknown[]> } } }
      )
        .select()
        .from(table)
        .orderBy(asc((table as unknown as { id: never }).id));
      expect(expected.length).toBeGreaterThan(0);
      const [{ list }] = await rows<{ list: string }>(
        db,
        sql`select coalesce(json_agg(t order by t.id), '[]'::json)::text as list from ${sql.identifier(name)} t`,
      );
      const mapped = (JSON.parse(list) as Record<string, unknown>[]).map((r) => rowFromJson(table, r));
      expect(mapped).toEqual(expected);
    });
  }
});
