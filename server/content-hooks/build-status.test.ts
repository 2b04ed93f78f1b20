import { describe, expect, test } from 'vitest';
import type { BuildStatus } from '../build-manager.ts';
import { contentHookRoutes } from './content-hooks.routes.ts';
import { EDITOR_CACHE_MS, editorCheck } from './editors.ts';

// Issue 26, item 9: GET /site/build-status tells anyone the state and only editors the failure (the
// document, the field and the error text); cross-origin it answers the Studio's origins only, never
// `*`. Editors are members of the Sanity project (their token checked with Sanity), or, without a
// project, whoever is on this machine.

const FAILED: BuildStatus = {
  state: 'failed',
  builtAt: '2031-01-01T00:00:00.000Z',
  contentVersion: 4,
  lastFailure: {
    at: '2031-01-01T01:00:00.000Z',
    reason: 'sanity webhook: siteSettings',
    message: 'contact.email: "halo@" is not an e-mail address',
    documentId: 'siteSettings',
    field: 'contact.email',
    contentVersion: 5,
  },
};
const STUDIO = 'https://bobobox.sanity.studio';
const EDITOR_TOKEN = 'sk-editor-token-0123456789abcdef';

/** Sanity's /users/me: the editor's token is a member of the project, any other token is not. */
function fakeSanity() {
  const asked: { url: string; auth: string | null }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    asked.push({ url: String(url), auth });
    if (auth === `Bearer ${EDITOR_TOKEN}`)
      return Response.json({ id: 'p-editor', name: 'Editor', role: 'editor', roles: [{ name: 'editor' }] });
    if (auth === 'Bearer sk-viewer-of-another-project-0123')
      return Response.json({ id: 'p-stranger', name: 'Stranger' });
    return Response.json({ message: 'Unauthorized' }, { status: 401 });
  }) as typeof fetch;
  return { asked, fetchImpl };
}

function app(isEditor: Parameters<typeof contentHookRoutes>[0]['isEditor']) {
  return contentHookRoutes({
    secret: 'test-webhook-secret-0123456789',
    publish: async () => ({ version: 1, built: Promise.resolve({ published: true, failure: null }) }),
    status: () => FAILED,
    isEditor,
    studioOrigins: [STUDIO],
  });
}

describe('GET /site/build-status', () => {
  test('anyone learns the state; an editor also learns what failed', async () => {
    const sanity = fakeSanity();
    const routes = app(editorCheck({ projectId: 'abc123', fetch: sanity.fetchImpl }));
    const get = (headers: Record<string, string> = {}) => routes.request('/site/build-status', { headers });

    const anyone = await (await get()).json();
    expect(anyone).toEqual({ state: 'failed', builtAt: FAILED.builtAt, contentVersion: 4 });
    expect(JSON.stringify(anyone)).not.toContain('e-mail');
    for (const token of ['sk-not-a-member-0123456789abcdef', 'sk-viewer-of-another-project-0123'])
      expect(await (await get({ authorization: `Bearer ${token}` })).json()).not.toHaveProperty('lastFailure');

    const editor = await (await get({ authorization: `Bearer ${EDITOR_TOKEN}` })).json();
    expect(editor).toEqual(FAILED);
    expect(sanity.asked.at(-1)).toEqual({
      url: 'https://abc123.api.sanity.io/v2021-06-07/users/me',
      auth: `Bearer ${EDITOR_TOKEN}`,
    });
  });

  test("the Studio's origin may read it cross-origin (with its token), no other origin, never *", async () => {
    const routes = app(async () => false);
    const from = (origin: string) => routes.request('/site/build-status', { headers: { origin } });
    const studio = await from(STUDIO);
    expect(studio.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(studio.headers.get('vary')).toContain('Origin');
    expect((await from('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await routes.request('/site/build-status', {
      method: 'OPTIONS',
      headers: { origin: STUDIO, 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization');
    const stranger = await routes.request('/site/build-status', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-headers': 'authorization' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('editors', () => {
  test("Sanity's yes is kept a minute per token; a no is asked again; no token asks nothing", async () => {
    const sanity = fakeSanity();
    let now = 1_000_000;
    const isEditor = editorCheck({ projectId: 'abc123', fetch: sanity.fetchImpl, now: () => now });
    const routes = app(isEditor);
    const get = (authorization?: string) =>
      Promise.resolve(routes.request('/site/build-status', { headers: authorization ? { authorization } : {} })).then(
        (r) => r.json(),
      );

    expect(await get()).not.toHaveProperty('lastFailure');
    expect(await get('Basic dXNlcjpwYXNz')).not.toHaveProperty('lastFailure');
    expect(sanity.asked).toHaveLength(0);

    await get(`Bearer ${EDITOR_TOKEN}`);
    await get(`Bearer ${EDITOR_TOKEN}`);
    expect(sanity.asked).toHaveLength(1);
    now += EDITOR_CACHE_MS + 1;
    expect(await get(`Bearer ${EDITOR_TOKEN}`)).toHaveProperty('lastFailure');
    expect(sanity.asked).toHaveLength(2);

    await get('Bearer sk-not-a-member-0123456789abcdef');
    await get('Bearer sk-not-a-member-0123456789abcdef');
    expect(sanity.asked).toHaveLength(4);
  });

  test('Sanity not answering makes nobody an editor', async () => {
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as typeof fetch;
    const routes = app(editorCheck({ projectId: 'abc123', fetch: down }));
    const res = await routes.request('/site/build-status', { headers: { authorization: `Bearer ${EDITOR_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('lastFailure');
  });

  test('without a Sanity project, a request from this machine is an editor; one a proxy forwarded is not', async () => {
    const routes = app(editorCheck({}));
    const local = await (await routes.request('/site/build-status')).json();
    expect(local).toEqual(FAILED);
    const forwarded = await (
      await routes.request('/site/build-status', { headers: { 'x-forwarded-for': '203.0.113.7' } })
    ).json();
    expect(forwarded).not.toHaveProperty('lastFailure');
  });
});
