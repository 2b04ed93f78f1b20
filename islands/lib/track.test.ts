import { afterEach, describe, expect, test, vi } from 'vitest';
import { reservationCampaign } from '../../core/analytics.ts';
import { captureCampaign, currentCampaign, slowOrSaving, track, trackOnce } from './track.ts';

// The browser side of first-party measurement (api/events/README.md): the campaign tracker keeps a
// landing URL's utm_* and promo parameters for a number of hours, the events go onto the dataLayer
// and to the site's own collector, and the tag manager stays away from slow or saving connections.

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}
const HOUR = 3_600_000;

describe('the campaign tracker', () => {
  test('keeps utm_* and promo for the configured hours, then forgets them', () => {
    const s = new MemoryStorage() as unknown as Storage;
    const t0 = Date.UTC(2026, 2, 2);
    captureCampaign('?utm_source=instagram&utm_medium=social&utm_campaign=mudik-2026&promo=MUDIK&x=1', t0, 48, s);
    const kept = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'mudik-2026', promo: 'MUDIK' };
    expect(currentCampaign(t0 + 47 * HOUR, s)).toEqual(kept);
    expect(currentCampaign(t0 + 48 * HOUR, s)).toEqual({});
    // Forgotten for good, even if the clock went back.
    expect(currentCampaign(t0, s)).toEqual({});
  });

  test('a URL without campaign parameters keeps the earlier campaign; a new campaign replaces it', () => {
    const s = new MemoryStorage() as unknown as Storage;
    captureCampaign('?utm_campaign=first', 0, 24, s);
    captureCampaign('?checkin=2026-03-12&promocode=ABC', HOUR, 24, s);
    expect(currentCampaign(2 * HOUR, s)).toEqual({ utm_campaign: 'first' });
    captureCampaign('?utm_campaign=second&utm_source=newsletter', 3 * HOUR, 24, s);
    expect(currentCampaign(4 * HOUR, s)).toEqual({ utm_campaign: 'second', utm_source: 'newsletter' });
  });

  test('strips markup and control characters and cuts values to 100 characters', () => {
    const s = new MemoryStorage() as unknown as Storage;
    captureCampaign(`?utm_campaign=${encodeURIComponent('<b>sale</b>\n')}&utm_term=${'x'.repeat(150)}`, 0, 24, s);
    expect(currentCampaign(1, s)).toEqual({ utm_campaign: 'bsale/b', utm_term: 'x'.repeat(100) });
  });

  test('an unreadable stored campaign is forgotten', () => {
    const s = new MemoryStorage() as unknown as Storage;
    s.setItem('bbxCampaign', '{not json');
    expect(currentCampaign(0, s)).toEqual({});
    expect(s.getItem('bbxCampaign')).toBeNull();
  });

  test('maps onto the reservation: identifier, event (promo, else content, else term), channel source', () => {
    expect(
      reservationCampaign({ utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'mudik', promo: 'MUDIK' }),
    ).toEqual({ campaign_identifier: 'mudik', campaign_event: 'MUDIK', channel_source: 'instagram / social' });
    expect(reservationCampaign({ utm_source: 'google', utm_content: 'banner-a', utm_term: 'kapsul' })).toEqual({
      campaign_identifier: undefined,
      campaign_event: 'banner-a',
      channel_source: 'google',
    });
    expect(reservationCampaign({})).toEqual({
      campaign_identifier: undefined,
      campaign_event: undefined,
      channel_source: undefined,
    });
  });
});

describe('the tag manager', () => {
  test('never loads on 2g or with data saver; loads otherwise (or when the browser does not say)', () => {
    expect(slowOrSaving({ effectiveType: '2g' })).toBe(true);
    expect(slowOrSaving({ effectiveType: 'slow-2g' })).toBe(true);
    expect(slowOrSaving({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(slowOrSaving({ effectiveType: '3g' })).toBe(false);
    expect(slowOrSaving({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(slowOrSaving(undefined)).toBe(false);
  });
});

describe('track', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browser() {
    const local = new MemoryStorage();
    const beacons: { url: string; body: Blob }[] = [];
    const win: Record<string, unknown> = { localStorage: local };
    vi.stubGlobal('window', win);
    vi.stubGlobal('location', { pathname: '/search/1-bobobox-blok-m/' });
    vi.stubGlobal('document', { documentElement: { lang: 'id' } });
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: Blob) => {
        beacons.push({ url, body });
        return true;
      },
    });
    return { win, local, beacons };
  }

  test('pushes onto the dataLayer and beacons the same event, with the kept campaign, to /api/events', async () => {
    const { win, local, beacons } = browser();
    captureCampaign('?utm_campaign=mudik', Date.now(), 24, local as unknown as Storage);
    track('search', { hotel_id: 1, currency: 'IDR', value: 250_000, items: [{ item_id: '1-11', price: 250_000 }] });
    expect(win.dataLayer).toEqual([
      {
        event: 'search',
        hotel_id: 1,
        ecommerce: { currency: 'IDR', value: 250_000, items: [{ item_id: '1-11', price: 250_000 }] },
      },
    ]);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/events');
    expect(beacons[0]!.body.type).toBe('application/json');
    const sent = JSON.parse(await beacons[0]!.body.text()) as { events: Record<string, unknown>[] };
    expect(sent.events[0]).toMatchObject({
      event: 'search',
      page_path: '/search/1-bobobox-blok-m/',
      lang: 'id',
      hotel_id: 1,
      value: 250_000,
      campaign: { utm_campaign: 'mudik' },
    });
    expect(sent.events[0]!.client_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  test('trackOnce counts a checkout or a purchase once per reservation', () => {
    const { beacons } = browser();
    trackOnce('purchase', '42', { reservation_id: 42 });
    trackOnce('purchase', '42', { reservation_id: 42 });
    trackOnce('purchase', '43', { reservation_id: 43 });
    expect(beacons).toHaveLength(2);
  });
});
