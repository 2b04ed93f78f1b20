import { useSyncExternalStore } from 'react';

// Values only the browser knows (the URL's query, what localStorage says about the session). The
// server renders without them, so the first client render must too, or hydration fails: React's
// answer is useSyncExternalStore with a server snapshot, which renders `serverValue` while
// hydrating and the browser's value right after, without a setState inside an effect.

const noSubscription = () => () => {};

/** `read()` in the browser after hydration, `serverValue` on the server and while hydrating. `read` must return a
 * primitive (or the same object each call): React compares snapshots with Object.is. */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/** False on the server and during hydration, true once the island runs in the browser. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
