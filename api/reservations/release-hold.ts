import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PaymentStatusId } from '../../core/payment-status.ts';
import type { Db } from '../db/client.ts';
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
 * THE way a reservation gives its nights back: flip its status and release its stock (its nights in
 * room_inventory and its hours in room_hour_stock, see README.md "Day use") in ONE statement,
 * so both commit together. A reservation flips at most once even when several API nodes race: the
 * second UPDATE re-checks the row after the first commits, finds it no longer in `from`, and releases
 * nothing. Used by the guest's cancel, the expiry of unpaid holds and the gateway's notifications.
 * Returns how many reservations were released.
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
        ), nights as (
          select n.room_type_id, n.date, sum(n.rooms)::int as qty
          from reservation_nights n join released_reservations r on r.id = n.reservation_id
          group by n.room_type_id, n.date
        ), stock as (
          update room_inventory i set sold = i.sold - n.qty
          from nights n where i.room_type_id = n.room_type_id and i.date = n.date
          returning 1
        ), hours as (
          select h.room_type_id, h.date, h.hour, sum(h.rooms)::int as qty
          from reservation_hours h join released_reservations r on r.id = h.reservation_id
          group by h.room_type_id, h.date, h.hour
        ), hour_stock as (
          update room_hour_stock s set held = s.held - h.qty
          from hours h where s.room_type_id = h.room_type_id and s.date = h.date and s.hour = h.hour
          returning 1
        )
        select (select count(*) from released_reservations)::int as n`,
  );
  return Number(out[0]?.n ?? 0);
}
