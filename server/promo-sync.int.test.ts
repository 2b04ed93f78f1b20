import { fileURLToPath } from 'node:url';
import { Temporal } from '../core/temporal.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaStartOfDay } from '../core/dates.ts';
import { bookingTestApp, openSeededDatabase } from '../api/db/test-booking.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { createContent } from '../site/lib/content/content.ts';
import type { Promo, PromoFacts } from '../site/lib/content/models.ts';
import { syncPromotionsFromContent } from './promo-sync.ts';

// One source of truth: every code /promo/ advertises (read from the content, not a list written
// here) is accepted by a search on any day of its booking period, for a stay inside its stay period
// at one of its hotels, and refused the day before the period starts and the day after it ends.

const DATASET = fileURLToPath(new URL('../content/dataset/production.ndjson', import.meta.url));
const TODAY = Temporal.PlainDate.from('2026-11-26');
const tenAm = (d: Temporal.PlainDate) => new Date(jakartaStartOfDay(d).getTime() + 10 * 3_600_000);
const content = createContent(readContentEnv({ CONTENT_NOW: tenAm(TODAY).toISOString(), CONTENT_DATASET: DATASET }));

let t: Awaited<ReturnType<typeof bookingTestApp>>;
let advertised: Promo[];
let facts: Map<string, PromoFacts>;
beforeAll(async () => {
  // Stock and rates from today on (the seed writes a window ahead of the day it runs).
  const db = await openSeededDatabase(tenAm(TODAY));
  t = await bookingTestApp({}, db);
  await syncPromotionsFromContent(t.db, content);
  advertised = await content.getPromos('en');
  facts = new Map((await content.getPromoFacts()).map((f) => [f.couponCode, f]));
}, 60_000);

async function search(code: string, day: Temporal.PlainDate, checkIn: Temporal.PlainDate) {
  const f = facts.get(code)!;
  await at(day);
  const r = await t.call('POST', '/api/clients/v1/search', {
    json: {
      hotelId: f.hotelIds[0] ?? 1,
      checkInDateTime: checkIn.toString(),
      checkOutDateTime: checkIn.add({ days: 1 }).toString(),
      promoCode: code,
    },
  });
  expect(r.status).toBe(200);
  return r.data.data as { promoCode: string | null; roomTypes: { returnMessagePromo: string }[] };
}

/** Move the clock; the tokens of the earlier day have expired by then, so take new ones. */
async function at(day: Temporal.PlainDate) {
  t.setNow(tenAm(day));
  await t.useNewGuest();
}

const later = (a: Temporal.PlainDate, b: Temporal.PlainDate) => (Temporal.PlainDate.compare(a, b) >= 0 ? a : b);

describe('advertised promo codes work exactly in the period the promo page shows', () => {
  it('the promo page advertises several codes, among them the two the API once did not know', () => {
    const codes = advertised.map((p) => p.couponCode);
    expect(codes.length).toBeGreaterThanOrEqual(4);
    expect(codes).toEqual(expect.arrayContaining(['ENDLESSSUMMER', 'MUDIKSANTAI']));
  });

  it('every advertised code is accepted inside its booking period', async () => {
    for (const p of advertised) {
      const start = later(Temporal.PlainDate.from(p.periodStart), TODAY);
      const end = Temporal.PlainDate.from(p.periodEnd);
      for (const day of [start, end]) {
        if (Temporal.PlainDate.compare(day, TODAY.add({ days: 120 })) > 0) continue; // past the seeded stock
        const checkIn = later(Temporal.PlainDate.from(p.stayStart), day.add({ days: 1 }));
        const result = await search(p.couponCode, day, checkIn);
        expect({ code: p.couponCode, day: day.toString(), accepted: result.promoCode }).toEqual({
          code: p.couponCode,
          day: day.toString(),
          accepted: p.couponCode,
        });
      }
    }
  });

  it('every advertised code is refused the day after its booking period ends and the day before it starts', async () => {
    for (const p of advertised) {
      const after = Temporal.PlainDate.from(p.periodEnd).add({ days: 1 });
      const refused = await search(p.couponCode, after, after.add({ days: 1 }));
      expect({ code: p.couponCode, accepted: refused.promoCode }).toEqual({ code: p.couponCode, accepted: null });
      expect(refused.roomTypes[0]?.returnMessagePromo).toBe('This promo code has expired.');
      const before = Temporal.PlainDate.from(p.periodStart).subtract({ days: 1 });
      const early = await search(p.couponCode, before, before.add({ days: 1 }));
      expect({ code: p.couponCode, accepted: early.promoCode }).toEqual({ code: p.couponCode, accepted: null });
    }
  });

  it('the API lists the same codes, periods and payment methods as the page', async () => {
    await at(TODAY);
    const r = await t.call('GET', '/api/clients/v1/list-promo?size=-1');
    const listed = new Map(
      (r.data.data as { promo_code: string; period: unknown; stay_period: unknown; payment_methods: string[] }[]).map(
        (p) => [p.promo_code, p],
      ),
    );
    for (const p of advertised.filter((a) => a.periodStart <= TODAY.toString())) {
      expect(listed.get(p.couponCode)).toMatchObject({
        period: { start: p.periodStart, end: p.periodEnd },
        stay_period: { start: p.stayStart, end: p.stayEnd },
        payment_methods: p.paymentMethods,
      });
    }
  });

  it('a promo switched off or scheduled for later is not usable; a second sync changes nothing', async () => {
    const again = await syncPromotionsFromContent(t.db, content);
    expect(again.withdrawn).toBe(0);
    await at(TODAY);
    for (const code of ['DIAMDULU', 'TAHUNBARU31']) {
      const view = await t.call('GET', `/api/clients/v1/list-promo/view?promoCode=${code}`);
      expect(view.status).toBe(404);
    }
  });
});
