import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

// Several islands on one page share stores, and the first to hydrate fills them (hotels, the search
// from the URL, the session) before the next one hydrates. React must hydrate every island with
// what the server rendered, which is each store's initial value; @nanostores/react's `ssr: 'initial'`
// gives exactly that during hydration, and the live value right after. A computed store has no
// initial value of its own: pass the value the server rendered for it.

export function useIslandStore<T>(store: ReadableAtom<T>, serverValue?: T): T {
  return useStore(store, { ssr: serverValue === undefined ? 'initial' : () => serverValue });
}
