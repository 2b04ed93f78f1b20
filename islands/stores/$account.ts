import { atom } from 'nanostores';
import { ApiError, SessionRedirect, userCall } from '../lib/api-client.ts';
import { $auth, $pendingCount, loadPendingCount, restoreAuth } from './$auth.ts';
import type { Invitation, MyStay, StayHistoryItem, StayShareView } from '../../core/contracts/account.ts';
import type { ReservationListSchema } from '../../core/contracts/responses.ts';
import type { InferOutput } from 'valibot';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { PaymentStatus } from '../../core/payment-status.ts';

// The account area's state (orders, history, My stay) and its actions, beside the session store.
// Every list starts 'idle' on the server and in the first client render, so hydration matches; the
// islands call the actions once mounted. My stay keeps the last answer in localStorage so the stay
// pass opens without a connection (and the page's service worker keeps its HTML and scripts).

export type Order = InferOutput<typeof ReservationListSchema>['items'][number];
export type Loadable<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'error'; message: string };
export type StaysState =
  | Loadable<MyStay>
  /** The API could not be reached: the stays saved on this device, and when they were saved. */
  | { status: 'saved'; items: MyStay[]; savedAt: string };

export const $orders = atom<Loadable<Order>>({ status: 'idle' });
export const $history = atom<Loadable<StayHistoryItem>>({ status: 'idle' });
export const $stays = atom<StaysState>({ status: 'idle' });

/**
 * The account pages are for signed-in guests: a visitor goes to sign-in and comes back to this very
 * page (sign-in's ?redirect=). Returns whether the page may load its data.
 */
export function requireSession(
  lang: Lang,
  location: Pick<Location, 'pathname' | 'search' | 'replace'> = window.location,
) {
  if (restoreAuth().isLoggedIn) return true;
  location.replace(
    `${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(location.pathname + location.search)}`,
  );
  return false;
}

async function load<T>(store: { set(v: Loadable<T>): void }, call: () => Promise<T[]>, failed: string) {
  store.set({ status: 'loading' });
  try {
    store.set({ status: 'ready', items: await call() });
  } catch (error) {
    if (error instanceof SessionRedirect) return;
    store.set({ status: 'error', message: error instanceof ApiError ? error.message : failed });
  }
}

/** Orders: reservations waiting for payment inside their payment window (the API expires the rest). */
export function loadOrders(failed: string) {
  return load(
    $orders,
    async () => {
      const body = await userCall<{ data: { items: Order[] } }>({
        path: 'clients/v1/reservations/list',
        query: { paymentStatus: PaymentStatus.waiting },
      });
      return body.data.items;
    },
    failed,
  );
}

/** Drop an order whose payment window ran out while the page was open. */
export function dropOrder(reservationId: number) {
  const s = $orders.get();
  if (s.status === 'ready') $orders.set({ ...s, items: s.items.filter((o) => o.reservationId !== reservationId) });
}

/** Cancel a waiting order (the API gives its nights back); the badge is read again. Throws on refusal. */
export async function cancelOrder(reservationId: number): Promise<void> {
  await userCall({ method: 'post', path: 'clients/v1/reservations/cancel', form: { reservationId } });
  dropOrder(reservationId);
  $pendingCount.set(Math.max(0, $pendingCount.get() - 1));
  await loadPendingCount().catch(() => undefined);
}

export function loadHistory(failed: string) {
  return load(
    $history,
    async () => (await userCall<{ data: StayHistoryItem[] }>({ path: 'clients/v1/stays/history' })).data,
    failed,
  );
}

// ---- My stay, with the copy kept for offline use --------------------------------------------------

const SAVED_KEY = 'savedStays';
type Saved = { userId: number; savedAt: string; items: MyStay[] };

/** The stays saved on this device for the signed-in user (another user's copy is never shown). */
export function readSavedStays(storage: Pick<Storage, 'getItem'> = localStorage): Saved | null {
  const userId = $auth.get().user?.id;
  try {
    const saved = JSON.parse(storage.getItem(SAVED_KEY) ?? 'null') as Saved | null;
    return saved && userId !== undefined && saved.userId === userId && Array.isArray(saved.items) ? saved : null;
  } catch {
    return null;
  }
}

/** Forget the saved stays (signed out, or another user on this device). */
export function forgetSavedStays(storage: Pick<Storage, 'removeItem'> = localStorage) {
  storage.removeItem(SAVED_KEY);
}

/**
 * Load My stay. While it loads, the copy saved on this device shows; when the API cannot be reached
 * (offline), that copy stays, marked as saved. Errors the API answers are shown as they are.
 */
export async function loadStays(failed: string, storage: Storage = localStorage) {
  const saved = readSavedStays(storage);
  if (!saved) forgetSavedStays(storage);
  $stays.set(saved ? { status: 'ready', items: saved.items } : { status: 'loading' });
  try {
    const body = await userCall<{ data: MyStay[] }>({ path: 'clients/v1/stays' });
    $stays.set({ status: 'ready', items: body.data });
    const userId = $auth.get().user?.id;
    if (userId !== undefined) {
      const copy: Saved = { userId, savedAt: new Date().toISOString(), items: body.data };
      storage.setItem(SAVED_KEY, JSON.stringify(copy));
    }
  } catch (error) {
    if (error instanceof SessionRedirect) return;
    if (!(error instanceof ApiError) && saved)
      $stays.set({ status: 'saved', items: saved.items, savedAt: saved.savedAt });
    else $stays.set({ status: 'error', message: error instanceof ApiError ? error.message : failed });
  }
}
// A session that ends (sign-out in another tab or here) takes the saved copy with it.
$auth.listen((state) => {
  if (!state.isLoggedIn && typeof localStorage !== 'undefined') forgetSavedStays();
});

// Booking for others (api/reservations/stay-guests.ts): the invitations waiting for this guest's
// answer, and the calls of the booker (invite, remove) and of the guest (accept, decline, leave).
// Each call reloads My stay afterwards, so the page shows what the API now holds.
export const $invitations = atom<Loadable<Invitation>>({ status: 'idle' });

export async function loadInvitations(failed: string) {
  // A refresh keeps what is shown until the answer comes (the list, and its status line, stay mounted).
  if ($invitations.get().status !== 'ready') $invitations.set({ status: 'loading' });
  try {
    const body = await userCall<{ data: Invitation[] }>({ path: 'clients/v1/stays/invitations' });
    $invitations.set({ status: 'ready', items: body.data });
  } catch (error) {
    if (error instanceof SessionRedirect) return;
    $invitations.set({ status: 'error', message: error instanceof ApiError ? error.message : failed });
  }
}

/** Invite someone to the booker's stay; the same answer whoever is (or is not) registered there. */
export async function inviteToStay(reservationId: number, contact: string, failed: string): Promise<StayShareView[]> {
  const body = await userCall<{ data: StayShareView[] }>({
    method: 'post',
    path: 'clients/v1/stays/guests/invite',
    json: { reservationId, contact },
  });
  await loadStays(failed);
  return body.data;
}

/** revoke (the booker), accept, decline or leave (the guest): then My stay and the invitations again. */
export async function shareAction(
  action: 'guests/revoke' | 'invitations/accept' | 'invitations/decline' | 'leave',
  shareId: number,
  failed: string,
): Promise<void> {
  await userCall<{ data: { ok: true } }>({ method: 'post', path: `clients/v1/stays/${action}`, json: { shareId } });
  await Promise.all([loadStays(failed), loadInvitations(failed)]);
}
