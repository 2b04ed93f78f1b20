import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TrackedEvent } from '../../core/contracts/events.ts';

/**
 * First-party measurement (api/events/README.md): every event the site sends to POST /api/events,
 * as the browser described it (validated by core/contracts/events.ts). The funnel
 * (`npm run ops -- funnel`) reads name, time, hotel and campaign; the rest stays in `fields`.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** page_view | search | room_chosen | begin_checkout | purchase | subscribe */
    name: text('name').notNull(),
    /** When the collector received it (the browser's clock is not trusted). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The visitor's random id (localStorage), to count a journey once. */
    clientId: text('client_id').notNull(),
    pagePath: text('page_path').notNull(),
    lang: text('lang'),
    /** The hotel searched or booked; its city is the funnel's destination (no foreign key: history stays). */
    hotelId: integer('hotel_id'),
    reservationId: integer('reservation_id'),
    /** utm_campaign of the visit, when the visitor came from one (kept by the browser for CAMPAIGN_HOURS). */
    campaign: text('campaign'),
    /** utm_source (and medium) of the visit. */
    source: text('source'),
    /** Rupiah value of a search (lowest price), a room choice, a checkout or a purchase. */
    value: integer('value'),
    fields: jsonb('fields').$type<Omit<TrackedEvent, 'event' | 'client_id'>>().notNull(),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt, t.name)],
);
