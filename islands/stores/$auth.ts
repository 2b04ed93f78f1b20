import { forgetDevice } from '../lib/forget-device.ts';
import { WEB_API_KEY } from '../lib/web-key.ts';
import { atom, computed, onMount } from 'nanostores';
import { AUTH_COOKIES, SESSION_EVENT, STORAGE_KEYS, decodeTokens, encodeTokens } from './session-flag.ts';
import type { TokenPair } from './session-flag.ts';

// Auth state as spec section 4 describes: an `isLoggedIn` flag plus the token pair, base64-encoded
// JSON under one local-storage key, restored on load. The profile is cached for the greeting. The keys
// and the stored-session check live in ./session-flag.ts (a signed-out page's header loads only that).
export {
  AUTH_COOKIES,
  SESSION_EVENT,
  STORAGE_KEYS,
  decodeTokens,
  encodeTokens,
  hasStoredSession,
} from './session-flag.ts';
export type { TokenPair } from './session-flag.ts';

export interface AuthUser {
  id: number;
  name: string;
  email?: string;
}
export interface AuthState {
  isLoggedIn: boolean;
  tokens: TokenPair | null;
  user: AuthUser | null;
}

export const $auth = atom<AuthState>({ isLoggedIn: false, tokens: null, user: null });
/** Count of unexpired unpaid reservations, shown as the order badge. */
export const $pendingCount = atom<number>(0);
export const $isLoggedIn = computed($auth, (s) => s.isLoggedIn);

function readUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as AuthUser;
    return typeof u?.name === 'string' && typeof u?.id === 'number' ? u : null;
  } catch {
    return null;
  }
}

/** Restore the session from storage; a flag without a decodable pair counts as signed out. */
export function restoreAuth(storage: Pick<Storage, 'getItem'> = localStorage): AuthState {
  const flag = storage.getItem(STORAGE_KEYS.flag) === 'true';
  const tokens = flag ? decodeTokens(storage.getItem(STORAGE_KEYS.tokens)) : null;
  const state: AuthState = tokens
    ? { isLoggedIn: true, tokens, user: readUser(storage.getItem(STORAGE_KEYS.profile)) }
    : { isLoggedIn: false, tokens: null, user: null };
  $auth.set(state);
  return state;
}

/** The flag cookies' attributes: Secure whenever the site is served over https. */
export function cookieAttributes(protocol: string = typeof location === 'undefined' ? 'http:' : location.protocol) {
  return `path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

export function setSession(tokens: TokenPair, user: AuthUser | null, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.flag, 'true');
  storage.setItem(STORAGE_KEYS.tokens, encodeTokens(tokens));
  if (user) storage.setItem(STORAGE_KEYS.profile, JSON.stringify(user));
  document.cookie = `${AUTH_COOKIES[0]}=true; ${cookieAttributes()}`;
  $auth.set({ isLoggedIn: true, tokens, user });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Sign-out on this device: clears user, profile, stored tokens and both cookies. */
export function clearSession(storage: Storage = localStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
  forgetSessionInMemory();
}

/** This tab's view of the session, and the cookies: signed out (another tab forgot the rest). */
export function forgetSessionInMemory(): void {
  for (const name of AUTH_COOKIES) document.cookie = `${name}=; max-age=0; ${cookieAttributes()}`;
  $auth.set({ isLoggedIn: false, tokens: null, user: null });
  $pendingCount.set(0);
}

/**
 * The session ended (any way): signed out here, and the device forgets everything the site kept
 * (islands/lib/forget-device.ts); other tabs follow. Resolves once it is forgotten.
 */
export async function endSessionOnDevice(): Promise<void> {
  clearSession();
  await forgetDevice();
}

/**
 * The guest signs out: the API revokes the session (so its tokens are worthless wherever they were
 * copied; at most 3 s are waited for it), then the device forgets it (endSessionOnDevice).
 */
export async function signOut(fetcher: typeof fetch = fetch): Promise<void> {
  const { tokens } = $auth.get();
  if (tokens)
    await Promise.race([
      fetcher('/api/auth/logout', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'x-api-key': WEB_API_KEY,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ refresh_token: tokens.refreshToken }),
        keepalive: true,
      }).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  await endSessionOnDevice();
}

/**
 * The order badge: while something shows $pendingCount (the header), a signed-in visitor's count of
 * unexpired unpaid reservations is read from GET /api/clients/v1/reservations/count?paymentStatus=1,
 * one `count(*)` on the server. Plain fetch keeps island-free pages light; a 401 here is left to the
 * islands' client, which refreshes the tokens.
 */
export async function loadPendingCount(fetcher: typeof fetch = fetch): Promise<void> {
  const { tokens } = $auth.get();
  if (!tokens) return;
  const response = await fetcher('/api/clients/v1/reservations/count?paymentStatus=1', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  if (!response.ok) return;
  const body = (await response.json()) as { data?: { count?: number } };
  if (typeof body.data?.count === 'number') $pendingCount.set(body.data.count);
}
onMount($pendingCount, () =>
  $isLoggedIn.subscribe((loggedIn) => {
    if (loggedIn) loadPendingCount().catch(() => undefined);
  }),
);
