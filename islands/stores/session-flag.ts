// Whether this browser holds a session, read from storage without the stores ($auth.ts): the header of
// a page without islands asks only this, and loads the signed-in part when the answer is yes.

export const STORAGE_KEYS = { flag: 'isLoggedIn', tokens: 'auth', profile: 'profile' } as const;
/** Dispatched on window when a session is kept on this page (a sign-in): the header shows it. */
export const SESSION_EVENT = 'bbx-session';

/** The two cookies the site sets for a signed-in visitor (read by server-rendered routes). */
export const AUTH_COOKIES = ['isLoggedIn', 'auth_token'] as const;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export function encodeTokens(pair: TokenPair): string {
  return btoa(JSON.stringify(pair));
}

export function decodeTokens(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(atob(raw));
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as TokenPair).accessToken === 'string' &&
      typeof (parsed as TokenPair).refreshToken === 'string'
    ) {
      return { accessToken: (parsed as TokenPair).accessToken, refreshToken: (parsed as TokenPair).refreshToken };
    }
  } catch {
    // Corrupt storage is treated as signed out.
  }
  return null;
}

/** Whether localStorage holds a session, without touching the store (safe to call while rendering). */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(STORAGE_KEYS.flag) === 'true' && decodeTokens(storage.getItem(STORAGE_KEYS.tokens)) !== null;
}
