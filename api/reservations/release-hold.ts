import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PaymentStatusId } from '../../core/payment-status.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';

/** Which reservations to release: by id and owner, or every hold whose payment window has passed. */
export type ReleaseTarget = {
  /** Only reservations in one of these statuses are touched (the guard that makes a release happen once). */
  from: readonly PaymentStatusId[];
  to: PaymentStatusId;
  now: Date;
  id?: number;
  userId?: number;
  /** Only holds whose payment window is over at `now` (expiry). */
  windowOver?: boolean;
  /** Only holds whose payment window is still open at `now` (a guest's cancel). */
  windowOpen?: boolean;
};

/**
 * The part of every release after the reservations flipped: `released_reservations` (a CTE of the
 * flipped ids) gives back its nights in room_inventory and its hours in room_hour_stock.
 *
 * The plan must not depend on table statistics (the embedded PGlite has none until ANALYZE runs, and
 * PostgreSQL's change as holds pile up), so each step is written so that only index lookups are
 * possible or sensible whatever the estimates say:
 * - a reservation's nights and hours are read by its id through the primary key of
 *   reservation_nights / reservation_hours (reservation_id leads it): a LATERAL subquery that cannot
 *   be flattened (OFFSET 0) is a parameterised probe per released reservation, never a hash join
 *   over every night ever booked;
 * - the stock rows are updated through their primary key from an unnested array of the keys
 *   (sorted, so concurrent releases and holds lock them in one order): the planner sizes an unnest
 *   of an unknown array at a handful of rows, so it probes the key instead of scanning the stock.
 */
function releaseStock(): SQL {
  return sql`nights as (
      select n.room_type_id, n.date, sum(n.rooms)::int as qty
      from released_reservations r
      cross join lateral (
        select x.room_type_id, x.date, x.rooms from reservation_nights x where x.reservation_id = r.id offset 0
      ) n
      group by n.room_type_id, n.date
      having sum(n.rooms) > 0
    ), night_keys as (
      select array_agg(room_type_id order by room_type_id, date) as room_type_ids,
        array_agg(date order by room_type_id, date) as dates,
        array_agg(qty order by room_type_id, date) as qtys
      from nights
    ), stock as (
      update room_inventory i set sold = i.sold - k.qty
      from night_keys, unnest(night_keys.room_type_ids, night_keys.dates, night_keys.qtys) as k(room_type_id, date, qty)
      where i.room_type_id = k.room_type_id and i.date = k.date
      returning 1
    ), hours as (
      select h.room_type_id, h.date, h.hour, sum(h.rooms)::int as qty
      from released_reservations r
      cross join lateral (
        select x.room_type_id, x.date, x.hour, x.rooms from reservation_hours x where x.reservation_id = r.id offset 0
      ) h
      group by h.room_type_id, h.date, h.hour
    ), hour_keys as (
      select array_agg(room_type_id order by room_type_id, date, hour) as room_type_ids,
        array_agg(date order by room_type_id, date, hour) as dates,
        array_agg(hour order by room_type_id, date, hour) as hours,
        array_agg(qty order by room_type_id, date, hour) as qtys
      from hours
    ), hour_stock as (
      update room_hour_stock s set held = s.held - k.qty
      from hour_keys, unnest(hour_keys.room_type_ids, hour_keys.dates, hour_keys.hours, hour_keys.qtys)
        as k(room_type_id, date, hour, qty)
      where s.room_type_id = k.room_type_id and s.date = k.date and s.hour = k.hour
      returning 1
    )
    select (select count(*) from released_reservations)::int as n`;
}

/**
 * THE way a reservation gives its nights back: flip its status and release its stock (its nights in
 * room_inventory and its hours in room_hour_stock, see README.md "Day use") in ONE statement,
 * so both commit together. A reservation flips at most once even when several API nodes race: the
 * second UPDATE re-checks the row after the first commits, finds it no longer in `from`, and releases
 * nothing. Used by the guest's cancel, the expiry of a guest's own lapsed holds and the gateway's
 * notifications; the expiry job releases in batches (releaseDueBatch). Returns how many reservations
 * were released.
 */
export async function releaseHold(db: Db, t: ReleaseTarget): Promise<number> {
  const at = t.now.toISOString();
  const where: SQL[] = [
    // Status numbers are our constants, written into the text so the planner sees them as before.
    sql.raw(`payment_status_id in (${t.from.map((s) => Number(s)).join(', ')})`),
  ];
  if (t.id !== undefined) where.push(sql`id = ${t.id}`);
  if (t.userId !== undefined) where.push(sql`user_id = ${t.userId}`);
  if (t.windowOver) where.push(sql`expired_at <= ${at}::timestamptz`);
  if (t.windowOpen) where.push(sql`expired_at > ${at}::timestamptz`);
  const out = await rows<{ n: number }>(
    db,
    sql`with released_reservations as (
          update reservations set payment_status_id = ${sql.raw(String(Number(t.to)))}, updated_at = ${at}::timestamptz
          where ${sql.join(where, sql` and `)}
          returning id
        ), ${releaseStock()}`,
  );
  return Number(out[0]?.n ?? 0);
}

/**
 * One bounded batch of the hold expiry: at most `limit` waiting holds whose payment window is over
 * at `now`, taken by the expiry index (payment_status_id, expired_at) in deadline order, locked with
 * SKIP LOCKED so concurrent sweepers (the job on several nodes, a payment path) each take different
 * holds and never wait on one another, flipped to `to` and their stock released, in one statement.
 * The ids go to the UPDATE as an array (`= any(array(...))`): a primary-key probe per id whatever
 * the estimates (no status condition there: `due` holds the rows' locks, so they are still waiting,
 * and a condition on the status would let the planner walk every waiting hold instead). Returns how
 * many holds this batch released.
 */
export async function releaseDueBatch(db: Db, opts: { now: Date; to: PaymentStatusId; limit: number }) {
  const at = opts.now.toISOString();
  const out = await rows<{ n: number }>(
    db,
    sql`with due as (
          select id from reservations
          where hold_lapsed(payment_status_id, expired_at, ${at}::timestamptz)
          order by expired_at
          limit ${opts.limit}
          for update skip locked
        ), released_reservations as (
          update reservations set payment_status_id = ${sql.raw(String(Number(opts.to)))}, updated_at = ${at}::timestamptz
          where id = any(array(select id from due))
          returning id
        ), ${releaseStock()}`,
  );
  return Number(out[0]?.n ?? 0);
}
