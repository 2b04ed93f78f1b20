import type { Dictionary } from '../../core/i18n/en.ts';
import type { PointsProblem } from '../stores/$payment.ts';

/**
 * What is wrong, in the page's words: the box shows the title ("Failed to redeem Bobopoint") once
 * above it, so the reason never repeats it. The API's refusals (422, api/pricing) are told by code;
 * its own message (title and reason in one, for other clients) is the fallback.
 */
export function pointsReason(t: Dictionary['payment'], problem: NonNullable<PointsProblem> | string): string | null {
  switch (problem) {
    case 'not_enough':
    case 'points_insufficient':
      return t.pointsNotEnough;
    case 'step':
    case 'points_step':
      return t.pointsStep;
    case 'max':
    case 'points_max':
      return t.pointsMax;
    case 'points_over_total':
      return t.pointsOverTotal;
    default:
      return null;
  }
}
