import { sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { Database } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import type { RateRule } from '../rate-limit/rate-limit.service.ts';
import type { TrackedEvent } from '../../core/contracts/events.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
import type { FunnelRow } from '../../core/contracts/funnel.ts';
import { analyticsEvents } from './events.schema.ts';
import { nowOf } from '../platform/clock.ts';

/**
 * Events one client address may send: a journey sends about ten (a page view per page, then search,
 * room, checkout, purchase), so this only stops a flood.
 */
export const EVENTS_BY_IP: RateRule = { name: 'events-ip', limit: 120, windowSeconds: 60 };

/** utm_source / utm_medium as one channel label (null when the visit came from no campaign). */
export function channelOf(campaign: TrackedEvent['campaign']): string | null {
  const source = campaign?.utm_source;
  if (!source) return null;
  return campaign.utm_medium ? `${source} / ${campaign.utm_medium}` : source;
}

/** Store a batch of validated events, stamped with the collector's clock. */
export async function recordEvents(deps: Pick<AppDeps, 'database' | 'now'>, events: TrackedEvent[]): Promise<number> {
  const receivedAt = nowOf(deps);
  await deps.database.db.insert(analyticsEvents).values(
    events.map(({ event, client_id, ...fields }) => ({
      name: event,
      receivedAt,
      clientId: client_id,
      pagePath: fields.page_path,
      lang: fields.lang ?? null,
      hotelId: fields.hotel_id ?? null,
      reservationId: fields.reservation_id ?? null,
      campaign: fields.campaign?.utm_campaign ?? null,
      source: channelOf(fields.campaign),
      value: fields.value ?? null,
      fields,
    })),
  );
  return events.length;
}

export type { FunnelRow } from '../../core/contracts/funnel.ts';

/**
 * The booking funnel between two instants, per destination (the hotel's city) or per campaign
 * (utm_campaign), optionally per Jakarta day. Visits, searches, rooms and checkouts are the site's
 * events; holds and purchases are the server's own records: reservations made, and reservations
 * paid (their first settled charge, in the range) with the amount the guest really paid. Anyone can
 * send events, so no event, whatever it claims, moves holds, purchases or revenue. A reservation's
 * campaign is the one its create call carried (REST or GraphQL).
 */
export async function funnel(
  deps: Pick<AppDeps, 'database'>,
  range: { from: Date; to: Date },
  by: 'destination' | 'campaign',
  options: { perDay?: boolean } = {},
): Promise<FunnelRow[]> {
  const eventKey = by === 'destination' ? sql`coalesce(h.city, '(none)')` : sql`coalesce(e.campaign, '(none)')`;
  const bookingKey =
    by === 'destination' ? sql`coalesce(h.city, '(none)')` : sql`coalesce(r.campaign_identifier, '(none)')`;
  const day = (at: ReturnType<typeof sql>) =>
    options.perDay ? sql`to_char(${at} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')` : sql`''`;
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const paid = [PaymentStatus.paid, PaymentStatus.refunded];
  const found = await rows<FunnelRow & { day: string }>(
    deps.database.db,
    sql`select key, day,
          count(*) filter (where kind = 'page_view')::int as visits,
          count(*) filter (where kind = 'search')::int as searches,
          count(*) filter (where kind = 'room_chosen')::int as rooms,
          count(*) filter (where kind = 'begin_checkout')::int as checkouts,
          count(*) filter (where kind = 'hold')::int as holds,
          count(*) filter (where kind = 'paid')::int as purchases,
          coalesce(sum(amount) filter (where kind = 'paid'), 0)::bigint as revenue
        from (
          select ${eventKey}::text as key, ${day(sql`e.received_at`)} as day, e.name as kind, 0 as amount
          from analytics_events e
          left join hotels h on h.id = e.hotel_id
          where e.name in ('page_view', 'search', 'room_chosen', 'begin_checkout')
            and e.received_at >= ${from} and e.received_at < ${to}
          union all
          select ${bookingKey}::text, ${day(sql`r.created_at`)}, 'hold', 0
          from reservations r
          left join hotels h on h.id = r.hotel_id
          where r.created_at >= ${from} and r.created_at < ${to}
          union all
          select ${bookingKey}::text, ${day(sql`c.settled_at`)}, 'paid', c.gross_amount
          from reservations r
          left join hotels h on h.id = r.hotel_id
          join lateral (
            select pc.gross_amount, pc.settled_at from payment_charges pc
            where pc.reservation_id = r.id and pc.settled_at is not null
            order by pc.settled_at, pc.id limit 1
          ) c on true
          where r.payment_status_id in (${sql.join(paid, sql`, `)})
            and c.settled_at >= ${from} and c.settled_at < ${to}
        ) x
        group by key, day
        order by day, searches desc, key`,
  );
  return found.map((r) => ({
    key: r.key,
    ...(options.perDay ? { day: r.day } : {}),
    visits: Number(r.visits),
    searches: Number(r.searches),
    rooms: Number(r.rooms),
    checkouts: Number(r.checkouts),
    holds: Number(r.holds),
    purchases: Number(r.purchases),
    revenue: Number(r.revenue),
  }));
}

/** Days of events kept: two years, so a season can be compared with the same season a year before. */
export const EVENTS_KEEP_DAYS = 731;
/** Rows deleted per statement: short locks while the site keeps sending events. */
const PRUNE_BATCH = 5_000;

/**
 * Delete the events received more than EVENTS_KEEP_DAYS before `now`, oldest first, in batches taken
 * by the received_at index (the job `events.retain`, api/jobs/booking-jobs.ts). Returns how many.
 */
export async function pruneOldEvents(database: Database, now: Date, keepDays = EVENTS_KEEP_DAYS): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const { rows } = await database.executeSql(
      `with gone as (
         delete from analytics_events where id in (
           select id from analytics_events where received_at < $1 order by received_at limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [before, PRUNE_BATCH],
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < PRUNE_BATCH) return total;
  }
}
