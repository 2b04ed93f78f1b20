// Signing out forgets the device (issue 27, item 3): on a shared phone or an internet café PC, the
// next person must find nothing of the last guest. Whatever ended the session (the header's or the
// account sidebar's or the phone menu's sign-out, a refresh the API refused, deleting the account, or
// a sign-out in another tab), this browser loses everything the site kept in it: local and session
// storage (tokens, profile, the saved My stay with its stay-pass QR codes, the chosen room, the last
// search, vouchers, the tracker's browser id), every IndexedDB database, the service worker's caches of
// the offline My stay page and the worker itself. Other open tabs of the site follow: they hear it on
// a BroadcastChannel (and through the storage event, where BroadcastChannel is missing).

/** The channel the site's tabs tell each other about sign-outs on. */
export const SESSION_CHANNEL = 'bobobox-session';
/** Pages that show a signed-in guest's data: another tab's sign-out takes them home. */
export const PRIVATE_PAGES = /^\/(?:id\/)?(?:my-account|reservation|payment)(?:\/|$)/;

async function settle(work: Promise<unknown>, ms = 3_000): Promise<void> {
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** Marks the tab that signs out: its own listeners (another script's channel) must not follow it. */
const SIGNING_OUT = '__bbxSigningOut';

/** Forget everything this browser keeps for the site, and tell the other tabs. */
export async function forgetDevice(): Promise<void> {
  (globalThis as unknown as Record<string, boolean>)[SIGNING_OUT] = true;
  for (const storage of ['localStorage', 'sessionStorage'] as const)
    try {
      globalThis[storage].clear();
    } catch {
      // Storage blocked (a privacy mode): nothing was kept there either.
    }
  const work: Promise<unknown>[] = [];
  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function')
    work.push(
      indexedDB.databases().then((dbs) => Promise.all(dbs.map((db) => db.name && indexedDB.deleteDatabase(db.name)))),
    );
  if (typeof caches !== 'undefined')
    work.push(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))));
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
    work.push(
      navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((r) => r.unregister()))),
    );
  await settle(Promise.all(work));
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage('signed-out');
    channel.close();
  }
}

/**
 * Follow a sign-out made in another tab: `signedOut` runs once (clear this tab's state), then a page
 * that shows the guest's data goes home.
 */
export function followSignOutElsewhere(signedOut: () => void, flagKey: string): void {
  let done = false;
  const follow = () => {
    // This tab signed out itself (and goes where its sign-out says): nothing to follow.
    if (done || (globalThis as unknown as Record<string, boolean>)[SIGNING_OUT]) return;
    done = true;
    // Local storage is shared by the tabs (the other tab cleared it); session storage is this tab's own.
    try {
      sessionStorage.clear();
    } catch {
      // Blocked storage: nothing kept there.
    }
    signedOut();
    if (PRIVATE_PAGES.test(location.pathname)) {
      const lang = location.pathname.startsWith('/id/') ? '/id' : '';
      location.assign(`${lang}/?logout=true`);
    }
  };
  if (typeof BroadcastChannel !== 'undefined')
    new BroadcastChannel(SESSION_CHANNEL).addEventListener('message', (event) => {
      if (event.data === 'signed-out') follow();
    });
  window.addEventListener('storage', (event) => {
    // Another tab cleared the storage (key null) or removed the sign-in flag.
    if (
      event.storageArea === localStorage &&
      (event.key === null || (event.key === flagKey && event.newValue === null))
    )
      follow();
  });
}
