import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { users } from '../auth/auth.schema.ts';
import type { Db } from '../platform/database.ts';
import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { roomTypes } from '../hotels/hotels.schema.ts';
import { reservationGuests } from './reservations.schema.ts';

// A stay's secondary guests (spec sections 3 and 4): the booker is the primary guest; the others
// each need an account of their own, so the booker names them by their account's e-mail in the
// reservation update call (PUT /clients/v1/reservations/update, `secondaryGuests`), while the
// reservation waits for payment. At most pods x capacity - 1 of them (the booker takes a place).
// My stay shows them (api/account/account-lists.ts), read from their accounts.

export type StayGuest = { name: string; email: string; phone: string };

const unprocessable = (code: string, message: Record<'en' | 'id', string>) => new ApiError(422, code, message);

/**
 * The accounts behind the e-mails the booker listed, in the order given, after the rules: each is an
 * active account other than the booker's, listed once, and they fit the booking. Throws 422 naming
 * the first e-mail without an account (nothing is written on a refusal).
 */
export async function resolveSecondaryGuests(
  db: Db,
  r: { userId: number; roomTypeId: number; totalRoom: number },
  emails: string[],
): Promise<number[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const [room] = await db
    .select({ capacity: roomTypes.capacity })
    .from(roomTypes)
    .where(eq(roomTypes.id, r.roomTypeId))
    .limit(1);
  const max = Math.max(0, r.totalRoom * (room?.capacity ?? 1) - 1);
  if (wanted.length > max) throw unprocessable('stay_guests_too_many', msg('stayGuests.tooMany', max));
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, wanted), isNull(users.deactivatedAt)));
  const byEmail = new Map(found.map((u) => [u.email, u.id]));
  const ids: number[] = [];
  for (const email of wanted) {
    const id = byEmail.get(email);
    if (id === undefined) throw unprocessable('stay_guest_no_account', msg('stayGuests.noAccount', email));
    if (id === r.userId) throw unprocessable('stay_guest_is_booker', msg('stayGuests.self'));
    ids.push(id);
  }
  return ids;
}

/** Replace a reservation's secondary guests with these accounts (in this order), in one transaction. */
export async function replaceSecondaryGuests(db: Db, reservationId: number, userIds: number[], now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(reservationGuests).where(eq(reservationGuests.reservationId, reservationId));
    if (userIds.length > 0)
      await tx
        .insert(reservationGuests)
        .values(userIds.map((userId, i) => ({ reservationId, userId, position: i + 1, createdAt: now })));
  });
}

/** The secondary guests of some reservations, from their accounts, in the booker's order. */
export async function secondaryGuestsOf(db: Db, reservationIds: number[]): Promise<Map<number, StayGuest[]>> {
  const out = new Map<number, StayGuest[]>();
  if (reservationIds.length === 0) return out;
  const found = await db
    .select({
      reservationId: reservationGuests.reservationId,
      name: users.name,
      email: users.email,
      phone: users.telephone,
    })
    .from(reservationGuests)
    .innerJoin(users, eq(users.id, reservationGuests.userId))
    .where(and(inArray(reservationGuests.reservationId, reservationIds), isNull(users.erasedAt)))
    .orderBy(asc(reservationGuests.reservationId), asc(reservationGuests.position));
  for (const g of found) {
    const list = out.get(g.reservationId) ?? [];
    list.push({ name: g.name, email: g.email, phone: g.phone ?? '' });
    out.set(g.reservationId, list);
  }
  return out;
}
