// The account pages' JavaScript budget: ONE number, read by the browser test (tests/e2e/account-stays.e2e.ts,
// per page in a fresh context, signed in) and by `npm run bench:pages` (scripts/bench-pages.ts, which
// prints every account page against it and exits 1 when one is over).

/**
 * Compressed JavaScript of an account page (React, nanostores, ky, temporal-polyfill and the page's
 * island; My stay adds the QR encoder). Measured 2026-11-26 (brotli): orders 95 614, history 94 716,
 * My stay 104 617 bytes (islands/README.md); the budget leaves room for a few KB.
 */
export const ACCOUNT_JS_BUDGET = 112 * 1024;

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
