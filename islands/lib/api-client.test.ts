import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// The one client's session rules (spec section 4): 401 -> refresh -> replace tokens -> reload;
// refresh refused with 400 -> signed out and sent home with ?logout=true.

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
  key() {
    return null;
  }
  get length() {
    return this.map.size;
  }
}

type Handler = (url: URL, init: Request) => Response | Promise<Response>;
let handler: Handler;
const calls: string[] = [];

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'en' } });
  vi.stubGlobal('location', new URL('http://site.test/reservation/review/1/'));
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(input, 'http://site.test'), init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    return handler(url, request);
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The API's answer to a refused token (RFC 6750). */
const refusedToken = (body: unknown = { code: 'invalid_token', message: 'expired' }) =>
  new Response(JSON.stringify(body), {
    status: 401,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': 'Bearer realm="bobobox-api", error="invalid_token"',
    },
  });

async function load() {
  const auth = await import('../stores/$auth.ts');
  const client = await import('./api-client.ts');
  client.browser.reload = vi.fn();
  client.browser.goHome = vi.fn();
  auth.setSession({ accessToken: 'old-access', refreshToken: 'rt_old' }, { id: 3, name: 'Sari' });
  return { auth, client };
}

describe('userCall', () => {
  test('401 refreshes once, stores the new pair and reloads', async () => {
    const { auth, client } = await load();
    handler = async (url, req) => {
      if (url.pathname === '/api/oauth2/token') {
        const form = new URLSearchParams(await req.text());
        expect(form.get('grant_type')).toBe('refresh_token');
        expect(form.get('refresh_token')).toBe('rt_old');
        return json(200, { access_token: 'new-access', refresh_token: 'rt_new', expires_in: 900 });
      }
      return json(401, { code: 'unauthorized', message: 'no' });
    };
    const results = await Promise.allSettled([
      client.userCall({ path: 'auth/me' }),
      client.userCall({ path: 'auth/me' }),
    ]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof client.SessionRedirect)).toBe(true);
    expect(calls.filter((c) => c === 'POST /api/oauth2/token')).toHaveLength(1);
    expect(auth.decodeTokens(localStorage.getItem('auth'))).toEqual({
      accessToken: 'new-access',
      refreshToken: 'rt_new',
    });
    expect(client.browser.reload).toHaveBeenCalled();
    expect(client.browser.goHome).not.toHaveBeenCalled();
  });

  test('a refresh refused with 400 signs out and goes home with logout=true', async () => {
    const { auth, client } = await load();
    handler = (url) => (url.pathname === '/api/oauth2/token' ? json(400, { error: 'invalid_grant' }) : json(401, {}));
    await expect(client.userCall({ path: 'auth/me' })).rejects.toBeInstanceOf(client.SessionRedirect);
    expect(auth.$auth.get().isLoggedIn).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(client.browser.goHome).toHaveBeenCalled();
  });

  test('other refresh failures clear the stored login without leaving the page', async () => {
    const { auth, client } = await load();
    handler = (url) =>
      url.pathname === '/api/oauth2/token' ? json(500, {}) : json(401, { code: 'unauthorized', message: 'no' });
    await expect(client.userCall({ path: 'auth/me' })).rejects.toMatchObject({ status: 401 });
    expect(auth.$auth.get().isLoggedIn).toBe(false);
    expect(client.browser.goHome).not.toHaveBeenCalled();
    expect(client.browser.reload).not.toHaveBeenCalled();
  });

  test('success passes the bearer token and returns the body; API errors carry code and fields', async () => {
    const { client } = await load();
    handler = (url, req) => {
      expect(req.headers.get('authorization')).toBe('Bearer old-access');
      return url.pathname === '/api/auth/me'
        ? json(200, { data: { id: 3 } })
        : json(422, {
            code: 'validation_failed',
            message: 'bad',
            details: { fields: [{ field: 'email', code: 'email_plus' }] },
          });
    };
    await expect(client.userCall({ path: 'auth/me' })).resolves.toEqual({ data: { id: 3 } });
    await expect(
      client.userCall({ path: 'my-account/update', method: 'post', form: { email: 'a+b@x.id' } }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      fields: [{ field: 'email', code: 'email_plus' }],
    });
  });
});

describe('openCall', () => {
  test('gets a client token with the public client id and API key, caches it, renews it on 401', async () => {
    const { client } = await load();
    let tokens = 0;
    let searches = 0;
    handler = async (url, req) => {
      if (url.pathname === '/api/oauth2/token') {
        tokens++;
        expect(req.headers.get('x-api-key')).toBe(client.WEB_API_KEY);
        expect(new URLSearchParams(await req.text()).get('client_id')).toBe(client.WEB_CLIENT_ID);
        return json(200, { access_token: `client-${tokens}`, expires_in: 900 });
      }
      searches++;
      return searches === 2 ? refusedToken() : json(200, { data: req.headers.get('authorization') });
    };
    await expect(client.openCall({ path: 'clients/v1/hotel' })).resolves.toEqual({ data: 'Bearer client-1' });
    await expect(client.openCall({ path: 'clients/v1/hotel' })).resolves.toEqual({ data: 'Bearer client-2' });
    expect(tokens).toBe(2);
  });
});

describe('createServerClient (the hotel page, rendered on the server)', () => {
  test('keeps one client token in memory, sends the page language, renews a rejected token once', async () => {
    const { client } = await load();
    let tokens = 0;
    let rejectNext = false;
    handler = async (url, req) => {
      expect(url.origin).toBe('http://127.0.0.1:4999');
      if (url.pathname === '/api/oauth2/token') {
        tokens += 1;
        return json(200, { access_token: `client-${tokens}`, expires_in: 900 });
      }
      if (rejectNext) {
        rejectNext = false;
        return refusedToken();
      }
      expect(req.headers.get('accept-language')).toBe('id');
      expect(req.headers.get('authorization')).toBe(`Bearer client-${tokens}`);
      return json(200, { data: [{ id: 1 }] });
    };
    const api = client.createServerClient('http://127.0.0.1:4999');
    const call = { path: 'clients/v1/hotel', query: { hotelTypeId: -1 } };
    expect(await api.openCall(call, 'id')).toEqual({ data: [{ id: 1 }] });
    await api.openCall(call, 'id');
    expect(tokens).toBe(1);
    rejectNext = true;
    expect(await api.openCall(call, 'id')).toEqual({ data: [{ id: 1 }] });
    expect(tokens).toBe(2);
    expect(sessionStorage.getItem('clientToken')).toBeNull();
  });
});

describe('openCall', () => {
  test('a wrong password (401 without invalid_token) is sent once, not retried with a new client token', async () => {
    const { client } = await load();
    handler = async (url) => {
      if (url.pathname === '/api/oauth2/token') return json(200, { access_token: 'client-token', expires_in: 900 });
      return new Response(JSON.stringify({ code: 'invalid_credentials', message: 'The password is not correct.' }), {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="bobobox-api"' },
      });
    };
    await expect(
      client.openCall({ method: 'post', path: 'auth/login', form: { username: 'a', password: 'b' } }),
    ).rejects.toThrow('The password is not correct.');
    expect(calls.filter((c) => c === 'POST /api/auth/login')).toHaveLength(1);
  });

  test('a refused client token (invalid_token) is renewed once and the call sent again', async () => {
    const { client } = await load();
    let tokens = 0;
    handler = async (url, req) => {
      if (url.pathname === '/api/oauth2/token')
        return json(200, { access_token: `client-${++tokens}`, expires_in: 900 });
      if (req.headers.get('authorization') === 'Bearer client-1')
        return new Response(JSON.stringify({ code: 'invalid_token', message: 'expired' }), {
          status: 401,
          headers: { 'www-authenticate': 'Bearer realm="bobobox-api", error="invalid_token"' },
        });
      return json(200, { data: [] });
    };
    await expect(client.openCall({ path: 'clients/v1/hotel' })).resolves.toEqual({ data: [] });
    expect(calls.filter((c) => c === 'GET /api/clients/v1/hotel')).toHaveLength(2);
  });
});
