// The account pages' JavaScript budget: ONE number, read by the browser test (tests/e2e/account-stays.e2e.ts,
// per page in a fresh context, signed in) and by `npm run bench:pages` (scripts/bench-pages.ts, which
// prints every account page against it and exits 1 when one is over).

/**
 * Compressed JavaScript of an account page (React, nanostores, ky and the page's island; My stay adds
 * the QR encoder, the profile the passkey library). Measured 2026-12-07 in Chromium (this test,
 * signed in, brotli): orders 84,138, history 83,230, points 85,910, My stay 94,471, profile 97,512
 * bytes; the budget leaves room for a few KB (it was 112 KB while the pages still downloaded the
 * Temporal polyfill and the header's session stores before issue 31).
 */
export const ACCOUNT_JS_BUDGET = 100 * 1024;

/** Every account page (spec section 2), in English; the Indonesian ones are the same under /id/. */
export const ACCOUNT_PAGE_PATHS = [
  '/my-account/',
  '/my-account/order/',
  '/my-account/history/',
  '/my-account/my-stay/',
  '/my-account/point/',
  '/my-account/point/Bobopoint/',
  '/my-account/point/GiftCertificate/',
  '/my-account/profile/',
] as const;
