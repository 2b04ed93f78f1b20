import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import type { AppDeps } from '../platform/deps.ts';
import { openSeededDatabase, TEST_NOW } from '../db/test-booking.ts';
import { JOBS } from '../jobs.ts';
import { dayStockDrift } from './day-stock.test-helpers.ts';
import { pruneOldStock, STOCK_KEEP_DAYS, stockCutoff } from './retention.ts';

// Issue 18, retention: stock of days that ended more than STOCK_KEEP_DAYS ago is pruned by a job, so
// the stock tables do not grow with the years; today's and future stock, and the summary the
// calendar reads, are untouched.

let database: Database;
beforeAll(async () => {
  database = await openSeededDatabase(TEST_NOW);
});
afterAll(async () => {
  await database?.close();
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await database.executeSql(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n);

describe('stock retention', () => {
  it('prunes stock older than the kept days, keeps the rest, and runs as a job', async () => {
    const cutoff = stockCutoff(TEST_NOW);
    expect(cutoff).toBe('2026-01-29'); // 2026-03-02 minus 32 days: STOCK_KEEP_DAYS (31) and a day for zones
    // Past stock (over a year) for every room type, as a database that ran that long would hold, and
    // past blackouts and hour stock.
    await database.executeSql(
      `insert into room_inventory (room_type_id, hotel_id, date, sellable, sold, price, fake_price)
       select rt.id, rt.hotel_id, d::date, 4, 1, 100000, 120000
         from room_types rt, generate_series($1::date - 400, $1::date - 1, interval '1 day') d
       on conflict do nothing`,
      ['2026-03-02'],
    );
    await database.executeSql(
      `insert into hotel_blackouts (hotel_id, date, reason)
       select id, $1::date, '{"en":"Audit","id":"Audit"}'::jsonb from hotels on conflict do nothing`,
      ['2025-06-01'],
    );
    const [someType] = (await database.executeSql('select id, hotel_id from room_types order by id limit 1')).rows;
    await database.executeSql(
      `insert into room_hour_stock (room_type_id, hotel_id, date, hour, sellable, held)
       values ($1, $2, '2025-12-01', 10, 4, 0), ($1, $2, $3::date, 10, 4, 0) on conflict do nothing`,
      [someType!.id, someType!.hotel_id, cutoff],
    );
    const future = async () => ({
      stock: await count(`room_inventory where date >= $1::date`, [cutoff]),
      summary: (
        await database.executeSql(
          `select hotel_id, date::text, web_sellable, min_price from hotel_day_stock where date >= $1::date order by 1, 2`,
          [cutoff],
        )
      ).rows,
    });
    const before = await future();
    expect(await count(`room_inventory where date < $1::date`, [cutoff])).toBeGreaterThan(1000);

    const deleted = await pruneOldStock(database, TEST_NOW);
    expect(deleted.room_inventory).toBeGreaterThan(1000);
    expect(deleted.hotel_blackouts).toBeGreaterThanOrEqual(1);
    expect(deleted.room_hour_stock).toBe(1);
    for (const table of ['room_inventory', 'hotel_day_stock', 'hotel_blackouts', 'room_hour_stock'])
      expect(await count(`${table} where date < $1::date`, [cutoff]), table).toBe(0);
    // The kept days and everything after them are as they were, and the summary still agrees.
    expect(await future()).toEqual(before);
    expect(await count(`room_hour_stock where date = $1::date`, [cutoff])).toBe(1);
    expect(await count(`room_inventory where date = $1::date`, [cutoff])).toBeGreaterThan(0);
    expect(await dayStockDrift(database.db as never)).toEqual([]);
    // A second run finds nothing.
    expect(Object.values(await pruneOldStock(database, TEST_NOW))).toEqual([0, 0, 0, 0]);
    // The job on the queue runs the same pruning (several times a day).
    await database.executeSql(
      `insert into hotel_blackouts (hotel_id, date, reason) values ($1, '2025-01-01', '{"en":"Old","id":"Lama"}'::jsonb)`,
      [someType!.hotel_id],
    );
    const job = JOBS['stock.retain'];
    expect(job.seconds).toBeLessThanOrEqual(86_400);
    await job.run({ database } as unknown as AppDeps, TEST_NOW);
    expect(await count(`hotel_blackouts where date < $1::date`, [cutoff])).toBe(0);
    expect(STOCK_KEEP_DAYS).toBeGreaterThanOrEqual(30);
  });
});
