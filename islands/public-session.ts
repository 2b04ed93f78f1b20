// The signed-in part of the islands' public entry (islands/public.ts loads it with loadSession): the
// session store and the actions the header's signed-in view needs.
export {
  $auth,
  $pendingCount,
  clearSession,
  forgetSessionInMemory,
  restoreAuth,
  signOut,
  STORAGE_KEYS,
} from './stores/$auth.ts';
export { followSignOutElsewhere } from './lib/forget-device.ts';
export { $waitlistOffers, declineWaitlistOffer } from './stores/$waitlist.ts';
