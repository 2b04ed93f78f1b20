import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import type { Database } from '../platform/database.ts';
import { growDatabase } from './grown-database.test-helpers.ts';
import { functionStatements, holdFunctionValues, serveHotCalls } from './hot-plans.test-helpers.ts';
import { explain, hotStatements, recordStatements, seqScansOver, sequentialScans } from './plan-check.test-helpers.ts';
import type { Recorded } from './plan-check.test-helpers.ts';
import { grownPodHotel } from './grown-database.test-helpers.ts';
import { pruneOldStock } from '../availability/retention.ts';
import { roomAvailability } from '../availability/availability.service.ts';
import { openSeededDatabase, TEST_NOW } from './test-booking.ts';

// Issue 18: on a grown database (200 hotels with a year of stock, 200,000 reservations with their
// nights), every statement of the hot calls reads the big tables through an index, never a
// sequential scan: availability, search, create's check-and-hold, cancel, the expiry batch, the
// account lists and the order badge's count (hot-plans.test-helpers.ts records what the code sends).

const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ DATABASE_URL: url, DATA_DIR: 'memory://' });
  await database.db.execute(
    sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`,
  );
  await openSeededDatabase(TEST_NOW, database);
  const started = Date.now();
  await growDatabase(database, { today: '2026-03-02' });
  // What autovacuum does on its own once a table grew by a tenth.
  await database.executeSql('analyze');
  // And its vacuum of the day stock, as on a real day: the index-only reads below count on the
  // visibility map it sets. Waited for (on a busy machine it comes later), never run by hand.
  for (let waited = 0; waited < 180_000; waited += 1_000) {
    const { rows } = await database.executeSql(
      "select coalesce(last_autovacuum, last_vacuum) is not null as done from pg_stat_user_tables where relname = 'hotel_day_stock'",
    );
    if (rows[0]?.done) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  console.log(`grown in ${Date.now() - started} ms`);
}, 600_000);

afterAll(async () => {
  await database?.close();
});

type BufferNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Heap Fetches'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: BufferNode[];
};
const planNodes = (n: BufferNode): BufferNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/** A statement run under `EXPLAIN (ANALYZE, BUFFERS)`: its plan with what each node read. */
async function analysed(r: Recorded): Promise<BufferNode> {
  const { rows } = await database.executeSql(`explain (analyze, buffers, format json) ${r.text}`, r.params);
  const cell = Object.values(rows[0] ?? {})[0];
  return ((typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: BufferNode }[])[0].Plan;
}

describe('hot query plans on a grown PostgreSQL', () => {
  it('the check finds a sequential scan where there is one', async () => {
    const plan = await explain(database, {
      text: 'select count(*) from reservation_nights where price > $1',
      params: [0],
    });
    expect(seqScansOver(plan)).toEqual(['reservation_nights']);
  });

  it('no hot statement reads stock, reservations or their nights and hours by a sequential scan', async () => {
    const { rows } = await database.executeSql(
      `select (select count(*) from room_inventory)::int as stock, (select count(*) from reservations)::int as reservations,
        (select count(*) from reservation_nights)::int as nights, (select count(*) from room_hour_stock)::int as hours`,
    );
    expect(rows[0]).toMatchObject({ stock: expect.any(Number), reservations: expect.any(Number) });
    expect(Number(rows[0].stock)).toBeGreaterThan(290_000);
    expect(Number(rows[0].reservations)).toBeGreaterThanOrEqual(200_000);
    const recorded = await serveHotCalls(database, TEST_NOW);
    const hot = hotStatements(recorded);
    // Every kind of hot statement was seen (a call that stopped early would hide its plans).
    for (const table of ['hotel_day_stock', 'room_inventory', 'room_hour_stock', 'reservations', 'reservation_nights'])
      expect(
        hot.some((r) => r.text.includes(table)),
        table,
      ).toBe(true);
    expect(
      hot.some((r) => /for update skip locked/i.test(r.text)),
      'the expiry batch',
    ).toBe(true);
    expect(await sequentialScans(database, recorded)).toEqual([]);
  });

  it('the statements inside reservation_hold, a create’s one statement, read stock and reservations by index', async () => {
    // The function's body as the database holds it (api/reservations/sql/reservation-hold.sql): the code records only
    // `select reservation_hold(...)`, so each statement inside is planned with its own values.
    const statements = await functionStatements(database, 'reservation_hold', holdFunctionValues(1, TEST_NOW));
    const touching = (table: string) => statements.filter((s) => new RegExp(`\\b${table}\\b`).test(s.text)).length;
    expect(touching('room_inventory')).toBeGreaterThanOrEqual(3);
    expect(touching('room_hour_stock')).toBeGreaterThanOrEqual(3);
    expect(touching('reservations')).toBeGreaterThanOrEqual(2);
    for (const r of statements) expect(seqScansOver(await explain(database, r)), r.text).toEqual([]);
  });

  it('the stock summary refresh run by the triggers, and the retention job, read stock by index', async () => {
    // The statements of hotel_day_stock_refresh as the database holds them (0002_hotel_day_stock.sql),
    // with its two arrays as parameters: the pairs a two-night hold of one hotel refreshes.
    const { rows } = await database.executeSql(`select prosrc from pg_proc where proname = 'hotel_day_stock_refresh'`);
    const body = String(rows[0]!.prosrc);
    const statements = body
      .split(';')
      .map((part) => part.replace(/^[\s\S]*?\b(INSERT|UPDATE)\b/, '$1'))
      .filter((part) => /^(INSERT|UPDATE)\b/.test(part))
      .map((text) => text.replaceAll('hotel_ids', '$1::integer[]').replaceAll('nights', '$2::date[]'));
    expect(statements).toHaveLength(2);
    const pairs = [
      [grownPodHotel, grownPodHotel],
      ['2026-03-12', '2026-03-13'],
    ];
    for (const text of statements)
      expect(seqScansOver(await explain(database, { text, params: pairs })), text).toEqual([]);
    // The retention job's deletes, recorded as the job sends them (nothing is old on this database).
    const recorder = recordStatements(database);
    let recorded: Recorded[] = [];
    try {
      await pruneOldStock(database, TEST_NOW);
    } finally {
      recorded = recorder.stop();
    }
    expect(hotStatements(recorded).filter((r) => /\bdelete\b/i.test(r.text))).toHaveLength(3);
    expect(await sequentialScans(database, recorded)).toEqual([]);
  });
  it('a grown hotel’s 90-day calendar reads a few index pages of day stock, not a table page per night', async () => {
    // Stock changes rewrite day-stock rows wherever the table has room, so a hotel's nights drift
    // onto a page each (93 table pages for a grown hotel's calendar before 0017). The key's index
    // carries the two values the calendar reads: once autovacuum has marked the pages all-visible,
    // the calendar is an index-only scan that visits no table page.
    await database.executeSql(`update room_inventory set sold = sold where hotel_id = ${grownPodHotel}`);
    await database.executeSql('vacuum hotel_day_stock');
    const recorder = recordStatements(database);
    let recorded: Recorded[] = [];
    try {
      await roomAvailability(
        database.db,
        { hotelId: grownPodHotel, dateStart: '2026-03-02', dateEnd: '2026-05-30' },
        TEST_NOW,
      );
    } finally {
      recorded = recorder.stop();
    }
    const calendar = recorded.find((r) => r.text.includes('hotel_day_stock'));
    expect(calendar).toBeDefined();
    const plan = await analysed(calendar!);
    const stock = planNodes(plan).filter((n) => n['Relation Name'] === 'hotel_day_stock');
    expect(stock.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
    expect(stock[0]['Heap Fetches']).toBe(0);
    const pages = (stock[0]['Shared Hit Blocks'] ?? 0) + (stock[0]['Shared Read Blocks'] ?? 0);
    expect(pages).toBeLessThanOrEqual(8);
  });

  it('a create counts its guest’s waiting holds by reading those, not every waiting hold of the database', async () => {
    // A real day: the statistics say holds are rare, as the grown reservations are
    // paid or over, while thousands of guests hold rooms at once, waiting for payment. Before
    // reservations_user_waiting_idx the planner counted one guest's holds through the expiry index,
    // every waiting hold of the database: 3,700 buffers a create, twice (bench:scale, issue 31 item 4).
    // As in bench:scale: the last ANALYZE saw no hold waiting (autovacuum analyses a big table again
    // only after a tenth of it changed, so the day's holds come after it).
    await database.executeSql(
      `update reservations set payment_status_id = payment_status('expired') where payment_status_id = payment_status('waiting')`,
    );
    await database.executeSql('analyze reservations');
    const others = await database.executeSql(
      `with guests as (select id, row_number() over (order by id) as k from users where email like 'grown-%' order by id limit 1500)
       insert into reservations (order_id, invoice_number, source_id, hotel_id, room_type_id, user_id, total_room,
         checkin_date, checkout_date, created_at, expired_at, updated_at, payment_status_id, guest_name, guest_email)
       select 'WAIT-' || g.k || '-' || n, 'INV/WAIT/' || g.k || '/' || n, 1, ${grownPodHotel}, ${grownPodHotel * 10 + 1},
         g.id, 1, date '2026-03-12', date '2026-03-13', $1::timestamptz, $1::timestamptz + interval '1 hour',
         $1::timestamptz, payment_status('waiting'), 'Tamu', 'grown@example.test'
       from guests g cross join generate_series(1, 2) n
       returning id`,
      [TEST_NOW.toISOString()],
    );
    expect(others.rows.length).toBe(3000);
    const { rows } = await database.executeSql(
      `select id from users where email like 'grown-%' order by id desc limit 1`,
    );
    const guest = Number(rows[0]!.id);
    // The guest's count inside reservation_hold, and the unpaid-cap trigger's, as the database holds them.
    const inHold = (await functionStatements(database, 'reservation_hold', holdFunctionValues(guest, TEST_NOW))).filter(
      (r) => /r\.user_id = u\.id/.test(r.text),
    );
    const { rows: trigger } = await database.executeSql(
      `select prosrc from pg_proc where proname = 'reservations_unpaid_cap'`,
    );
    const count = /SELECT count\(\*\)[\s\S]*?;/
      .exec(String(trigger[0]!.prosrc))![0]
      .replace(/\s+INTO\s+waiting,\s*rooms/, '')
      .replace(/;$/, '')
      .replaceAll('NEW.user_id', '$1::integer')
      .replaceAll('NEW.id', '$2::integer');
    const counts = [...inHold, { text: count, params: [guest, 0] }];
    expect(counts).toHaveLength(2);
    for (const r of counts) {
      const read = planNodes(await analysed(r))
        .filter((n) => n['Relation Name'] === 'reservations')
        .reduce((sum, n) => sum + (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0), 0);
      expect(read, r.text).toBeLessThanOrEqual(10);
    }
  });
});
