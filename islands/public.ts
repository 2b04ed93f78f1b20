// The islands' public entry for the site's own page scripts (site/scripts/*): the shared stores and
// the event tracker they drive. Everything else in islands/ is private to the islands; a page script
// importing it directly is a lint error (eslint.config.js, scripts/lint/walls.test.ts).
export { $alert, $loadingMask, $online, closeAlert, showAlert } from './stores/$ui.ts';
export { SESSION_EVENT, hasStoredSession } from './stores/session-flag.ts';
/**
 * The signed-in guest's stores and actions (the session, the order badge, waitlist offers, sign-out),
 * loaded only where a session is kept or an island runs: a signed-out visitor's content page needs none.
 */
export const loadSession = () => import('./public-session.ts');
export type Session = Awaited<ReturnType<typeof loadSession>>;
export { captureCampaign, dataLayer, slowOrSaving, track } from './lib/track.ts';
export type { Connection } from './lib/track.ts';
/** The newsletter call, loaded only when someone subscribes (it brings the API client). */
export const loadSubscribe = () => import('./lib/newsletter.ts').then((m) => m.subscribe);
/** The results map (MapLibre), loaded only when the guest opens it on /search/. */
export const loadResultsMap = () => import('./search/results-map.ts');
export type { ResultsMap } from './search/results-map.ts';
