import { HEADER_SHOWN_AT_PX, HEADER_STICKY_AT_PX } from '../constants.ts';

/** The header is sticky after 100 px of scroll and slides into view after 400 px. */
export function headerState(scrollY: number): { sticky: boolean; shown: boolean } {
  return { sticky: scrollY >= HEADER_STICKY_AT_PX, shown: scrollY >= HEADER_SHOWN_AT_PX };
}
