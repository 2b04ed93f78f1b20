// Site-wide UI on every page: the alert modal, the loading overlay, the top loading bar,
// the chunk-load reload guard and the online/offline state.
import { $alert, $loadingMask, $online, closeAlert } from '../../islands/public.ts';
import { createLoadingBar } from '../lib/client/loading-bar.ts';
import { reloadOnChunkFailure, type ReloadEnv } from '../lib/client/reload-guard.ts';

const alertDialog = document.querySelector<HTMLDialogElement>('[data-alert-modal]');
if (alertDialog) {
  const title = alertDialog.querySelector<HTMLElement>('[data-alert-name]');
  const body = alertDialog.querySelector<HTMLElement>('[data-alert-message]');
  $alert.subscribe((alert) => {
    if (alert) {
      if (title) title.textContent = alert.name;
      if (body) body.textContent = alert.message;
      if (!alertDialog.open) alertDialog.showModal();
    } else if (alertDialog.open) {
      alertDialog.close();
    }
  });
  alertDialog.addEventListener('close', () => {
    if ($alert.get()) closeAlert();
  });
}

const overlay = document.querySelector<HTMLElement>('[data-loading-overlay]');
if (overlay)
  $loadingMask.subscribe((on) => {
    overlay.hidden = !on;
    overlay.setAttribute('aria-busy', String(on));
  });

const barEl = document.querySelector<HTMLElement>('[data-loading-bar]');
if (barEl) {
  const bar = createLoadingBar((progress) => {
    barEl.hidden = progress === null;
    barEl.style.width = `${Math.round((progress ?? 0) * 100)}%`;
  });
  // Internal navigations start the bar; it only appears if the next page takes over 200 ms.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute('download') || event.defaultPrevented) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin === window.location.origin && url.pathname !== window.location.pathname) bar.start();
  });
  window.addEventListener('pageshow', () => {
    while (bar.active) bar.finish();
  });
  (window as unknown as { __loadingBar?: typeof bar }).__loadingBar = bar;
}

const reloadEnv: ReloadEnv = {
  online: () => navigator.onLine,
  whenOnline: (callback) => window.addEventListener('online', callback, { once: true }),
  storage: sessionStorage,
  now: Date.now,
  reload: () => window.location.reload(),
};
const onChunkFailure = (reason: unknown) => reloadOnChunkFailure(reason, reloadEnv);
window.addEventListener('unhandledrejection', (event) => onChunkFailure(event.reason));
window.addEventListener('error', (event) => onChunkFailure(event.error ?? event.message));
window.addEventListener('vite:preloadError', (event) =>
  onChunkFailure((event as Event & { payload?: unknown }).payload),
);

const offlineBanner = document.querySelector<HTMLElement>('[data-offline-banner]');
const setOnline = () => $online.set(navigator.onLine);
window.addEventListener('online', setOnline);
window.addEventListener('offline', setOnline);
setOnline();
$online.subscribe((online) => {
  document.documentElement.dataset.online = String(online);
  if (offlineBanner) offlineBanner.hidden = online;
});
