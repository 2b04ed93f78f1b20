import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../db/test-booking.ts';
import { rows } from '../db/query.ts';
import { hotels } from '../hotels/hotels.schema.ts';
import { reservations } from '../reservations/reservations.schema.ts';
import { runOps } from '../../scripts/ops.ts';
import { Temporal } from '../../core/temporal.ts';
import { analyticsEvents } from './events.schema.ts';
import { settledPayment } from '../payments/test-charges.ts';
import { funnel } from './events.service.ts';
import { EVENTS_MAX_BODY_BYTES } from './events.routes.ts';
import { EVENTS_BY_IP } from './events.service.ts';

// Issue 16, "Marketers measure what works": the site's own collector (POST /api/events) stores valid
// events in PostgreSQL and refuses anything else without a 500; `npm run ops -- funnel` reads them per
// destination and per campaign; the campaign a guest came with is written onto the reservation.

const t = await bookingTestApp();
afterAll(() => t.deps.database.close());
const db = () => t.deps.database.db;

let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

async function send(body: unknown, opts: { ip?: string; contentType?: string; raw?: string } = {}) {
  const res = await t.app.request(
    '/api/events',
    {
      method: 'POST',
      headers: { 'content-type': opts.contentType ?? 'application/json' },
      body: opts.raw ?? JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: opts.ip ?? freshAddress() }, headers: {} } },
  );
  const text = await res.text();
  return {
    status: res.status,
    data: text ? (JSON.parse(text) as { data?: { accepted: number }; code?: string }) : null,
  };
}

const base = { client_id: 'c0ffee00-1111-4222-8333-444455556666', page_path: '/search/1-bobobox-blok-m/', lang: 'en' };
const search = (over: Record<string, unknown> = {}) => ({
  event: 'search',
  ...base,
  hotel_id: 1,
  check_in: '2026-03-12',
  check_out: '2026-03-14',
  currency: 'IDR',
  value: 250_000,
  items: [{ item_id: '1-11', item_name: 'Bobobox Blok M Single Pod', price: 250_000, quantity: 1 }],
  ...over,
});

beforeEach(async () => {
  await db().delete(analyticsEvents);
  t.setNow(new Date('2026-03-02T03:00:00.000Z'));
});

describe('POST /api/events', () => {
  it('stores a batch with the collector time, the hotel, the campaign and the ecommerce fields', async () => {
    const campaign = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'mudik-2026', promo: 'MUDIK' };
    const res = await send({ events: [{ event: 'page_view', ...base }, search({ campaign })] });
    expect(res).toEqual({ status: 202, data: { data: { accepted: 2 } } });
    const stored = await db().select().from(analyticsEvents).orderBy(analyticsEvents.id);
    expect(stored.map((e) => e.name)).toEqual(['page_view', 'search']);
    expect(stored[1]).toMatchObject({
      clientId: base.client_id,
      pagePath: '/search/1-bobobox-blok-m/',
      lang: 'en',
      hotelId: 1,
      campaign: 'mudik-2026',
      source: 'instagram / social',
      value: 250_000,
      receivedAt: new Date('2026-03-02T03:00:00.000Z'),
    });
    expect(stored[1]!.fields).toMatchObject({ check_in: '2026-03-12', currency: 'IDR', items: [{ item_id: '1-11' }] });
    expect(stored[0]).toMatchObject({ hotelId: null, campaign: null, source: null, value: null });
  });

  it('refuses what is not a valid batch with 400 or 422, never a 500, and stores nothing', async () => {
    const cases: [string, Parameters<typeof send>][] = [
      ['not JSON', [null, { raw: '{"events": [' }]],
      ['a JSON array', [null, { raw: '[1,2]' }]],
      ['text/plain', [null, { raw: 'page_view', contentType: 'text/plain' }]],
      ['no events', [{ events: [] }]],
      ['events not a list', [{ events: 'page_view' }]],
      ['an unknown event', [{ events: [{ ...base, event: 'add_to_cart' }] }]],
      ['no client id', [{ events: [{ event: 'page_view', page_path: '/' }] }]],
      ['a client id with markup', [{ events: [{ ...base, event: 'page_view', client_id: '<script>x</script>' }] }]],
      ['a path that is a URL', [{ events: [{ ...base, event: 'page_view', page_path: 'https://evil.example/' }] }]],
      ['a negative price', [{ events: [search({ value: -5 })] }]],
      ['a price as text', [{ events: [search({ value: 'lots' })] }]],
      ['a date that is not one', [{ events: [search({ check_in: 'tomorrow' })] }]],
      ['another currency', [{ events: [search({ currency: 'USD' })] }]],
      ['a hotel id of zero', [{ events: [search({ hotel_id: 0 })] }]],
      ['a campaign with markup', [{ events: [search({ campaign: { utm_campaign: '<img src=x>' } })] }]],
      ['a campaign too long', [{ events: [search({ campaign: { utm_campaign: 'x'.repeat(101) } })] }]],
      ['21 events', [{ events: Array.from({ length: 21 }, () => ({ ...base, event: 'page_view' })) }]],
    ];
    for (const [label, args] of cases) {
      const res = await send(...args);
      expect([400, 422], `${label}: ${res.status} ${JSON.stringify(res.data)}`).toContain(res.status);
    }
    const tooLarge = await send({ events: [search({ items: [{ item_id: 'x'.repeat(EVENTS_MAX_BODY_BYTES) }] })] });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data?.code).toBe('body_too_large');
    expect(await db().select().from(analyticsEvents)).toEqual([]);
  });

  it(`refuses an address past ${EVENTS_BY_IP.limit} posts a minute with 429; another address still counts`, async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < EVENTS_BY_IP.limit; i++)
      expect((await send({ events: [{ event: 'page_view', ...base }] }, { ip })).status).toBe(202);
    const refused = await send({ events: [{ event: 'page_view', ...base }] }, { ip });
    expect(refused.status).toBe(429);
    expect((await send({ events: [{ event: 'page_view', ...base }] })).status).toBe(202);
    const [n] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from analytics_events`);
    expect(Number(n!.n)).toBe(EVENTS_BY_IP.limit + 1);
  });
});

/** A waiting reservation of a new guest at hotel 1, room type 11. */
async function holdRoom(checkIn: string, extra: Record<string, string> = {}) {
  await t.useNewGuest();
  const res = await t.call('POST', '/api/clients/v1/reservations/create', {
    token: t.userToken,
    form: {
      hotel_id: '1',
      room_type_id: '11',
      check_in_date_time: checkIn,
      check_out_date_time: Temporal.PlainDate.from(checkIn).add({ days: 1 }).toString(),
      total_room: '1',
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.data.id as number;
}

describe('npm run ops -- funnel', () => {
  it('counts searches, rooms, checkouts and purchases per destination and per campaign, within the days asked', async () => {
    const [jakarta] = await db().select().from(hotels).where(eq(hotels.id, 1));
    const other = (await db().select().from(hotels)).find((h) => h.city !== jakarta!.city)!;
    const mudik = { utm_source: 'instagram', utm_campaign: 'mudik-2026' };
    const at = (iso: string) => t.setNow(new Date(iso));
    // The journey's reservation, paid; and another one left waiting.
    // Made on 2 March from the campaign (its create call carried it), paid the same day: 540.000.
    at('2026-03-02T02:00:00.000Z');
    const paid = await holdRoom('2026-03-20', { campaign_identifier: 'mudik-2026' });
    await settledPayment(db(), { reservationId: paid, amount: 540_000, at: new Date('2026-03-02T02:30:00.000Z') });
    const waiting = await holdRoom('2026-03-22');
    // 1 March 23:30 Jakarta time: before the range.
    at('2026-03-01T16:30:00.000Z');
    await send({ events: [search()] });
    // 2 March, Jakarta time: a campaign journey that books (its status page shown twice), a plain one
    // that stops at the room, and a search elsewhere.
    at('2026-03-02T03:00:00.000Z');
    await send({
      events: [
        { event: 'page_view', ...base, campaign: mudik },
        search({ campaign: mudik }),
        search({ campaign: mudik }),
        { event: 'room_chosen', ...base, hotel_id: 1, room_type_id: 11, value: 500_000, campaign: mudik },
        { event: 'begin_checkout', ...base, hotel_id: 1, reservation_id: paid, value: 540_000, campaign: mudik },
        { event: 'purchase', ...base, hotel_id: 1, reservation_id: paid, value: 540_000, campaign: mudik },
        { event: 'purchase', ...base, hotel_id: 1, reservation_id: paid, value: 540_000, campaign: mudik },
      ],
    });
    // Purchases nobody paid for (anyone can send events): an unpaid reservation, an unknown one, none.
    await send({
      events: [
        { event: 'purchase', ...base, hotel_id: 1, reservation_id: waiting, value: 999_000, campaign: mudik },
        { event: 'purchase', ...base, hotel_id: 1, reservation_id: 2_000_000, value: 999_000, campaign: mudik },
        { event: 'purchase', ...base, hotel_id: 1, value: 999_000, campaign: mudik },
      ],
    });
    await send({
      events: [
        search(),
        { event: 'room_chosen', ...base, hotel_id: 1, value: 250_000 },
        search({ hotel_id: other.id }),
      ],
    });
    // 3 March 00:10 Jakarta time: after the range.
    at('2026-03-02T17:10:00.000Z');
    await send({ events: [search({ campaign: mudik })] });

    const { code, out } = await runOps(['funnel', '--from', '2026-03-02', '--to', '2026-03-02'], t.deps);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(out[0]).toBe('Booking funnel 2026-03-02 to 2026-03-02 (Jakarta time)');
    const row = (key: string, section: 'destination' | 'campaign') => {
      const lines = text
        .split('\n\n')
        .find((s) => s.startsWith(section))!
        .split('\n');
      return lines
        .find((l) => l.startsWith(`${key}  `) || l.startsWith(`${key} `))
        ?.trim()
        .split(/\s{2,}/);
    };
    // searches, rooms, checkouts, holds, purchases, conversion, revenue: holds and purchases from the
    // reservations (two made that day, one paid), the revenue what was paid, whatever events claimed.
    expect(row(jakarta!.city, 'destination')).toEqual([jakarta!.city, '3', '2', '1', '2', '1', '33%', 'Rp 540.000']);
    expect(row(other.city, 'destination')).toEqual([other.city, '1', '0', '0', '0', '0', '0%', 'Rp 0']);
    expect(row('mudik-2026', 'campaign')).toEqual(['mudik-2026', '2', '1', '1', '1', '1', '50%', 'Rp 540.000']);
    expect(row('(none)', 'campaign')).toEqual(['(none)', '2', '1', '0', '1', '0', '0%', 'Rp 0']);
    expect(row('total', 'campaign')).toEqual(['total', '4', '2', '1', '2', '1', '25%', 'Rp 540.000']);

    const empty = await runOps(['funnel', '--from', '2025-01-01', '--to', '2025-01-31'], t.deps);
    expect(empty).toEqual({
      code: 0,
      out: [
        'Booking funnel 2025-01-01 to 2025-01-31 (Jakarta time)',
        'No searches, rooms, checkouts, holds or purchases.',
      ],
    });
  });

  it('a forged purchase event moves neither purchases nor revenue; a day-by-day view per campaign adds up', async () => {
    const at = (iso: string) => t.setNow(new Date(iso));
    at('2026-04-10T02:00:00.000Z');
    const paid = await holdRoom('2026-04-20', { campaign_identifier: 'lebaran-2026' });
    await settledPayment(db(), { reservationId: paid, amount: 310_000, at: new Date('2026-04-11T02:00:00.000Z') });
    const range = { from: new Date('2026-04-09T17:00:00.000Z'), to: new Date('2026-04-11T17:00:00.000Z') };
    const before = await funnel(t.deps, range, 'campaign');
    // A purchase event for that very reservation, claiming a hundred million, sent first and again.
    at('2026-04-11T01:00:00.000Z');
    const forged = { event: 'purchase', ...base, hotel_id: 1, reservation_id: paid, value: 99_000_000 };
    expect((await send({ events: [forged, forged] })).status).toBe(202);
    const after = await funnel(t.deps, range, 'campaign');
    expect(after).toEqual(before);
    const lebaran = after.find((r) => r.key === 'lebaran-2026')!;
    expect([lebaran.holds, lebaran.purchases, lebaran.revenue]).toEqual([1, 1, 310_000]);
    // Per Jakarta day: the hold on the 10th, the payment on the 11th.
    const days = (await funnel(t.deps, range, 'campaign', { perDay: true })).filter((r) => r.key === 'lebaran-2026');
    expect(days.map((r) => [r.day, r.holds, r.purchases, r.revenue])).toEqual([
      ['2026-04-10', 1, 0, 0],
      ['2026-04-11', 0, 1, 310_000],
    ]);
  });

  it('refuses missing, malformed or reversed dates with its usage', async () => {
    for (const args of [
      ['funnel'],
      ['funnel', '--from', '2026-03-02'],
      ['funnel', '--from', '2026-02-30', '--to', '2026-03-02'],
      ['funnel', '--from', '2026-03-05', '--to', '2026-03-02'],
      ['funnel', '--since', '2026-03-02'],
    ]) {
      const res = await runOps(args, t.deps);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.out.at(-1)).toContain('npm run ops -- funnel --from YYYY-MM-DD --to YYYY-MM-DD');
    }
  });
});

describe('the campaign on the reservation', () => {
  it('is stored from the reservation call and shown in its detail; without one the channel is the web', async () => {
    await t.useNewGuest();
    const hold = (extra: Record<string, string>) =>
      t.call('POST', '/api/clients/v1/reservations/create', {
        token: t.userToken,
        form: {
          hotel_id: '1',
          room_type_id: '11',
          check_in_date_time: '2026-03-20',
          check_out_date_time: '2026-03-21',
          total_room: '1',
          ...extra,
        },
      });
    const res = await hold({
      campaign_identifier: 'mudik-2026',
      campaign_event: 'MUDIK',
      channel_source: 'instagram / social',
    });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, res.data.data.id));
    expect(row).toMatchObject({
      campaignIdentifier: 'mudik-2026',
      campaignEvent: 'MUDIK',
      channelSource: 'instagram / social',
    });
    const view = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${row!.id}`, {
      token: t.userToken,
    });
    expect(view.data.data.info).toMatchObject({
      campaignIdentifier: 'mudik-2026',
      campaignEvent: 'MUDIK',
      channelSource: 'instagram / social',
    });

    const plain = await hold({});
    expect(plain.status).toBe(201);
    const plainView = await t.call('GET', `/api/clients/v1/reservations/view?reservationId=${plain.data.data.id}`, {
      token: t.userToken,
    });
    expect(plainView.data.data.info).toMatchObject({
      campaignIdentifier: null,
      campaignEvent: null,
      channelSource: 'web',
    });

    const bad = await hold({ campaign_identifier: '<script>alert(1)</script>' });
    expect(bad.status).toBe(422);

    // The GraphQL create carries the same campaign fields, with the same checks.
    const create = (campaign: string) =>
      t.gql(
        'secure',
        'mutation C($input: HotelCreateReservationInput!) { HotelCreateReservation(input: $input) { id } }',
        {
          input: {
            hotel_id: 1,
            room_type_id: 11,
            check_in_date_time: '2026-03-24',
            check_out_date_time: '2026-03-25',
            total_room: 1,
            campaign_identifier: campaign,
            campaign_event: 'PAYDAY',
            channel_source: 'tiktok / social',
          },
        },
      );
    const viaGraphql = await create('gajian-maret');
    expect(viaGraphql.status, JSON.stringify(viaGraphql.data)).toBe(200);
    const [fromGraphql] = await db()
      .select()
      .from(reservations)
      .where(eq(reservations.id, viaGraphql.data.data.HotelCreateReservation.id));
    expect(fromGraphql).toMatchObject({
      campaignIdentifier: 'gajian-maret',
      campaignEvent: 'PAYDAY',
      channelSource: 'tiktok / social',
    });
    const refused = await create('<script>alert(1)</script>');
    expect(refused.data.data?.HotelCreateReservation ?? null).toBeNull();
    expect(refused.data.errors?.length).toBeGreaterThan(0);
  });
});
