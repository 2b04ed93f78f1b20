import type { MyStay } from '../../core/contracts/account.ts';

// Self check-in on the web (spec section 4): the web shows the state and the rules; the check-in
// itself, with its face verification, happens in the app. One function decides the state from the
// API's facts and the current time, so the page and its tests agree. Everyone on a stay (the booker,
// and each guest who accepted it) checks in for themselves: the facts are the viewer's own.

export type SelfCheckInState =
  /** Checked in already (the app reported it). */
  | 'done'
  /** 3 failed face verifications: the guest must go to the host. */
  | 'contact-host'
  /** Before the window: it opens 1 hour before check-in time, on the check-in day. */
  | 'closed'
  /** The stay is over. */
  | 'ended'
  /** In the window, but the booker's ID is not verified yet. */
  | 'identity'
  /** In the window, ID verified: check in now (in the app). */
  | 'open';

export function selfCheckInState(s: MyStay['selfCheckIn'], now: number): SelfCheckInState {
  if (s.checkedInAt) return 'done';
  if (s.livenessCountRetry >= s.maxLivenessRetries) return 'contact-host';
  if (now < Date.parse(s.opensAt)) return 'closed';
  if (now >= Date.parse(s.closesAt)) return 'ended';
  if (s.identityStatus !== 'verified') return 'identity';
  return 'open';
}
