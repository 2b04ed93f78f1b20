import { CAMPAIGN_PARAMS, DEFAULT_CAMPAIGN_HOURS, reservationCampaign } from '../../core/analytics.ts';
import type { Campaign, EventName } from '../../core/analytics.ts';

// First-party measurement in the browser (api/events/README.md): every event goes onto
// `window.dataLayer` (what a tag manager reads, when one is configured) and to the site's own
// collector, POST /api/events, with navigator.sendBeacon (it survives the page being left). No
// third party is called from here. Kept small: the content pages load it (site/scripts/tracker.ts).

/** The ecommerce and journey fields an event may carry (core/contracts/events.ts validates them). */
export interface EventFields {
  hotel_id?: number;
  room_type_id?: number;
  reservation_id?: number;
  check_in?: string;
  check_out?: string;
  currency?: 'IDR';
  value?: number;
  items?: { item_id: string; item_name?: string; item_category?: string; price?: number; quantity?: number }[];
}

const CLIENT_KEY = 'bbxClientId';
const CAMPAIGN_KEY = 'bbxCampaign';
export const COLLECTOR_PATH = '/api/events';

/** How long a campaign is kept (PUBLIC_CAMPAIGN_HOURS, build time). */
export const CAMPAIGN_HOURS = Number(import.meta.env.PUBLIC_CAMPAIGN_HOURS) || DEFAULT_CAMPAIGN_HOURS;

type Layer = Record<string, unknown>[];
export function dataLayer(): Layer {
  const w = window as unknown as { dataLayer?: Layer };
  return (w.dataLayer ??= []);
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A random id of this browser (no person behind it): the funnel counts journeys by it. */
function clientId(): string {
  const s = store();
  let id = s?.getItem(CLIENT_KEY);
  if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
    id = crypto.randomUUID();
    s?.setItem(CLIENT_KEY, id);
  }
  return id;
}

/**
 * Keep the campaign of a landing URL (any utm_* or promo parameter) for `hours`; a new campaign
 * replaces the previous one (last click). Values are cut to 100 characters, as the collector takes them.
 */
export function captureCampaign(search: string, now: number, hours = CAMPAIGN_HOURS, s = store()): void {
  const q = new URLSearchParams(search);
  const values: Campaign = {};
  for (const key of CAMPAIGN_PARAMS) {
    const value = q.get(key)?.trim();
    if (value)
      values[key] = [...value]
        .filter((ch) => ch >= ' ' && ch !== '<' && ch !== '>')
        .join('')
        .slice(0, 100);
  }
  if (Object.keys(values).length === 0) return;
  s?.setItem(CAMPAIGN_KEY, JSON.stringify({ values, expiresAt: now + hours * 3_600_000 }));
}

/** The campaign kept and not expired (an expired one is forgotten). */
export function currentCampaign(now: number, s = store()): Campaign {
  try {
    const kept = JSON.parse(s?.getItem(CAMPAIGN_KEY) ?? 'null') as { values?: Campaign; expiresAt?: number } | null;
    if (kept?.values && typeof kept.expiresAt === 'number' && kept.expiresAt > now) return kept.values;
  } catch {
    // unreadable: forgotten below
  }
  s?.removeItem(CAMPAIGN_KEY);
  return {};
}

/** The reservation's campaign fields (campaign_identifier, campaign_event, channel_source). */
export function campaignForReservation(now = Date.now()) {
  return reservationCampaign(currentCampaign(now));
}

/** Push the event onto the dataLayer and send it to the collector. Never throws. */
export function track(event: EventName, fields: EventFields = {}): void {
  try {
    const campaign = currentCampaign(Date.now());
    const { currency, value, items, ...rest } = fields;
    dataLayer().push({
      event,
      ...rest,
      ...(currency || value !== undefined || items ? { ecommerce: { currency, value, items } } : {}),
    });
    const body = JSON.stringify({
      events: [
        {
          event,
          client_id: clientId(),
          page_path: location.pathname.slice(0, 300),
          lang: document.documentElement.lang === 'id' ? 'id' : 'en',
          ...fields,
          ...(Object.keys(campaign).length ? { campaign } : {}),
        },
      ],
    });
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.(COLLECTOR_PATH, blob))
      void fetch(COLLECTOR_PATH, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => undefined);
  } catch {
    // Measurement never breaks the page.
  }
}

export type Connection = { saveData?: boolean; effectiveType?: string };
/** Whether a tag manager must stay away from this connection: data saver on, or 2g (slow-2g too). */
export function slowOrSaving(connection: Connection | undefined): boolean {
  return !!connection && (connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? ''));
}

/**
 * Track an event once per key in this browser (a reloaded review or status page does not count a
 * checkout or a purchase twice).
 */
export function trackOnce(event: EventName, key: string, fields: EventFields = {}): void {
  const s = store();
  const mark = `bbxTracked:${event}:${key}`;
  if (s?.getItem(mark)) return;
  s?.setItem(mark, '1');
  track(event, fields);
}
