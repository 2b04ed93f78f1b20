import { describe, expect, test } from 'vitest';
import { verifyPreview } from '../../site/lib/content/preview.ts';
import { contentSecurityPolicy, framedByStudio, isPreviewRequest, PREVIEW_PATH } from '../security-headers.ts';
import { contentHookRoutes, type FunnelDay } from './content-hooks.routes.ts';
import { editorCheck } from './editors.ts';

// Issue 30: what the Studio's editor actions and Funnel tool ask of the site. Editors only (their
// Sanity token checked with Sanity), cross-origin for the Studio's origins only; the preview secret
// signs the links here and never leaves the server; the funnel takes a bounded range of days.

const STUDIO = 'https://bobobox.sanity.studio';
const EDITOR = 'sk-editor-token-0123456789abcdef';
const SECRET = 'preview-secret-0123456789abcdef0123456789';
const NOW = new Date('2031-05-01T03:00:00.000Z');

/** Sanity's /users/me: the editor's token is a member of the project, any other is not. */
const sanity = (async (_url: string | URL | Request, init?: RequestInit) =>
  new Headers(init?.headers).get('authorization') === `Bearer ${EDITOR}`
    ? Response.json({ id: 'p-editor', role: 'editor' })
    : Response.json({ message: 'Unauthorized' }, { status: 401 })) as typeof fetch;

function routes(o: { secret?: string; funnel?: FunnelDay[] } = {}) {
  const asked: { from: Date; to: Date }[] = [];
  let armed = 0;
  const app = contentHookRoutes({
    secret: 'test-webhook-secret-0123456789',
    publish: async () => ({ version: 1, built: Promise.resolve({ published: true, failure: null }) }),
    status: () => ({ state: 'ok', builtAt: NOW.toISOString(), contentVersion: 3, lastFailure: null }),
    isEditor: editorCheck({ projectId: 'abc123', fetch: sanity }),
    studioOrigins: [STUDIO],
    previewSecret: () => o.secret,
    armSchedule: async () => {
      armed += 1;
      return new Date('2031-12-01T01:00:00.000Z');
    },
    funnel: async (range) => {
      asked.push(range);
      return o.funnel ?? [];
    },
    now: () => NOW,
  });
  return { app, asked, armed: () => armed };
}
const editor = { authorization: `Bearer ${EDITOR}`, origin: STUDIO };

describe('POST /site/preview-links', () => {
  const post = (app: ReturnType<typeof routes>['app'], body: unknown, headers: Record<string, string> = editor) =>
    app.request('/site/preview-links', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  test('signs both languages for an editor, links the site checks, an hour long', async () => {
    const { app } = routes({ secret: SECRET });
    const res = await post(app, { id: 'drafts.homePage' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const links = await res.json();
    expect(links.expiresAt).toBe('2031-05-01T04:00:00.000Z');
    for (const [lang, prefix] of [
      ['en', '/preview/?'],
      ['id', '/id/preview/?'],
    ] as const) {
      expect(links[lang].startsWith(prefix)).toBe(true);
      expect(verifyPreview(SECRET, new URL(links[lang], 'http://x').searchParams, NOW)).toBe('drafts.homePage');
    }
    // The secret itself is nowhere in the answer.
    expect(JSON.stringify(links)).not.toContain(SECRET);
  });

  test('refuses a stranger (403), a bad id (400) and says when previews are off (503), in the language asked', async () => {
    const { app } = routes({ secret: SECRET });
    const stranger = await post(
      app,
      { id: 'drafts.homePage' },
      { authorization: 'Bearer sk-someone-else-0123456789', 'accept-language': 'id' },
    );
    expect(stranger.status).toBe(403);
    expect((await stranger.json()).message).toMatch(/Hanya editor/);
    expect((await post(app, { id: '../../etc/passwd' })).status).toBe(400);
    expect((await post(app, 'not an object')).status).toBe(400);
    const off = await post(routes({}).app, { id: 'drafts.homePage' });
    expect(off.status).toBe(503);
    expect((await off.json()).code).toBe('preview_off');
  });
});

describe('POST /site/schedule and GET /site/funnel', () => {
  test('an editor arms the schedule; a stranger does not', async () => {
    const r = routes();
    expect((await r.app.request('/site/schedule', { method: 'POST' })).status).toBe(403);
    expect(r.armed()).toBe(0);
    const res = await r.app.request('/site/schedule', { method: 'POST', headers: editor });
    expect(await res.json()).toEqual({ armedFor: '2031-12-01T01:00:00.000Z' });
    expect(r.armed()).toBe(1);
  });

  test('the funnel answers an editor for Jakarta days, at most 92 of them', async () => {
    const row: FunnelDay = {
      key: 'mudik',
      day: '2031-04-02',
      visits: 3,
      searches: 2,
      rooms: 1,
      checkouts: 1,
      holds: 1,
      purchases: 1,
      revenue: 450_000,
    };
    const r = routes({ funnel: [row] });
    const get = (q: string, headers: Record<string, string> = editor) =>
      r.app.request(`/site/funnel?${q}`, { headers });
    expect((await get('from=2031-04-01&to=2031-04-30', {})).status).toBe(403);
    const ok = await get('from=2031-04-01&to=2031-04-30');
    expect(await ok.json()).toEqual({ from: '2031-04-01', to: '2031-04-30', rows: [row] });
    // Jakarta midnight to the midnight after the last day.
    expect(r.asked).toEqual([{ from: new Date('2031-03-31T17:00:00.000Z'), to: new Date('2031-04-30T17:00:00.000Z') }]);
    for (const q of [
      'from=2031-04-30&to=2031-04-01',
      'from=2031-01-01&to=2031-06-30',
      'from=2031-02-30&to=2031-03-01',
      'from=x&to=y',
      '',
    ])
      expect((await get(q)).status, q).toBe(400);
  });
});

describe('who may frame a page', () => {
  test("a preview page: this site and the Studio's origins; every other page: nobody", () => {
    const csp = contentSecurityPolicy([], {
      MIDTRANS_SERVER_KEY: undefined,
      MIDTRANS_BASE_URL: 'https://api.sandbox.midtrans.com',
    } as never);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(framedByStudio(csp, [STUDIO])).toContain(`frame-ancestors 'self' ${STUDIO}`);
    expect(framedByStudio(csp, [STUDIO])).not.toContain("frame-ancestors 'none'");
    for (const p of ['/preview/', '/id/preview/', '/preview']) expect(PREVIEW_PATH.test(p), p).toBe(true);
    for (const p of ['/', '/promo/preview/', '/id/preview/x/', '/previews/'])
      expect(PREVIEW_PATH.test(p), p).toBe(false);
    // A hotel page shows a hotel's editorial preview in place.
    expect(isPreviewRequest('/search/1-bobobox-blok-m/?preview=drafts.hotel-content-1&expires=1&sig=a')).toBe(true);
    expect(isPreviewRequest('/id/search/1-bobobox-blok-m/?checkin=2031-01-01&preview=x')).toBe(true);
    expect(isPreviewRequest('/search/1-bobobox-blok-m/?checkin=2031-01-01')).toBe(false);
    expect(isPreviewRequest('/promo/x/?preview=1')).toBe(false);
    expect(isPreviewRequest('/preview/?id=x')).toBe(true);
  });
});
