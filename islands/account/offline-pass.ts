// Keep the My stay page usable offline: a small service worker (site/public/stay-pass-sw.js) scoped
// to this page keeps its HTML, scripts, styles and pictures; the stays themselves are saved in
// localStorage by $account.loadStays. A browser without service workers still has the saved data
// whenever the page itself loads.

export const STAY_PASS_WORKER = '/stay-pass-sw.js';

/** Register the page's worker (idempotent); quietly nothing where service workers are unavailable. */
export function registerStayPassWorker(scope: string): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(STAY_PASS_WORKER, { scope }).catch(() => undefined);
}

/**
 * Ask the worker to keep what this page loaded (the page and every same-origin resource): resolves
 * true once kept, false when it could not (no worker active within 15 s, or no answer within 15 s).
 * The worker may still be registering when the stays arrive (both start as the page mounts), so this
 * waits for the page's worker to be active instead of asking for a registration that may not exist
 * yet: asking too early gave up, and the page never said the pass was saved.
 */
export async function keepPageOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
  ]);
  const worker = ready?.active;
  if (!worker) return false;
  const urls = [
    location.pathname,
    ...performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(location.origin)),
  ];
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 15_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data === 'kept');
    };
    worker.postMessage({ type: 'keep', urls }, [channel.port2]);
  });
}
