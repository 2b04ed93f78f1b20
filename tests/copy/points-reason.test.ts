import { describe, expect, it } from 'vitest';
import { en } from '../../core/i18n/en.ts';
import { id } from '../../core/i18n/id.ts';
import { ApiError } from '../../api/http/errors.ts';
import { redeemPoints } from '../../api/pricing/pricing.ts';
import { checkPoints } from '../../islands/stores/$payment.ts';
import { pointsReason } from '../../islands/payment/points-reason.ts';

// The points error box shows its title once; the reason under it says what is wrong without
// repeating the title, for the browser's own check and for every refusal of the API.

function apiCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.code;
  }
  throw new Error('expected the API to refuse');
}

const apiCodes = [
  apiCode(() => redeemPoints(7_000, 50_000, 500_000)),
  apiCode(() => redeemPoints(105_000, 500_000, 500_000)),
  apiCode(() => redeemPoints(20_000, 15_000, 500_000)),
  apiCode(() => redeemPoints(20_000, 50_000, 10_000)),
];
const clientProblems = [checkPoints(7_000, 50_000), checkPoints(105_000, 500_000), checkPoints(20_000, 15_000)];

describe.each([
  ['en', en.payment],
  ['id', id.payment],
] as const)('points error reasons (%s)', (_lang, t) => {
  it('name every refusal of the API and of the browser check, never repeating the title', () => {
    expect(new Set(apiCodes).size).toBe(4);
    for (const problem of [...apiCodes, ...clientProblems]) {
      const reason = pointsReason(t, problem ?? '');
      expect(reason, String(problem)).toBeTruthy();
      expect(reason?.toLowerCase()).not.toContain(t.pointsErrorTitle.toLowerCase());
    }
    expect(pointsReason(t, 'points_insufficient')).toBe(t.pointsNotEnough);
    expect(pointsReason(t, 'something_else')).toBeNull();
  });
});
