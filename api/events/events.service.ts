import { sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import type { Database } from '../platform/database.ts';
import { rows } from '../db/query.ts';
import type { RateRule } from '../rate-limit/rate-limit.service.ts';
import type { TrackedEvent } from '../../core/contracts/events.ts';
import { PaymentStatus } from '../../core/payment-status.ts';
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

export type FunnelRow = {
  /** The hotel's city, or the campaign's name; '(none)' when the events had none. */
  key: string;
  searches: number;
  rooms: number;
  checkouts: number;
  purchases: number;
  /** Rupiah of the purchases. */
  revenue: number;
};

/**
 * The booking funnel between two instants: searches, room choices, checkouts and purchases, per
 * destination (the hotel's city) or per campaign (utm_campaign). Anyone can send events, so a
 * purchase counts only for a reservation that really was paid (paid, or refunded since), once
 * however often its status page was shown.
 */
export async function funnel(
  deps: Pick<AppDeps, 'database'>,
  range: { from: Date; to: Date },
  by: 'destination' | 'campaign',
): Promise<FunnelRow[]> {
  const key = by === 'destination' ? sql`coalesce(h.city, '(none)')` : sql`coalesce(e.campaign, '(none)')`;
  const paid = [PaymentStatus.paid, PaymentStatus.refunded];
  const found = await rows<FunnelRow>(
    deps.database.db,
    sql`with purchase_once as (
          select distinct on (p.reservation_id) p.id
          from analytics_events p
          join reservations r on r.id = p.reservation_id
            and r.payment_status_id in (${sql.join(paid, sql`, `)})
          where p.name = 'purchase'
            and p.received_at >= ${range.from.toISOString()}::timestamptz
            and p.received_at < ${range.to.toISOString()}::timestamptz
          order by p.reservation_id, p.id)
        select ${key}::text as key,
          count(*) filter (where e.name = 'search')::int as searches,
          count(*) filter (where e.name = 'room_chosen')::int as rooms,
          count(*) filter (where e.name = 'begin_checkout')::int as checkouts,
          count(*) filter (where e.id in (select id from purchase_once))::int as purchases,
          coalesce(sum(e.value) filter (where e.id in (select id from purchase_once)), 0)::bigint as revenue
        from analytics_events e
        left join hotels h on h.id = e.hotel_id
        where e.name in ('search', 'room_chosen', 'begin_checkout', 'purchase')
          and e.received_at >= ${range.from.toISOString()}::timestamptz
          and e.received_at < ${range.to.toISOString()}::timestamptz
        group by 1
        order by searches desc, key`,
  );
  return found.map((r) => ({
    key: r.key,
    searches: Number(r.searches),
    rooms: Number(r.rooms),
    checkouts: Number(r.checkouts),
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
