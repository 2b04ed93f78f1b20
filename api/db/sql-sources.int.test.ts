import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { applySqlSources, pendingSqlSources, sqlSources } from './sql-sources.ts';
import type { RunSql } from './sql-sources.ts';
import type { Database } from '../platform/database.ts';
import { PaymentStatus } from '../../core/payment-status.ts';

// SQL functions and triggers are source files (api/<domain>/sql/*.sql), applied after the
// migrations when their hash changes (api/db/sql-sources.ts).

let database: Database;
const run: RunSql = (text, values) => database.executeSql(text, values);
beforeAll(async () => {
  database = await openDatabase({ DATABASE_URL: undefined, DATA_DIR: 'memory://' });
  await migrate(database);
});
afterAll(() => database.close());

describe('SQL sources', () => {
  it('are all applied by migrate, and nothing is pending after it', async () => {
    const names = sqlSources().map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'reservations/sql/reservation-hold.sql',
        'reservations/sql/hold-is-live.sql',
        'availability/sql/free-web-stock.sql',
      ]),
    );
    expect(await pendingSqlSources(run)).toEqual([]);
    const { rows } = await run('select name from drizzle.sql_sources order by name');
    expect(rows.map((r) => r.name)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('applies a changed file once, and its new body is what the database runs', async () => {
    const [source] = sqlSources().filter((s) => s.name === 'availability/sql/free-web-stock.sql');
    const changed = {
      ...source!,
      text: source!.text.replace(
        'greatest(sellable - taken - stop_sell, 0)',
        'greatest(sellable - taken - stop_sell, 0) + 1000',
      ),
      hash: 'changed',
    };
    expect(await applySqlSources(run, [changed])).toEqual(['availability/sql/free-web-stock.sql']);
    expect((await run('select free_web_stock(5, 2, 1) as n')).rows[0]!.n).toBe(1002);
    expect(await applySqlSources(run, [changed])).toEqual([]);
    // Back to the committed file: its hash differs from the recorded one, so it is applied again.
    expect(await applySqlSources(run)).toEqual(['availability/sql/free-web-stock.sql']);
    expect((await run('select free_web_stock(5, 2, 1) as n')).rows[0]!.n).toBe(2);
  });

  it('a file that fails changes nothing and is not recorded', async () => {
    const broken = { name: 'availability/sql/broken.sql', text: 'CREATE OR REPLACE FUNCTION nope( AS', hash: 'x' };
    await expect(applySqlSources(run, [broken])).rejects.toThrow(/broken\.sql/);
    expect(
      (await run("select count(*)::int as n from drizzle.sql_sources where name like '%broken%'")).rows[0]!.n,
    ).toBe(0);
  });

  it('payment_status() names the statuses as core/payment-status.ts does', async () => {
    for (const [name, id] of Object.entries(PaymentStatus)) {
      expect((await run('select payment_status($1) as id', [name])).rows[0]!.id).toBe(id);
    }
  });

  it('hold_is_live and hold_lapsed split a waiting hold at its deadline, and nothing else is either', async () => {
    const at = '2026-03-01T10:00:00Z';
    const ask = async (status: number, expiredAt: string) =>
      (
        await run(
          'select hold_is_live($1::smallint, $2::timestamptz, $3::timestamptz) as live, hold_lapsed($1::smallint, $2::timestamptz, $3::timestamptz) as lapsed',
          [status, expiredAt, at],
        )
      ).rows[0];
    expect(await ask(PaymentStatus.waiting, '2026-03-01T10:00:01Z')).toEqual({ live: true, lapsed: false });
    expect(await ask(PaymentStatus.waiting, at)).toEqual({ live: false, lapsed: true });
    expect(await ask(PaymentStatus.paid, '2026-03-01T11:00:00Z')).toEqual({ live: false, lapsed: false });
  });

  it('free_web_stock never goes below zero', async () => {
    const { rows } = await run(
      'select free_web_stock(10, 3, 2) as a, free_web_stock(2, 3, 0) as b, free_web_stock(4, 2, 2) as c',
    );
    expect(rows[0]).toEqual({ a: 5, b: 0, c: 0 });
  });
});
