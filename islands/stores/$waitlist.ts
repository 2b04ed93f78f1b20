import { atom, onMount } from 'nanostores';
import type { WaitlistOfferView } from '../../core/contracts/waitlist.ts';
import { $auth, $isLoggedIn, loadPendingCount } from './$auth.ts';

/**
 * Rooms held for the signed-in guest because they waited (issue 28, item 5): the header's banner
 * (site/scripts/header.ts) shows the first. Read while something shows the banner, once per page and
 * sign-in, from GET /api/clients/v1/waitlist/offers in the page's language, with plain fetch as the
 * order badge is ($auth.ts): a 401 is left to the islands' client, which refreshes the tokens.
 */
export const $waitlistOffers = atom<WaitlistOfferView[]>([]);

const pageLang = () => (document.documentElement.lang === 'id' ? 'id' : 'en');

export async function loadWaitlistOffers(fetcher: typeof fetch = fetch): Promise<void> {
  const { tokens } = $auth.get();
  if (!tokens) return;
  const response = await fetcher('/api/clients/v1/waitlist/offers', {
    headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Accept-Language': pageLang() },
  });
  if (!response.ok) return;
  const body = (await response.json()) as { data?: WaitlistOfferView[] };
  if (Array.isArray(body.data)) $waitlistOffers.set(body.data);
}

/** Decline an offer: its hold is cancelled and the next guest in line gets the rooms. True when done. */
export async function declineWaitlistOffer(id: number, fetcher: typeof fetch = fetch): Promise<boolean> {
  const { tokens } = $auth.get();
  if (!tokens) return false;
  const response = await fetcher('/api/clients/v1/waitlist/decline', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${tokens.accessToken}`,
      'Accept-Language': pageLang(),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ id }),
  });
  if (!response.ok) return false;
  $waitlistOffers.set($waitlistOffers.get().filter((o) => o.id !== id));
  // The hold was an unpaid order: the badge counts one fewer.
  loadPendingCount(fetcher).catch(() => undefined);
  return true;
}

onMount($waitlistOffers, () =>
  $isLoggedIn.subscribe((loggedIn) => {
    if (loggedIn) loadWaitlistOffers().catch(() => undefined);
    else $waitlistOffers.set([]);
  }),
);
