import * as v from 'valibot';

// The booking funnel's row (issue 30, item 4): one shape for the query (api/events), the site's
// editor endpoint (server/content-hooks) and the Studio's Funnel tool (studio/funnel-tool.tsx).

const count = v.number();
export const FunnelRowSchema = v.object({
  /** The hotel's city, or the campaign's name; '(none)' when there was none. */
  key: v.string(),
  /** The Jakarta day (YYYY-MM-DD), when asked per day. */
  day: v.optional(v.string()),
  /** Pages viewed (the site's own page_view events). */
  visits: count,
  searches: count,
  rooms: count,
  checkouts: count,
  /** Reservations made (rooms held), from the reservations themselves. */
  holds: count,
  /** Reservations whose payment arrived, from the payments themselves. */
  purchases: count,
  /** Rupiah the guests paid for them (the settled charge's gross amount). */
  revenue: count,
});
export type FunnelRow = v.InferOutput<typeof FunnelRowSchema>;
