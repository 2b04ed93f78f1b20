import type { KyInstance } from 'ky';
import { $auth, endSessionOnDevice, setSession } from '../stores/$auth.ts';
import { WEB_API_KEY } from './web-key.ts';
import { ApiError, SessionRedirect } from './api-errors.ts';
import { formFields } from './api-seed.ts';
import type { AuthUser, TokenPair } from '../stores/$auth.ts';
import type { TokenAnswer, UserProfile } from '../../core/contracts/responses.ts';

// The one HTTP client of the islands. Anonymous calls carry the public web client's token (the
// website is a public OAuth2 client: client_id + x-api-key, no secret, see api/auth/README.md);
// personal calls carry the user's access token. A 401 on a personal call refreshes the pair once:
// success replaces the stored tokens and reloads the page, a 400 from the refresh signs out and
// goes home with ?logout=true, any other failure clears the stored login.

export const WEB_CLIENT_ID: string = import.meta.env.PUBLIC_WEB_CLIENT_ID ?? 'bobobox-web';
export { WEB_API_KEY };
export { ApiError, SessionRedirect };
const CLIENT_TOKEN_KEY = 'clientToken';

/** Side effects the client needs from the page; tests swap them. */
export const browser = {
  reload: () => window.location.reload(),
  goHome: () => {
    const prefix = document.documentElement.lang === 'id' ? '/id' : '';
    window.location.assign(`${prefix}/?logout=true`);
  },
};

/** A lazily made HTTP client: ky is downloaded with the page's first call, not with the page. */
type Http = () => Promise<KyInstance>;

let made: Promise<KyInstance> | null = null;
const http: Http = () =>
  (made ??= import('ky').then(({ default: ky }) =>
    ky.create({
      prefix: '/api',
      baseUrl: typeof location === 'undefined' ? undefined : location.origin,
      retry: 0,
      throwHttpErrors: false,
      timeout: 20_000,
    }),
  ));

function lang(): string {
  return typeof document !== 'undefined' && document.documentElement.lang === 'id' ? 'id' : 'en';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The OAuth2 token answer (core/contracts/responses.ts); sign-in adds the user. */
type TokenResponse = TokenAnswer & { user?: Pick<UserProfile, 'id' | 'name' | 'email'> };

/** Where a client token is kept between calls: session storage in the browser, memory on the server. */
export interface TokenStore {
  get(): { token: string; exp: number } | null;
  set(value: { token: string; exp: number }): void;
}

const sessionTokenStore: TokenStore = {
  get() {
    try {
      return JSON.parse(sessionStorage.getItem(CLIENT_TOKEN_KEY) ?? 'null') as { token: string; exp: number } | null;
    } catch {
      return null; // A broken cache entry is replaced on the next token.
    }
  },
  set(value) {
    sessionStorage.setItem(CLIENT_TOKEN_KEY, JSON.stringify(value));
  },
};

/** The public web client's token, from `store` until a minute before it expires; one request at a time. */
function clientTokens(client: Http, store: TokenStore, language: () => string) {
  let pending: Promise<string> | null = null;
  return (force = false): Promise<string> => {
    const cached = force ? null : store.get();
    if (cached && cached.exp > Date.now() + 60_000) return Promise.resolve(cached.token);
    pending ??= (async () => {
      const response = await (
        await client()
      ).post('oauth2/token', {
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: WEB_CLIENT_ID }),
        headers: { 'x-api-key': WEB_API_KEY, 'Accept-Language': language() },
      });
      const body = (await readJson(response)) as TokenResponse | null;
      if (!response.ok || !body?.access_token)
        throw new ApiError(response.status, { code: 'auth_error', message: 'auth error' });
      store.set({ token: body.access_token, exp: Date.now() + body.expires_in * 1000 });
      return body.access_token;
    })().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/** The client token of the browser's web client, cached in session storage. */
export const clientToken = clientTokens(http, sessionTokenStore, lang);

type Body = Record<string, string | number | boolean | string[] | undefined | null>;
export type Call = {
  method?: 'get' | 'post' | 'put';
  path: string;
  query?: Record<string, string | number>;
  form?: Body;
  json?: unknown;
  /** A multipart body (file uploads); the browser writes its content type and boundary. */
  multipart?: FormData;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

async function request(call: Call, token: string, client: Http = http, language = lang()): Promise<Response> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'x-api-key': WEB_API_KEY,
    'Accept-Language': language,
    ...call.headers,
  };
  const searchParams = call.query
    ? Object.fromEntries(Object.entries(call.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  let body: BodyInit | undefined;
  if (call.form) {
    body = new URLSearchParams(formFields(call.form));
  }
  if (call.multipart) body = call.multipart;
  return (await client())(call.path.replace(/^\//, ''), {
    method: call.method ?? 'get',
    headers,
    searchParams,
    body,
    json: call.json,
  });
}

async function unwrap<T>(response: Response): Promise<T> {
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, body as never);
  return body as T;
}

/**
 * Whether a 401 refused the token itself (RFC 6750 `error="invalid_token"`), as opposed to what the
 * call carried (a wrong password is a 401 too, and must not be sent again).
 */
const tokenRefused = (response: Response) =>
  response.status === 401 && /invalid_token/.test(response.headers.get('www-authenticate') ?? '');

/** An anonymous call (client token). A rejected client token is renewed once. */
export async function openCall<T>(call: Call): Promise<T> {
  let response = await request(call, await clientToken());
  if (tokenRefused(response)) response = await request(call, await clientToken(true));
  return unwrap<T>(response);
}

/**
 * The same anonymous client for code that runs outside a browser (the hotel page renders on the
 * server and asks the API over loopback): same token rules and error handling, with the token kept
 * in memory and the language given per call.
 */
export function createServerClient(apiOrigin: string, fetchApi?: (input: Request) => Promise<Response>) {
  let extended: Promise<KyInstance> | null = null;
  const client: Http = () =>
    (extended ??= http().then((base) =>
      base.extend({ baseUrl: apiOrigin, ...(fetchApi ? { fetch: fetchApi as typeof fetch } : {}) }),
    ));
  let kept: { token: string; exp: number } | null = null;
  const store: TokenStore = { get: () => kept, set: (value) => void (kept = value) };
  const token = clientTokens(client, store, () => 'en');
  return {
    async openCall<T>(call: Call, language: 'id' | 'en'): Promise<T> {
      let response = await request(call, await token(), client, language);
      if (tokenRefused(response)) response = await request(call, await token(true), client, language);
      return unwrap<T>(response);
    },
  };
}

let refreshing: Promise<'ok' | 'logout' | 'failed'> | null = null;

/** Trade the refresh token for a new pair; single flight so parallel 401s refresh once. */
export function refreshSession(): Promise<'ok' | 'logout' | 'failed'> {
  refreshing ??= (async () => {
    const tokens = $auth.get().tokens;
    if (!tokens) return 'failed' as const;
    const response = await (
      await http()
    ).post('oauth2/token', {
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: WEB_CLIENT_ID,
      }),
      headers: { 'x-api-key': WEB_API_KEY },
    });
    const body = (await readJson(response)) as TokenResponse | null;
    if (response.ok && body?.access_token && body.refresh_token) {
      setSession({ accessToken: body.access_token, refreshToken: body.refresh_token }, $auth.get().user);
      return 'ok' as const;
    }
    return response.status === 400 ? ('logout' as const) : ('failed' as const);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A personal call (user token): 401 refreshes, then reloads; refresh 400 signs out and goes home. */
export async function userCall<T>(call: Call): Promise<T> {
  return unwrap<T>(await userResponse(call));
}

/**
 * A private file of the signed-in guest (their ID card, their selfie): fetched with their token (no
 * token ever goes into a URL), as a Blob the page shows through an object URL.
 */
export async function userFile(url: string): Promise<Blob> {
  const at = new URL(url, 'http://site');
  const response = await userResponse({
    path: at.pathname.replace(/^\/api\//, ''),
    query: Object.fromEntries(at.searchParams),
  });
  if (!response.ok) throw new ApiError(response.status, (await readJson(response)) as never);
  return response.blob();
}

async function userResponse(call: Call): Promise<Response> {
  const tokens = $auth.get().tokens;
  if (!tokens) throw new ApiError(401, { code: 'unauthorized', message: 'unauthorized' });
  const response = await request(call, tokens.accessToken);
  if (response.status !== 401) return response;
  const outcome = await refreshSession();
  if (outcome === 'ok') {
    browser.reload();
    throw new SessionRedirect('reloading');
  }
  // The session is over: the device forgets it (storage, caches, other tabs).
  await endSessionOnDevice();
  if (outcome === 'logout') {
    browser.goHome();
    throw new SessionRedirect('signed out');
  }
  throw new ApiError(401, (await readJson(response)) as never);
}

/** Sign-in answers carry a token pair and the profile: keep them as spec section 4 says. */
export function keepSession(body: TokenResponse): AuthUser | null {
  const user = body.user ? { id: body.user.id, name: body.user.name, email: body.user.email } : null;
  const pair: TokenPair = { accessToken: body.access_token, refreshToken: body.refresh_token ?? '' };
  setSession(pair, user);
  return user;
}
export type { TokenResponse };

/** How often a call that creates something is sent again after the network failed. */
export const CREATE_RETRIES = 2;

/**
 * A failure before the API answered: offline, reset, timeout, or the proxy's own 502-504 (no node
 * answered, or a node died with the answer). The request may or may not have run.
 */
const networkFailure = (error: unknown) =>
  error instanceof ApiError
    ? error.status >= 502 && error.status <= 504
    : !(error instanceof SessionRedirect) && error instanceof Error;

/**
 * A user call that creates something (a reservation, a charge): it carries an Idempotency-Key of its
 * own, and is sent again with the same key when the network failed before the answer (at most
 * CREATE_RETRIES times), so a request that did run answers the retry with what it made instead of
 * making it twice. An answer, even a refusal, is never sent again.
 */
export async function userCallOnce<T>(
  call: Call,
  opts: { key?: string; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const key = opts.key ?? crypto.randomUUID();
  const wait = opts.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const keyed = { ...call, headers: { ...call.headers, 'Idempotency-Key': key } };
  for (let attempt = 0; ; attempt++) {
    try {
      return await userCall<T>(keyed);
    } catch (error) {
      if (!networkFailure(error) || attempt >= CREATE_RETRIES) throw error;
      await wait(500 * (attempt + 1));
    }
  }
}
