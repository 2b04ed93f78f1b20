import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { Db } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import { ApiError } from '../http/errors.ts';
import type { ApiLang } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { hotels } from '../hotels/hotels.schema.ts';
import { logger } from '../observability/logger.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { searchRooms } from '../search/search.service.ts';
import { cancelReservation, createReservation, reservationErrors } from '../reservations/reservations.service.ts';
import { formatPeriod } from '../../core/dates.ts';
import { zoneLabel } from '../../core/money.ts';
import { waitlistEntries } from './waitlist.schema.ts';

const log = logger('waitlist');

// A fair waitlist for a sold-out room type (issue 28, item 5). A signed-in guest joins for the nights
// and pods they want; when stock comes back (a hold lapses, a booking is cancelled, an operator opens
// rooms), the `waitlist.offer` job holds the rooms under the first waiting guest's account for
// OFFER_MINUTES (an ordinary reservation waiting for payment, in their Orders) and e-mails them; if
// the hold lapses or they cancel it, the rooms are free again and the next guest gets them. Exactly
// once and in order across nodes: each stay's queue is worked under a transaction-scoped advisory
// lock, one entry at a time, and the hold itself takes stock atomically (reservation_hold).

export const WAITLIST_CAP = 5;
export const OFFER_MINUTES = 15;
/** How many stays' queues one run of the job works (the rest wait for the next run). */
const QUEUES_PER_RUN = 50;

const notFound = () => new ApiError(404, 'not_found', msg('waitlist.notFound'));

export type WaitlistInput = { hotelId: number; roomTypeId: number; checkIn: string; checkOut: string; pods: number };
export type WaitlistEntryView = {
  id: number;
  hotelId: number;
  roomTypeId: number;
  checkIn: string;
  checkOut: string;
  pods: number;
  status: string;
  /** 1 = next in line; null once offered or closed. */
  position: number | null;
  /** The hold made for the guest, while offered. */
  reservationId: number | null;
};

/** Guests waiting for this stay now. */
export async function waitingCount(db: Db, q: { roomTypeId: number; checkIn: string; checkOut: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.roomTypeId, q.roomTypeId),
        eq(waitlistEntries.checkIn, q.checkIn),
        eq(waitlistEntries.checkOut, q.checkOut),
        eq(waitlistEntries.status, 'waiting'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The guest's live entries, with their place in line. */
export async function myWaitlist(db: Db, userId: number): Promise<WaitlistEntryView[]> {
  const found = await rows<{
    id: number;
    hotel_id: number;
    room_type_id: number;
    check_in: string;
    check_out: string;
    pods: number;
    status: string;
    reservation_id: number | null;
    position: number | null;
  }>(
    db,
    sql`select e.id, e.hotel_id, e.room_type_id, e.check_in::text, e.check_out::text, e.pods,
          case when e.status = 'offering' then 'waiting' else e.status end as status, e.reservation_id,
          case when e.status in ('waiting', 'offering') then (
            select count(*) from waitlist_entries o
            where o.status in ('waiting', 'offering') and o.room_type_id = e.room_type_id and o.check_in = e.check_in
              and o.check_out = e.check_out and o.id <= e.id)::int end as position
        from waitlist_entries e where e.user_id = ${userId} and e.status in ('waiting', 'offering', 'offered') order by e.id`,
  );
  return found.map((f) => ({
    id: Number(f.id),
    hotelId: Number(f.hotel_id),
    roomTypeId: Number(f.room_type_id),
    checkIn: f.check_in,
    checkOut: f.check_out,
    pods: Number(f.pods),
    status: f.status,
    position: f.position === null ? null : Number(f.position),
    reservationId: f.reservation_id === null ? null : Number(f.reservation_id),
  }));
}

/**
 * Join the queue of a stay that is sold out (409 when the rooms are free: book them instead). Joining
 * again answers the same entry; at most WAITLIST_CAP live entries per guest.
 */
export async function joinWaitlist(
  deps: AppDeps,
  userId: number,
  input: WaitlistInput,
  ctx: { lang: ApiLang; now: Date },
): Promise<WaitlistEntryView> {
  const db = deps.database.db;
  const found = await searchRooms(
    db,
    {
      hotelId: input.hotelId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      isUsedGiftCertificate: false,
      promoCode: '',
    },
    ctx,
  );
  const room = found.roomTypes.find((rt) => rt.id === input.roomTypeId);
  if (!room) throw reservationErrors.roomTypeNotFound();
  if (room.roomRemaining >= input.pods) throw new ApiError(409, 'rooms_available', msg('waitlist.roomsFree'));
  const stay = { checkIn: found.checkInDate, checkOut: found.checkOutDate };
  await db.transaction(async (tx) => {
    // One guest's entries are counted and added one request at a time (the cap holds under races).
    await tx.execute(sql`select pg_advisory_xact_lock(7404, ${userId})`);
    const [live] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(
        and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.status, ['waiting', 'offering', 'offered'])),
      );
    const existing = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.userId, userId),
          eq(waitlistEntries.roomTypeId, input.roomTypeId),
          eq(waitlistEntries.checkIn, stay.checkIn),
          eq(waitlistEntries.checkOut, stay.checkOut),
          inArray(waitlistEntries.status, ['waiting', 'offering', 'offered']),
        ),
      );
    if (existing.length) return;
    if (Number(live?.n ?? 0) >= WAITLIST_CAP)
      throw new ApiError(422, 'waitlist_cap', msg('waitlist.cap', WAITLIST_CAP));
    await tx.insert(waitlistEntries).values({
      userId,
      hotelId: input.hotelId,
      roomTypeId: input.roomTypeId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      pods: input.pods,
      lang: ctx.lang,
      status: 'waiting',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  });
  const mine = await myWaitlist(db, userId);
  return mine.find(
    (e) => e.roomTypeId === input.roomTypeId && e.checkIn === stay.checkIn && e.checkOut === stay.checkOut,
  )!;
}

export type WaitlistOffer = {
  id: number;
  reservationId: number;
  hotelName: string;
  roomName: string;
  /** The nights, written out in the request's language. */
  period: string;
  /** When the hold lapses: an instant, and its clock time in the hotel's zone ("14:35 WITA"). */
  expiresAt: string;
  holdUntil: string;
};

/** The guest's offers still held for them (the site's banner), in the request's language. */
export async function liveOffers(db: Db, userId: number, lang: ApiLang, now: Date): Promise<WaitlistOffer[]> {
  const found = await rows<{
    id: number;
    reservation_id: number;
    hotel: string;
    time_zone: string;
    label: { id: string; en: string };
    check_in: string;
    check_out: string;
    expired_at: Date | string;
  }>(
    db,
    sql`select e.id, e.reservation_id, h.name as hotel, h.time_zone, rt.label, e.check_in::text, e.check_out::text, r.expired_at
        from waitlist_entries e
        join reservations r on r.id = e.reservation_id
        join hotels h on h.id = e.hotel_id
        join room_types rt on rt.id = e.room_type_id
        where e.user_id = ${userId} and e.status = 'offered'
          and hold_is_live(r.payment_status_id, r.expired_at, ${now.toISOString()}::timestamptz)
        order by r.expired_at`,
  );
  return found.map((f) => {
    const expires = new Date(f.expired_at);
    const clock = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: f.time_zone,
    }).format(expires);
    return {
      id: Number(f.id),
      reservationId: Number(f.reservation_id),
      hotelName: f.hotel,
      roomName: f.label[lang] ?? f.label.en,
      period: formatPeriod(f.check_in, f.check_out, lang),
      expiresAt: expires.toISOString(),
      holdUntil: `${clock} ${zoneLabel(f.time_zone)}`,
    };
  });
}

/**
 * Decline an offer: its hold is cancelled at once, so the rooms go back to stock and the next run of
 * the job offers them to the next guest in line (never to this one again: the entry is closed).
 */
export async function declineOffer(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const [entry] = await db
    .select({ reservationId: waitlistEntries.reservationId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'offered')));
  if (!entry?.reservationId) throw notFound();
  await cancelReservation(db, entry.reservationId, { now, userId });
  await db
    .update(waitlistEntries)
    .set({ status: 'declined', updatedAt: now })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'offered')));
}

/** Leave the queue (a waiting entry); an offered one is declined (declineOffer). */
export async function leaveWaitlist(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const done = await db
    .update(waitlistEntries)
    .set({ status: 'left', updatedAt: now })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id });
  if (!done.length) throw notFound();
}

/**
 * The job: close offers that ended (paid: booked; lapsed or cancelled: lapsed, their rooms already
 * back in stock), then, queue by queue, hold freed rooms for the first guests waiting. Returns how many
 * offers it made.
 */
export async function offerFreedRooms(deps: AppDeps, now: Date): Promise<number> {
  const db = deps.database.db;
  await rows(
    db,
    sql`update waitlist_entries e set
          status = case when r.payment_status_id = payment_status('paid') then 'booked' else 'lapsed' end,
          updated_at = ${now.toISOString()}::timestamptz
        from reservations r
        where e.status = 'offered' and r.id = e.reservation_id
          and (r.payment_status_id = payment_status('paid')
               or not hold_is_live(r.payment_status_id, r.expired_at, ${now.toISOString()}::timestamptz))
        returning e.id`,
  );
  const queues = await db
    .selectDistinct({
      roomTypeId: waitlistEntries.roomTypeId,
      hotelId: waitlistEntries.hotelId,
      checkIn: waitlistEntries.checkIn,
      checkOut: waitlistEntries.checkOut,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'waiting'), lte(sql`${waitlistEntries.createdAt}`, now)))
    .limit(QUEUES_PER_RUN);
  let offers = 0;
  for (const queue of queues) offers += await workQueue(deps, queue, now);
  return offers;
}

/** How long a node may take to make one offer before another node takes the claim back. */
const CLAIM_SECONDS = 60;

type Queue = { roomTypeId: number; hotelId: number; checkIn: string; checkOut: string };
type Entry = { id: number; user_id: number; pods: number; lang: string };

const inQueue = (q: Queue) =>
  sql`room_type_id = ${q.roomTypeId} and check_in = ${q.checkIn}::date and check_out = ${q.checkOut}::date`;

/**
 * Claim the first waiting guest of a queue (after `after`, the guests this run had to pass over), as
 * one node, under the queue's advisory lock: nothing is claimed while another node's claim is live.
 */
async function claimHead(db: Db, queue: Queue, now: Date, after: number): Promise<Entry | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7403, ${queue.roomTypeId})`);
    const at = now.toISOString();
    const busy = await rows(
      tx,
      sql`select 1 from waitlist_entries where ${inQueue(queue)} and status = 'offering'
          and offered_at > ${at}::timestamptz - make_interval(secs => ${CLAIM_SECONDS})`,
    );
    if (busy.length) return null;
    // A claim whose node died mid-offer goes back in line, in its place.
    await rows(
      tx,
      sql`update waitlist_entries set status = 'waiting' where ${inQueue(queue)} and status = 'offering' returning id`,
    );
    const [head] = await rows<Entry>(
      tx,
      sql`update waitlist_entries set status = 'offering', offered_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          where id = (select id from waitlist_entries where ${inQueue(queue)} and status = 'waiting' and id > ${after}
                      order by id limit 1)
          returning id, user_id, pods, lang`,
    );
    return head ?? null;
  });
}

async function workQueue(deps: AppDeps, queue: Queue, now: Date): Promise<number> {
  const db = deps.database.db;
  let made = 0;
  let after = 0;
  for (;;) {
    const entry = await claimHead(db, queue, now, after);
    if (!entry) break;
    const back = () =>
      db
        .update(waitlistEntries)
        .set({ status: 'waiting', offeredAt: null, updatedAt: now })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'offering')));
    let reservationId: number;
    try {
      reservationId = (
        await createReservation(
          db,
          {
            hotelId: queue.hotelId,
            roomTypeId: queue.roomTypeId,
            checkIn: queue.checkIn,
            checkOut: queue.checkOut,
            totalRoom: Number(entry.pods),
          },
          { now, userId: Number(entry.user_id), holdMinutes: OFFER_MINUTES },
        )
      ).id;
    } catch (error) {
      await back();
      if (!(error instanceof ApiError)) throw error;
      // No rooms (left) for this guest's pods: the queue waits for the next freed rooms, in order.
      if (error.code === 'sold_out') break;
      // This guest cannot hold more now (unpaid holds, the stay no longer sold): they keep their place.
      log.info({ entryId: entry.id, code: error.code }, 'waitlist offer skipped for this guest');
      after = Number(entry.id);
      continue;
    }
    const lang = entry.lang as ApiLang;
    await db.transaction(async (tx) => {
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', reservationId, offeredAt: now, updatedAt: now })
        .where(eq(waitlistEntries.id, Number(entry.id)));
      const [hotel] = await tx.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, queue.hotelId)).limit(1);
      const [to] = await rows<{ email: string }>(tx, sql`select email from users where id = ${entry.user_id}`);
      if (!to) return;
      const url = `${deps.env.SITE_URL.replace(/\/$/, '')}${lang === 'id' ? '/id' : ''}/payment/list/${reservationId}/`;
      await enqueueMessage(
        deps,
        {
          channel: 'email',
          to: to.email,
          subject: msg('waitlist.offerSubject')[lang],
          text: msg('waitlist.offerText', {
            hotel: hotel?.name ?? '',
            dates: formatPeriod(queue.checkIn, queue.checkOut, lang),
            minutes: OFFER_MINUTES,
            url,
          })[lang],
          lang,
        },
        tx,
      );
    });
    made++;
  }
  return made;
}
