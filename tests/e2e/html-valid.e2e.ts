import { HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures.ts';

// Issue 31, item 7: every page is valid HTML by html-validate's standard preset: each page of the
// sitemap (both languages), and the on-demand and signed-in shells the browser tests visit.

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** The on-demand pages and app shells the sitemap does not list. */
const EXTRA = [
  '/search/?location=jogja',
  '/search/1-bobobox-blok-m/',
  '/signin/',
  '/signup/',
  '/forgot-password/',
  '/account-choice/',
  '/my-account/profile/',
  '/my-account/reservations/',
  '/reservation/',
  '/payment/',
  '/partnership/',
  '/contact/',
];

test('every page validates with html-validate (standard preset) @desktop', async ({ request }) => {
  test.setTimeout(180_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(listed.length).toBeGreaterThan(50);
  const pages = [...new Set([...listed, ...EXTRA, ...EXTRA.map((p) => `/id${p}`)])];
  const problems: string[] = [];
  for (const page of pages) {
    const res = await request.get(page);
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    const report = await validator.validateString(await res.text(), page);
    for (const r of report.results)
      for (const m of r.messages) if (m.severity === 2) problems.push(`${page}: ${m.ruleId}: ${m.message}`);
  }
  expect(problems).toEqual([]);
});
