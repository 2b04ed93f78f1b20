import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { appleUserName } from '../api/profile/sso.service.ts';
import { startOneServer } from '../tests/helpers/one-server.ts';
import { devOidcProvider } from './dev/oidc.routes.ts';
import type { OneServer } from './server.ts';

// Sign in with Apple (issue 29, item 1), against a stand-in: the local OpenID provider made to answer
// as Apple does (response_mode=form_post, its page posting the answer to our callback; the client
// secret sent in the body; `email_verified` as the string "true"). The stand-in lets the token call
// through only with a client secret that is a valid Apple one: an ES256 JWT signed with our key
// (kid), from the team (iss) for the Services ID (sub) to the issuer (aud), a day long at most.

const TEAM = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const CLIENT = 'id.bobobox.test';
const STAND_IN_SECRET = 'stand-in-static-secret';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let one: OneServer;
let base = '';
let standIn: http.Server | null = null;
let issuer = '';
/** What the stand-in saw of each client secret, and whether it let the token call through. */
const secrets: { header: { alg?: string; kid?: string }; claims: Record<string, unknown> | null }[] = [];

beforeAll(async () => {
  const [port, appleFake] = [await freePort(), await freePort()];
  issuer = `http://127.0.0.1:${appleFake}/dev/oidc`;
  ({ one, base } = await startOneServer(
    {
      NODE_ENV: 'development',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SSO_APPLE_CLIENT_ID: CLIENT,
      SSO_APPLE_TEAM_ID: TEAM,
      SSO_APPLE_KEY_ID: KEY_ID,
      // As an operator writes it in an env file: one line, "\n" for the breaks.
      SSO_APPLE_PRIVATE_KEY: privatePem.trim().replaceAll('\n', '\\n'),
      SSO_APPLE_ISSUER: issuer,
    },
    undefined,
    port,
  ));
  const { handle } = devOidcProvider(
    { env: one.deps.env },
    { issuerOrigin: `http://127.0.0.1:${appleFake}`, apple: { clientId: CLIENT, clientSecret: STAND_IN_SECRET } },
  );
  standIn = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/token')) return void handle(req, res);
    void (async () => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = new URLSearchParams(raw);
      const secret = body.get('client_secret') ?? '';
      const seen: (typeof secrets)[number] = { header: {}, claims: null };
      secrets.push(seen);
      try {
        seen.header = decodeProtectedHeader(secret);
        const { payload } = await jwtVerify(secret, keys.publicKey, {
          algorithms: ['ES256'],
          issuer: TEAM,
          subject: CLIENT,
          audience: issuer,
        });
        seen.claims = payload;
        body.set('client_secret', STAND_IN_SECRET);
      } catch {
        body.set('client_secret', 'refused');
      }
      // The stream is read: the provider takes the body handed to it.
      (req as http.IncomingMessage & { body?: string }).body = body.toString();
      await handle(req, res);
    })();
  });
  await new Promise<void>((resolve) => standIn!.listen(appleFake, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  standIn?.close();
  await one?.close();
});

/** A browser: cookies per host (with their attributes), redirects followed by hand. */
class Browser {
  jar = new Map<string, Map<string, string>>();
  lines: string[] = [];
  async go(url: string, init: RequestInit = {}) {
    const u = new URL(url);
    const cookies = this.jar.get(u.host) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(u, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      this.lines.push(line);
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      if (/max-age=0/i.test(line)) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), rest.join('='));
    }
    this.jar.set(u.host, cookies);
    return res;
  }
}

/** From our start to Apple's page, as `email`; returns the form Apple's page posts to our callback. */
async function signInAtApple(b: Browser, email: string) {
  const start = await b.go(`${base}/api/auth/sso/apple/start?lang=id&redirect=/id/my-account/`);
  expect(start.status).toBe(302);
  let url = new URL(start.headers.get('location')!, base).href;
  expect(new URL(url).searchParams.get('response_mode')).toBe('form_post');
  expect(new URL(url).searchParams.get('scope')).toBe('openid email name');
  for (let hop = 0; hop < 10; hop++) {
    let res = await b.go(url);
    if (res.status === 200 && url.includes('/interaction/')) {
      res = await b.go(url, {
        method: 'POST',
        body: new URLSearchParams({ email, name: 'ignored', verified: 'yes' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    if (res.status === 200) {
      // Apple's page: a form that posts itself to our callback.
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      expect(action).toBe(`${base}/api/auth/sso/apple/callback`);
      const fields = new URLSearchParams();
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
      return fields;
    }
    expect([302, 303], `${url}: ${res.status}`).toContain(res.status);
    url = new URL(res.headers.get('location')!, url).href;
  }
  throw new Error('the stand-in never showed its form_post page');
}

async function postCallback(b: Browser, form: URLSearchParams) {
  const res = await b.go(`${base}/api/auth/sso/apple/callback`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(issuer).origin },
  });
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get('location')!, base);
  // The attempt's language when it is known, the request's otherwise.
  expect(to.pathname).toMatch(/^(\/id)?\/account-choice\/$/);
  return { ticket: to.searchParams.get('ticket'), error: to.searchParams.get('error') };
}

async function api(b: Browser, path: string, body: unknown) {
  const t = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
  });
  const token = (await t.json()).access_token;
  const res = await b.go(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

let serial = 0;
const email = (tag: string) => `apple-${tag}-${process.pid}-${++serial}@privaterelay.example`;

describe('Sign in with Apple (against a stand-in that answers as Apple does)', () => {
  it('is offered when configured', async () => {
    const b = new Browser();
    const res = await b.go(`${base}/api/auth/sso/providers`, {
      headers: { 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
    });
    expect(res.status).toBe(401); // a client token is needed, as for every call
    const providers = await fetch(`${base}/api/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
    })
      .then((r) => r.json())
      .then((t) =>
        fetch(`${base}/api/auth/sso/providers`, {
          headers: { authorization: `Bearer ${t.access_token}`, 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
        }),
      )
      .then((r) => r.json());
    expect(providers.data.map((p: { key: string }) => p.key)).toContain('apple');
  });

  it("signs a new person up through Apple's form_post answer, with a client secret Apple would take", async () => {
    const b = new Browser();
    const who = email('new');
    const form = await signInAtApple(b, who);
    // The attempt cookie must come with Apple's cross-site POST: SameSite=None, Secure.
    const attempt = b.lines.find((l) => l.startsWith('bbx_sso='))!;
    expect(attempt).toMatch(/SameSite=None/i);
    expect(attempt).toMatch(/Secure/i);
    // Apple sends the name once, beside the code.
    form.set('user', JSON.stringify({ name: { firstName: 'Putri', lastName: 'Ayu' }, email: who }));
    const before = secrets.length;
    const { ticket, error } = await postCallback(b, form);
    expect(error).toBeNull();
    // The stand-in verified the secret: ES256 with our key id, a day long at most.
    const seen = secrets[before]!;
    expect(seen.header).toMatchObject({ alg: 'ES256', kid: KEY_ID });
    expect(seen.claims).not.toBeNull();
    const life = Number(seen.claims!.exp) - Number(seen.claims!.iat);
    expect(life).toBeGreaterThan(0);
    expect(life).toBeLessThanOrEqual(86_400);
    // Verified ("true" as a string), unknown: a registration, with Apple's name.
    const step = await api(b, '/auth/sso/continue', { ticket });
    expect(step.body.data).toMatchObject({ kind: 'register', email: who, name: 'Putri Ayu', provider: 'Apple' });
    const done = await api(b, '/auth/sso/register', {
      ticket,
      fullName: 'Putri Ayu',
      phone: `8127${String(process.pid).slice(-3).padStart(3, '0')}${String(++serial).padStart(4, '0')}`,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.user).toMatchObject({ email: who, is_email_verified: true });

    // Next time Apple alone signs the guest in.
    const again = new Browser();
    const next = await postCallback(again, await signInAtApple(again, who));
    const signedIn = await api(again, '/auth/sso/continue', { ticket: next.ticket });
    expect(signedIn.body.data.kind).toBe('signin');
    expect(signedIn.body.user.id).toBe(done.body.user.id);
  });

  it('refuses a form without the browser that started it, a tampered state, and a replayed code', async () => {
    const b = new Browser();
    const form = await signInAtApple(b, email('bad'));
    // Posted by a browser without the attempt's cookie (a forged cross-site post).
    expect((await postCallback(new Browser(), form)).error).toBe('sso_expired');
    const c = new Browser();
    const tampered = await signInAtApple(c, email('state'));
    tampered.set('state', `${tampered.get('state')}x`);
    expect((await postCallback(c, tampered)).error).toBe('sso_failed');
    const d = new Browser();
    const good = await signInAtApple(d, email('replay'));
    expect((await postCallback(d, good)).ticket).toBeTruthy();
    // The same code again, in a new attempt of the same browser: Apple (the stand-in) refuses it.
    const replay = await signInAtApple(d, email('replay2'));
    replay.set('code', good.get('code')!);
    expect((await postCallback(d, replay)).error).toBe('sso_failed');
  });

  it('answers a callback that is not a form with an error page, not a 500', async () => {
    const b = new Browser();
    await signInAtApple(b, email('json'));
    const res = await b.go(`${base}/api/auth/sso/apple/callback`, {
      method: 'POST',
      body: JSON.stringify({ code: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, base).searchParams.get('error')).toBe('sso_failed');
  });
});

describe("Apple's name (the form's `user`, first sign-in only)", () => {
  it('reads the first and last name, and nothing from anything else', () => {
    expect(appleUserName('{"name":{"firstName":"Putri","lastName":"Ayu"}}')).toBe('Putri Ayu');
    expect(appleUserName('{"name":{"firstName":"Bima"}}')).toBe('Bima');
    expect(appleUserName('{"name":{"firstName":7}}')).toBeNull();
    expect(appleUserName('not json')).toBeNull();
    expect(appleUserName(null)).toBeNull();
    expect(appleUserName(`{"name":{"firstName":"${'x'.repeat(3000)}"}}`)).toBeNull();
  });
});
