import * as v from 'valibot';
import { CAMPAIGN_PARAMS, EVENT_NAMES } from '../analytics.ts';
import type { CampaignParam } from '../analytics.ts';

// First-party measurement (issue 16): the events the browser pushes onto `window.dataLayer` and sends
// to our own collector (POST /api/events, api/events/), and the campaign a visitor arrived with.
// The names live in core/analytics.ts (no valibot, for the browser); the API validates with these.

const Text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_000_000_000));
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A campaign value: short, printable, no markup (it is shown in reports and stored on reservations). */
export const CampaignValue = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100),
  v.check((value) => ![...value].some((ch) => ch < ' ' || ch === '<' || ch === '>'), 'invalid'),
);
export const CampaignSchema = v.object(
  Object.fromEntries(CAMPAIGN_PARAMS.map((k) => [k, v.optional(CampaignValue)])) as Record<
    CampaignParam,
    v.OptionalSchema<typeof CampaignValue, undefined>
  >,
);

/** One ecommerce item (GA4's shape, trimmed): the hotel and room type, their price in Rupiah. */
export const EventItem = v.object({
  item_id: Text(40),
  item_name: v.optional(Text(120)),
  item_category: v.optional(Text(60)),
  price: v.optional(Count),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});

export const TrackedEvent = v.object({
  event: v.picklist(EVENT_NAMES),
  /** A random id of the browser tab's visitor (kept in localStorage), never a person's identity. */
  client_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/)),
  /** The page's path and language (no query: it may hold personal data). */
  page_path: v.pipe(Text(300), v.regex(/^\//)),
  lang: v.optional(v.picklist(['id', 'en'])),
  hotel_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_000_000_000))),
  room_type_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_000_000_000))),
  reservation_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_000_000_000))),
  check_in: v.optional(Day),
  check_out: v.optional(Day),
  currency: v.optional(v.literal('IDR')),
  value: v.optional(Count),
  items: v.optional(v.pipe(v.array(EventItem), v.maxLength(20))),
  campaign: v.optional(CampaignSchema),
});
export type TrackedEvent = v.InferOutput<typeof TrackedEvent>;

/** The collector's body: one event, or a few batched (a page sends at most a handful). */
export const EventBatch = v.object({ events: v.pipe(v.array(TrackedEvent), v.minLength(1), v.maxLength(20)) });

/** The collector's answer: how many events were stored. */
export const EventsAcceptedSchema = v.object({ accepted: v.pipe(v.number(), v.integer()) });
