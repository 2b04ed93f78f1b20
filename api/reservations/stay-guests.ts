import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { users } from '../auth/auth.schema.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import { ApiError } from '../http/errors.ts';
import type { ApiLang } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { hotels, roomTypes } from '../hotels/hotels.schema.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { hitRateLimit } from '../rate-limit/rate-limit.service.ts';
import type { RateRule } from '../rate-limit/rate-limit.service.ts';
import { EmailSchema, normalisePhone, PHONE_PATTERN } from '../../core/contracts/contact-point.ts';
import { formatPeriod, jakartaToday } from '../../core/dates.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import { reservations, stayShares } from './reservations.schema.ts';
import type { ReservationRow } from './reservations.service.ts';

// Booking for others (spec sections 3 and 4; issue 27, item 2). The booker is the primary guest; the
// others each need an account of their own, and nobody is put on a stay without saying yes:
// - the booker names a guest by e-mail or phone (My stay's "Share this stay", or the reservation
//   update call's `secondaryGuests`); the answer is the same whether or not anyone is registered at
//   that address, so it tells nobody who has an account; the person gets a message (no link that
//   opens anything: they sign in, or sign up with that address, and answer in My stay);
// - until they accept, the booker sees only what they typed; once accepted, the booker sees their
//   name, and the stay is in the guest's own My stay with a stay pass of their own; each person on the
//   stay checks in for themselves (api/account/check-in.service.ts);
// - the booker can revoke a share (the guest's pass stops working at once); the guest can leave it.

export type ShareStatus = 'pending' | 'accepted' | 'declined' | 'revoked' | 'left';
/** One person the booker named, as the booker sees it: what they typed, the state, the name once accepted. */
export type StayShare = {
  id: number;
  contact: string;
  contactKind: 'email' | 'phone';
  status: ShareStatus;
  name: string | null;
};
export type StayGuest = { name: string; email: string; phone: string };

/** Invitations a booker may send an hour (each one is a message to someone). */
export const SHARE_INVITES: RateRule = { name: 'stay-share-invite', limit: 20, windowSeconds: 60 * 60 };

const unprocessable = (code: string, message: Record<ApiLang, string>, field = 'contact') =>
  new ApiError(422, code, message, { fields: [{ field, code }] });
const notFound = () => new ApiError(404, 'not_found', msg('stayGuests.notFound'));

/** An e-mail (lower case) or an Indonesian mobile number (national digits), or null. */
export function parseContact(input: string): { contact: string; kind: 'email' | 'phone' } | null {
  const raw = input.trim();
  if (!raw) return null;
  if (raw.includes('@')) {
    const email = v.safeParse(EmailSchema, raw);
    return email.success ? { contact: email.output, kind: 'email' } : null;
  }
  const phone = normalisePhone(raw);
  return /^[+0-9 ().-]+$/.test(raw) && PHONE_PATTERN.test(phone) ? { contact: phone, kind: 'phone' } : null;
}

/** A booking that can still be shared: waiting for payment or paid, and not over. */
function openForSharing(r: ReservationRow, now: Date): boolean {
  return (
    (r.paymentStatusId === PaymentStatus.waiting || r.paymentStatusId === PaymentStatus.paid) &&
    r.checkoutDate >= jakartaToday(now).toString()
  );
}

const LIVE: ShareStatus[] = ['pending', 'accepted'];

/**
 * Invite these people to the booker's reservation (those already invited keep their invitation), and,
 * with `replace`, revoke the live shares of anyone not listed (the update call's list semantics).
 * Everything is checked before anything is written; the invitations and their messages are written
 * in one transaction. Returns the reservation's shares as the booker sees them.
 */
export async function shareStay(
  deps: AppDeps,
  r: ReservationRow,
  contacts: string[],
  ctx: { lang: ApiLang; now: Date; replace?: boolean; field?: string },
): Promise<StayShare[]> {
  const db = deps.database.db;
  if (!openForSharing(r, ctx.now)) throw unprocessable('stay_not_open', msg('stayGuests.notOpen'), 'reservationId');
  const field = ctx.field ?? 'contact';
  const wanted = new Map<string, 'email' | 'phone'>();
  for (const input of contacts) {
    if (!input.trim()) continue;
    const parsed = parseContact(input);
    if (!parsed) throw unprocessable('contact_invalid', msg('stayGuests.contactInvalid'), field);
    wanted.set(parsed.contact, parsed.kind);
  }
  const [booker] = await db
    .select({ name: users.name, email: users.email, telephone: users.telephone })
    .from(users)
    .where(eq(users.id, r.userId))
    .limit(1);
  if (booker && (wanted.has(booker.email) || (booker.telephone && wanted.has(booker.telephone))))
    throw unprocessable('stay_guest_is_booker', msg('stayGuests.self'), field);

  const live = await db
    .select({ id: stayShares.id, contact: stayShares.contact })
    .from(stayShares)
    .where(and(eq(stayShares.reservationId, r.id), inArray(stayShares.status, LIVE)));
  const kept = ctx.replace ? live.filter((s) => wanted.has(s.contact)) : live;
  const fresh = [...wanted].filter(([contact]) => !live.some((s) => s.contact === contact));
  const [room] = await db
    .select({ capacity: roomTypes.capacity })
    .from(roomTypes)
    .where(eq(roomTypes.id, r.roomTypeId))
    .limit(1);
  const max = Math.max(0, r.totalRoom * (room?.capacity ?? 1) - 1);
  if (kept.length + fresh.length > max)
    throw unprocessable('stay_guests_too_many', msg('stayGuests.tooMany', max), field);
  // Each new invitation is a message to someone: a booker sends at most SHARE_INVITES an hour.
  for (let i = 0; i < fresh.length; i++) await hitRateLimit(deps, SHARE_INVITES, String(r.userId));

  const [hotel] = await db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, r.hotelId)).limit(1);
  const url = `${deps.env.SITE_URL.replace(/\/$/, '')}/id/my-account/my-stay/`;
  await db.transaction(async (tx) => {
    if (ctx.replace) {
      const gone = live.filter((s) => !wanted.has(s.contact)).map((s) => s.id);
      if (gone.length)
        await tx
          .update(stayShares)
          .set({ status: 'revoked', respondedAt: ctx.now })
          .where(and(inArray(stayShares.id, gone), inArray(stayShares.status, LIVE)));
    }
    for (const [contact, kind] of fresh) {
      const inserted = await tx
        .insert(stayShares)
        .values({ reservationId: r.id, contact, contactKind: kind, status: 'pending', createdAt: ctx.now })
        .onConflictDoNothing()
        .returning({ id: stayShares.id });
      if (!inserted.length) continue; // invited a moment ago by a concurrent call: one message
      // The same message whoever is (or is not) registered there, in both languages: we do not look.
      const text = (lang: ApiLang) =>
        msg('stayGuests.inviteText', {
          booker: booker?.name ?? '',
          hotel: hotel?.name ?? '',
          dates: formatPeriod(r.checkinDate, r.checkoutDate, lang),
          how: msg(kind === 'email' ? 'stayGuests.byEmail' : 'stayGuests.byPhone')[lang],
          url: lang === 'id' ? url : url.replace('/id/my-account/', '/my-account/'),
        })[lang];
      const subject = msg('stayGuests.inviteSubject');
      await enqueueMessage(
        deps,
        {
          channel: kind === 'email' ? 'email' : 'sms',
          to: kind === 'email' ? contact : `+62${contact}`,
          subject: `${subject.id} / ${subject.en}`,
          text: `${text('id')}\n\n---\n\n${text('en')}`,
          lang: 'id',
        },
        tx,
      );
    }
  });
  return (await sharesOf(db, [r.id])).get(r.id) ?? [];
}

/** The shares of some reservations as their booker sees them (revoked ones left out), oldest first. */
export async function sharesOf(db: Db, reservationIds: number[]): Promise<Map<number, StayShare[]>> {
  const out = new Map<number, StayShare[]>();
  if (reservationIds.length === 0) return out;
  const found = await db
    .select({
      reservationId: stayShares.reservationId,
      id: stayShares.id,
      contact: stayShares.contact,
      kind: stayShares.contactKind,
      status: stayShares.status,
      name: users.name,
      erased: users.erasedAt,
    })
    .from(stayShares)
    .leftJoin(users, eq(users.id, stayShares.guestUserId))
    .where(and(inArray(stayShares.reservationId, reservationIds), sql`${stayShares.status} <> 'revoked'`))
    .orderBy(asc(stayShares.reservationId), asc(stayShares.id));
  for (const s of found) {
    const list = out.get(s.reservationId) ?? [];
    list.push({
      id: s.id,
      contact: s.kind === 'phone' ? `0${s.contact}` : s.contact,
      contactKind: s.kind as 'email' | 'phone',
      status: s.status as ShareStatus,
      // Their name only once they said yes (and while they still are on the stay).
      name: s.status === 'accepted' && !s.erased ? s.name : null,
    });
    out.set(s.reservationId, list);
  }
  return out;
}

/** The secondary guests of some reservations: those who accepted, named as the booker typed them. */
export async function secondaryGuestsOf(db: Db, reservationIds: number[]): Promise<Map<number, StayGuest[]>> {
  const out = new Map<number, StayGuest[]>();
  for (const [id, shares] of await sharesOf(db, reservationIds))
    out.set(
      id,
      shares
        .filter((s) => s.status === 'accepted' && s.name !== null)
        .map((s) => ({
          name: s.name!,
          email: s.contactKind === 'email' ? s.contact : '',
          phone: s.contactKind === 'phone' ? s.contact : '',
        })),
    );
  return out;
}

/** Revoke a share of one of the booker's stays (pending or accepted); 404 for anything else. */
export async function revokeShare(db: Db, bookerId: number, shareId: number, now: Date): Promise<void> {
  const done = await db
    .update(stayShares)
    .set({ status: 'revoked', respondedAt: now })
    .where(
      and(
        eq(stayShares.id, shareId),
        inArray(stayShares.status, LIVE),
        sql`${stayShares.reservationId} in (select id from reservations where user_id = ${bookerId})`,
      ),
    )
    .returning({ id: stayShares.id });
  if (!done.length) throw notFound();
}

/** The share matches the user: their verified e-mail or verified phone is its contact. */
const addressedTo = (userId: number) =>
  sql`exists (select 1 from users u where u.id = ${userId} and u.deactivated_at is null and (
        (${stayShares.contactKind} = 'email' and u.is_email_verified and u.email = ${stayShares.contact})
        or (${stayShares.contactKind} = 'phone' and u.is_telephone_verified and u.telephone = ${stayShares.contact})))`;

export type Invitation = {
  shareId: number;
  bookerName: string;
  hotel: { id: number; name: string };
  checkInDate: string;
  checkOutDate: string;
  pods: number;
};

/** The invitations waiting for the user's answer: to their verified address, on a stay still open. */
export async function invitationsFor(db: Db, userId: number, now: Date): Promise<Invitation[]> {
  const found = await db
    .select({
      shareId: stayShares.id,
      bookerName: users.name,
      hotelId: hotels.id,
      hotelName: hotels.name,
      checkInDate: reservations.checkinDate,
      checkOutDate: reservations.checkoutDate,
      pods: reservations.totalRoom,
    })
    .from(stayShares)
    .innerJoin(reservations, eq(reservations.id, stayShares.reservationId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .innerJoin(hotels, eq(hotels.id, reservations.hotelId))
    .where(
      and(
        eq(stayShares.status, 'pending'),
        addressedTo(userId),
        sql`${reservations.userId} <> ${userId}`,
        inArray(reservations.paymentStatusId, [PaymentStatus.waiting, PaymentStatus.paid]),
        sql`${reservations.checkoutDate} >= ${jakartaToday(now).toString()}::date`,
      ),
    )
    .orderBy(asc(reservations.checkinDate), asc(stayShares.id))
    .limit(50);
  return found.map((f) => ({
    shareId: f.shareId,
    bookerName: f.bookerName,
    hotel: { id: f.hotelId, name: f.hotelName },
    checkInDate: f.checkInDate,
    checkOutDate: f.checkOutDate,
    pods: f.pods,
  }));
}

/** Accept or decline an invitation addressed to the user; 404 for anything else (same for every reason). */
export async function answerInvitation(
  db: Db,
  userId: number,
  shareId: number,
  answer: 'accept' | 'decline',
  now: Date,
): Promise<void> {
  const done = await db
    .update(stayShares)
    .set(
      answer === 'accept'
        ? { status: 'accepted', guestUserId: userId, respondedAt: now }
        : { status: 'declined', respondedAt: now },
    )
    .where(
      and(
        eq(stayShares.id, shareId),
        eq(stayShares.status, 'pending'),
        addressedTo(userId),
        sql`${stayShares.reservationId} in (select id from reservations where user_id <> ${userId})`,
      ),
    )
    .returning({ id: stayShares.id });
  if (!done.length) throw notFound();
}

/** The guest leaves a stay they accepted; 404 for anything else. */
export async function leaveShare(db: Db, userId: number, shareId: number, now: Date): Promise<void> {
  const done = await db
    .update(stayShares)
    .set({ status: 'left', respondedAt: now })
    .where(and(eq(stayShares.id, shareId), eq(stayShares.status, 'accepted'), eq(stayShares.guestUserId, userId)))
    .returning({ id: stayShares.id });
  if (!done.length) throw notFound();
}

/** The stays shared with the user that they accepted: reservation id to share id. */
export async function acceptedShares(db: Db, userId: number): Promise<Map<number, number>> {
  const found = await db
    .select({ reservationId: stayShares.reservationId, id: stayShares.id })
    .from(stayShares)
    .where(and(eq(stayShares.guestUserId, userId), eq(stayShares.status, 'accepted')));
  return new Map(found.map((f) => [f.reservationId, f.id]));
}

/** Whether the user is on this stay: its booker, or a guest who accepted it (and still is). */
export async function isOnStay(db: Db, reservationId: number, userId: number): Promise<'booker' | 'guest' | null> {
  const [row] = await db
    .select({ booker: reservations.userId })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return null;
  if (row.booker === userId) return 'booker';
  return (await acceptedShares(db, userId)).has(reservationId) ? 'guest' : null;
}
