import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';

/**
 * Expire unpaid holds whose payment window has passed and give their nights back, in ONE
 * statement: the status flip (1 -> 3) and the stock release commit together, and a reservation
 * flips at most once even when several API nodes sweep at the same moment (the second UPDATE
 * re-checks the row after the first commits, finds status 3 and skips it). Called lazily before
 * every read or write that depends on stock or on a reservation's status.
 */
export async function sweepExpired(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await rows<{ n: number }>(
    db,
    sql`with expired as (
          update reservations set payment_status_id = 3, updated_at = ${at}::timestamptz
          where payment_status_id = 1 and expired_at <= ${at}::timestamptz
          returning id
        ), released as (
          select n.room_type_id, n.date, sum(n.rooms)::int as qty
          from reservation_nights n join expired e on e.id = n.reservation_id
          group by n.room_type_id, n.date
        ), upd as (
          update room_inventory i set sold = i.sold - r.qty
          from released r where i.room_type_id = r.room_type_id and i.date = r.date
          returning 1
        )
        select (select count(*) from expired)::int as n`,
  );
  return Number(result[0]?.n ?? 0);
}

const lastSweep = new WeakMap<object, number>();

/**
 * For hot read paths (availability, search): sweep at most once per second of the injected clock
 * per database handle. A hold may show as taken for up to a second after its deadline; every write
 * path (create, cancel, update) and every reservation read sweeps unthrottled.
 */
export async function sweepExpiredForReads(db: Db, now: Date, intervalMs = 1_000): Promise<void> {
  const last = lastSweep.get(db);
  const t = now.getTime();
  if (last !== undefined && t >= last && t - last < intervalMs) return;
  lastSweep.set(db, t);
  await sweepExpired(db, now);
}
