import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Temporal } from '../../core/temporal.ts';
import { build } from 'vite';
import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { apiGuest, apiPay } from './journey-helpers.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';
import { FUNNEL_WORDS } from '../../studio/funnel-tool.tsx';
import { LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// The Studio's own editor tools in Chromium (issue 30, items 1, 2, 4 and 5). No Sanity project is
// reachable here, so a harness (tests/studio-harness/) mounts the Studio's custom document actions and
// its Funnel tool exactly as the Studio does, with a document from the bundled dataset, on this
// server's origin (the embedded default trusts an editor on this machine). Sanity's Publish is a stub
// that records what it would have published.

const DATASET = path.resolve('content/dataset/production.ndjson');
type Doc = Record<string, unknown> & { _id: string; _type: string };
const docs = (): Doc[] =>
  readFileSync(DATASET, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Doc);
const doc = (id: string) => docs().find((d) => d._id === id) ?? null;
const text = (v: unknown, lang: 'en' | 'id') => (v as Record<string, string>)[lang];

let built: Promise<string> | null = null;
/** The harness, built once per worker with Vite (the Studio's build tool). */
function harness(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'studio-harness-'));
    await build({
      configFile: false,
      root: path.resolve('tests/studio-harness'),
      base: '/studio-harness/',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return built;
}

type Scenario = {
  tool?: 'funnel' | 'build-status' | 'translations';
  documents?: Doc[];
  id: string;
  type: string;
  draft: Doc | null;
  published: Doc | null;
};

/** The harness on this server's origin, as an editor on this machine, for one document or the tool. */
async function openStudio(page: Page, scenario: Scenario) {
  const dir = await harness();
  await page.route('**/studio-harness/**', async (route) => {
    const rel = new URL(route.request().url()).pathname.replace(/^\/studio-harness\//, '') || 'index.html';
    await route.fulfill({ path: path.join(dir, rel) });
  });
  await page.addInitScript((s) => {
    (window as unknown as { __HARNESS__: unknown }).__HARNESS__ = s;
  }, scenario);
  await page.setExtraHTTPHeaders(FROM_THIS_MACHINE);
  await page.goto('/studio-harness/index.html');
}

const editing = (publishedId: string): Scenario => {
  const draft = doc(`drafts.${publishedId}`);
  const published = doc(publishedId);
  return { id: publishedId, type: (draft ?? published)!._type, draft, published };
};

for (const { lang } of LANG_CASES) {
  const s = contentStrings(lang).preview;
  test(`an editor previews a draft promo, a scheduled announcement and the home page from the Studio, both languages side by side; the live pages keep the published text (${lang})`, async ({
    page,
    request,
  }) => {
    const cases = [
      {
        scenario: editing('promo-dompet-digital'),
        draftText: text(doc('drafts.promo-dompet-digital')!.title, lang),
        liveText: text(doc('promo-dompet-digital')!.title, lang),
        livePath: localizedPath(lang, '/promo/dompet-digital/'),
      },
      {
        scenario: editing('announcement-cabin-holidays-2031'),
        draftText: text(doc('drafts.announcement-cabin-holidays-2031')!.message, lang),
        liveText: null,
        livePath: localizedPath(lang, '/'),
      },
      {
        // A hotel's editorial content previews on the hotel page itself.
        scenario: editing('hotel-content-1'),
        draftText: (doc('drafts.hotel-content-1')!.fieldNotes as Record<string, { children: { text: string }[] }[]>)[
          lang
        ][0]!.children[0]!.text,
        liveText: (doc('hotel-content-1')!.fieldNotes as Record<string, { children: { text: string }[] }[]>)[lang][0]!
          .children[0]!.text,
        livePath: localizedPath(lang, '/search/1-bobobox-blok-m/'),
      },
      {
        scenario: editing('homePage'),
        draftText: text(doc('drafts.homePage')!.heroTitle, lang),
        liveText: text(doc('homePage')!.heroTitle, lang),
        livePath: localizedPath(lang, '/'),
      },
    ];
    for (const c of cases) {
      await openStudio(page, c.scenario);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Preview' });
      // Both languages side by side, each a frame of the page as it will look.
      await expect(dialog.locator('[data-preview-lang]')).toHaveCount(2);
      const frame = page.frameLocator(`[data-preview-lang="${lang}"] iframe`);
      await expect(frame.locator('[data-preview-banner]')).toContainText(s.banner);
      await expect(frame.locator('body')).toContainText(c.draftText);
      // Signed, short-lived, never indexed, never cached.
      const href = (await dialog.locator(`[data-preview-lang="${lang}"] a`).getAttribute('href'))!;
      expect(href).toMatch(/[?&]sig=[0-9a-f]{64}/);
      const answer = await request.get(href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toContain('no-store');
      expect(answer.headers()['x-robots-tag']).toContain('noindex');
      // The live page still shows what is published.
      const live = await (await request.get(c.livePath)).text();
      expect(live).not.toContain(c.draftText);
      if (c.liveText) expect(live).toContain(c.liveText);
    }
  });
}

test('Publish on a document whose go-live time is still to come schedules it instead; a past one publishes', async ({
  page,
}) => {
  const announcement = editing('announcement-cabin-holidays-2031');
  expect(Date.parse(String(announcement.draft!.publishAt))).toBeGreaterThan(Date.now());
  await openStudio(page, announcement);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  const schedule = page.getByRole('button', { name: 'Schedule', exact: true });
  await expect(schedule).toHaveAttribute('title', /Goes live by itself on 1 December 2031/);
  await schedule.click();
  // The site armed its schedule (the editor's call reached it); nothing was published.
  await expect(page.getByRole('dialog', { name: 'Scheduled' })).toContainText('Not published now');
  await expect(page.getByRole('dialog', { name: 'Scheduled' }).getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __published: string[] }).__published)).toEqual([]);

  // The same document with its time cleared (or passed) publishes as before.
  const now = { ...announcement, draft: { ...announcement.draft!, publishAt: '2026-01-01T00:00:00Z' } };
  await page.goto('about:blank');
  await openStudio(page, now);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { __published: string[] }).__published)).toEqual([
    'announcement-cabin-holidays-2031',
  ]);
});

test('the preview links are for editors only: another address is refused in its language', async ({ request }) => {
  // The test's own client address is not this machine, as a stranger's would not be.
  const refused = await request.post('/api/site/preview-links', {
    data: { id: 'drafts.homePage' },
    headers: { 'accept-language': 'id' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('editor');
  const funnel = await request.get('/api/site/funnel?from=2026-01-01&to=2026-01-02');
  expect(funnel.status()).toBe(403);
});

for (const { lang } of LANG_CASES) {
  test(`the Funnel tool charts a campaign's day from the bookings themselves, whatever the browser claims (${lang})`, async ({
    page,
    request,
  }) => {
    const guest = await apiGuest(request, `funnel${lang}`);
    const campaign = `studio-${lang}-${Date.now().toString(36)}`;
    const today = Temporal.Now.zonedDateTimeISO('Asia/Jakarta').toPlainDate();
    let reservationId = 0;
    for (let i = 1; i < 30 && !reservationId; i++) {
      const res = await request.post('/api/clients/v1/reservations/create', {
        form: {
          hotel_id: '1',
          room_type_id: '11',
          check_in_date_time: today.add({ days: i }).toString(),
          check_out_date_time: today.add({ days: i + 1 }).toString(),
          total_room: '1',
          campaign_identifier: campaign,
        },
        headers: { Authorization: `Bearer ${guest.accessToken}` },
      });
      if (res.status() === 201) reservationId = (await res.json()).data.id;
    }
    const paid = await apiPay(request, guest.accessToken, reservationId);
    // A forged purchase for the same booking, claiming far more.
    await request.post('/api/events', {
      data: {
        events: [
          {
            event: 'purchase',
            client_id: 'c0ffee00-1111-4222-8333-444455556666',
            page_path: '/payment/status/',
            lang,
            hotel_id: 1,
            reservation_id: reservationId,
            value: 99_000_000,
            campaign: { utm_campaign: campaign },
          },
        ],
      },
    });
    await openStudio(page, { tool: 'funnel', id: 'funnel', type: 'tool', draft: null, published: null });
    const w = FUNNEL_WORDS[lang];
    if (lang === 'en') await page.getByLabel(FUNNEL_WORDS.id.language).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
    const section = page.getByRole('region', { name: campaign });
    await expect(section.getByRole('img', { name: w.chart(campaign) })).toBeVisible();
    const row = section.locator(`tr[data-day="${today.toString()}"]`);
    const revenue = `Rp ${paid.grossAmount.toLocaleString('id-ID')}`;
    await expect(row.locator('td')).toHaveText(['0', '0', '1', '1', revenue]);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(`${campaign}: ${revenue}`);
    await expect(section.getByRole('columnheader')).toHaveText([
      w.day,
      w.visits,
      w.searches,
      w.holds,
      w.payments,
      w.revenue,
    ]);
  });
}

test("the Studio's Site build tool says what the live site shows, from the site itself", async ({ page, request }) => {
  const status = await (await request.get('/api/site/build-status')).json();
  await openStudio(page, { tool: 'build-status', id: 'build', type: 'tool', draft: null, published: null });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site build');
  await expect(page.locator(`[data-build-state="${status.state}"]`)).toContainText(
    status.state === 'ok' ? `Live: content version ${status.contentVersion}` : 'the site',
  );
});

test("the Studio's Translations tool lists the unfinished draft with the field and the missing language", async ({
  page,
}) => {
  await openStudio(page, {
    tool: 'translations',
    id: 'translations',
    type: 'tool',
    draft: null,
    published: null,
    documents: docs(),
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Translations');
  const row = page.getByRole('row').filter({ hasText: 'Merry Christmas: 20% off cabins' }).first();
  await expect(row).toContainText('(draft)');
  await expect(row).toContainText('Bahasa Indonesia');
  // A finished draft is not listed.
  await expect(page.getByRole('row').filter({ hasText: '20% off e-wallet payments, weekends only' })).toHaveCount(0);
});
