import type { MyStay } from '../../core/contracts/account.ts';

// Self check-in on the web (spec section 4): the web shows the state and the rules; the check-in
// itself, with its face verification, happens in the app. One function decides the state from the
// API's facts and the current time, so the page and its tests agree.

export type SelfCheckInState =
  /** Checked in already (the app reported it). */
  | 'done'
  /** 3 failed face verifications: the guest must go to the host. */
  | 'contact-host'
  /** Someone else's booking: only the booker checks in, with their own account. */
  | 'not-booker'
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
  if (!s.isBooker) return 'not-booker';
  if (now < Date.parse(s.opensAt)) return 'closed';
  if (now >= Date.parse(s.closesAt)) return 'ended';
  if (s.identityStatus !== 'verified') return 'identity';
  return 'open';
}
