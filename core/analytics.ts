// First-party measurement (issue 16, api/events/README.md): the names of the events the site pushes
// onto `window.dataLayer` and sends to its own collector, and the campaign fields it keeps. Plain
// constants (no valibot), so the content pages' small tracker can import them.

/** Every event the site sends, in journey order (the funnel reads search .. purchase). */
export const EVENT_NAMES = ['page_view', 'search', 'room_chosen', 'begin_checkout', 'purchase', 'subscribe'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The campaign fields kept from a landing URL (utm_* and promo) and written onto the reservation. */
export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'promo',
] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/** How long a campaign is kept when PUBLIC_CAMPAIGN_HOURS is not set: a week. */
export const DEFAULT_CAMPAIGN_HOURS = 168;

/** The page view follows a route change after this delay (spec section 7). */
export const PAGE_VIEW_DELAY_MS = 250;
/** The tag manager, when configured, starts this long after the page's load event (spec section 9). */
export const TAG_MANAGER_DELAY_MS = 3000;

/** The reservation's campaign fields (api/reservations) from a kept campaign. */
export function reservationCampaign(c: Campaign): {
  campaign_identifier?: string;
  campaign_event?: string;
  channel_source?: string;
} {
  const source = c.utm_source ? (c.utm_medium ? `${c.utm_source} / ${c.utm_medium}` : c.utm_source) : undefined;
  return {
    campaign_identifier: c.utm_campaign,
    campaign_event: c.promo ?? c.utm_content ?? c.utm_term,
    channel_source: source,
  };
}
