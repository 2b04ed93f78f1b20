import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { roomInventory } from '../availability/availability.schema.ts';

// Shared by the waitlist's PGlite and PostgreSQL tests.

/** The nights of a stay (check-in inclusive, check-out exclusive). */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${checkIn}T00:00:00Z`);
    d.toISOString().slice(0, 10) < checkOut;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/** Set a room type's stock on the stay's nights: `sellable` rooms, `sold` of them sold. */
export async function setStock(db: Db, roomTypeId: number, nights: string[], sellable: number, sold: number) {
  await db
    .update(roomInventory)
    .set({ sellable, sold })
    .where(and(eq(roomInventory.roomTypeId, roomTypeId), inArray(roomInventory.date, nights)));
}

/** sold on each night of the stay, by night. */
export async function soldOn(db: Db, roomTypeId: number, nights: string[]) {
  return rows<{ date: string; sold: number; sellable: number }>(
    db,
    sql`select date::text, sold, sellable from room_inventory
        where room_type_id = ${roomTypeId} and date in (${sql.join(
          nights.map((n) => sql`${n}::date`),
          sql`, `,
        )}) order by date`,
  );
}

/** The queue of a stay, in order: status and the reservation offered. */
export async function queueOf(db: Db, roomTypeId: number, checkIn: string) {
  return rows<{ id: number; user_id: number; status: string; reservation_id: number | null }>(
    db,
    sql`select id, user_id, status, reservation_id from waitlist_entries
        where room_type_id = ${roomTypeId} and check_in = ${checkIn}::date order by id`,
  );
}
