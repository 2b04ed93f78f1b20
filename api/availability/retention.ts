import { Temporal } from '../../core/temporal.ts';
import type { Database } from '../platform/database.ts';

// Retention of stock (issue 18): the product shows stock from today on (availability and search are
// clamped to the hotel's today, api/availability/availability.service.ts), and a guest's history is
// read from the reservations and their nights, never from stock. Stock rows of days that ended long
// ago are pruned by the job `stock.retain` (api/jobs/booking-jobs.ts), so the stock tables stay a
// year of future plus STOCK_KEEP_DAYS of past, however many years the product runs.

/** Days of past stock kept: a month covers late check-outs, refunds and the night audit's corrections. */
export const STOCK_KEEP_DAYS = 31;

/**
 * The tables of per-day stock and how a hotel's rows of them are found by an index led by the hotel
 * (or its room types) and the date. room_inventory goes first: its trigger refreshes hotel_day_stock.
 */
const TABLES = {
  room_inventory: 'hotel_id = $1',
  room_hour_stock: 'room_type_id in (select id from room_types where hotel_id = $1)',
  hotel_day_stock: 'hotel_id = $1',
  hotel_blackouts: 'hotel_id = $1',
} as const;
export type StockTable = keyof typeof TABLES;

/** The first date kept at `now`: a day before the earliest "today" of any zone, minus the kept days. */
export function stockCutoff(now: Date, keepDays = STOCK_KEEP_DAYS): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO('UTC')
    .toPlainDate()
    .subtract({ days: keepDays + 1 })
    .toString();
}

/**
 * Delete the stock rows dated before the cutoff, hotel by hotel (each delete reads its hotel's rows
 * by an index led by the hotel or room type and the date, never the whole table). Safe on several
 * nodes at once: a row deleted twice is simply gone. Returns the rows deleted per table.
 */
export async function pruneOldStock(
  database: Database,
  now: Date,
  keepDays = STOCK_KEEP_DAYS,
): Promise<Record<StockTable, number>> {
  const cutoff = stockCutoff(now, keepDays);
  const deleted = { room_inventory: 0, room_hour_stock: 0, hotel_day_stock: 0, hotel_blackouts: 0 };
  const { rows: hotels } = await database.executeSql('select id from hotels order by id');
  for (const { id } of hotels)
    for (const [table, ofHotel] of Object.entries(TABLES) as [StockTable, string][]) {
      const { rows } = await database.executeSql(
        `with gone as (delete from ${table} where ${ofHotel} and date < $2::date returning 1)
         select count(*)::int as n from gone`,
        [Number(id), cutoff],
      );
      deleted[table] += Number(rows[0]?.n ?? 0);
    }
  return deleted;
}
