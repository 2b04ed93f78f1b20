import type { Page } from '@playwright/test';

// Compressed JavaScript of a page as the browser receives it (the one server gzips/brotlis).
// Budget for the island pages (home, hotel page): measured figures are in the README; the budget
// leaves a little room above them so a regression of a few KB shows up.
export const JOURNEY_JS_BUDGET = 130 * 1024;

export async function pageScriptBytes(page: Page, path: string) {
  const scripts: { url: string; bytes: number; body: string }[] = [];
  const seen = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    const sizes = await response.request().sizes();
    scripts.push({ url: response.url(), bytes: sizes.responseBodySize, body: await response.text() });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return { total: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
}
