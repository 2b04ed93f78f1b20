// The islands' public entry for the site's own page scripts (site/scripts/*): the shared stores and
// the event tracker they drive. Everything else in islands/ is private to the islands; a page script
// importing it directly is a lint error (eslint.config.js, scripts/lint/walls.test.ts).
export { $alert, $loadingMask, $online, closeAlert, showAlert } from './stores/$ui.ts';
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
export { captureCampaign, dataLayer, slowOrSaving, track } from './lib/track.ts';
export type { Connection } from './lib/track.ts';
/** The newsletter call, loaded only when someone subscribes (it brings the API client). */
export const loadSubscribe = () => import('./lib/newsletter.ts').then((m) => m.subscribe);
/** The results map (MapLibre), loaded only when the guest opens it on /search/. */
export const loadResultsMap = () => import('./search/results-map.ts');
export type { ResultsMap } from './search/results-map.ts';
