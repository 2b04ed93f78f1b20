import type { Page } from '@playwright/test';

/**
 * Compressed JavaScript budgets per kind of page (issue 31), as a Chromium that has Temporal receives
 * it from the one server (brotli), counted until the network is idle with no guest action: ONE set of
 * numbers, read by the browser tests and `npm run bench:pages`. The measured figures are in the README.
 */
export const JS_BUDGET = {
  /** Home and /search/ (the search filter; the API client loads when the guest reaches for it). */
  home: 80 * 1024,
  /**
   * The hotel page: the filter's and the room choice's first answers come with the page (api-seed.ts),
   * so the API client's HTTP library loads only when the guest acts.
   */
  hotel: 85 * 1024,
  /**
   * Sign-in and sign-up: no React (their views render on the server, plain-form.ts drives them);
   * passkey autofill asks the API on load (the client, ky, WebAuthn).
   */
  signIn: 70 * 1024,
  /** A content page for a signed-out visitor: the header, footer, global UI and the tracker only. */
  content: 6 * 1024,
} as const;

export async function pageScriptBytes(page: Page, path: string) {
  const scripts: { url: string; bytes: number; body: string }[] = [];
  const seen = new Set<string>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    reading.push(
      (async () => {
        const sizes = await response.request().sizes();
        scripts.push({ url: response.url(), bytes: sizes.responseBodySize, body: await response.text() });
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(reading);
  return { total: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts };
}
