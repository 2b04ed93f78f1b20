import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { startOneServer } from '../tests/helpers/one-server.ts';
import { devOidcProvider } from './dev/oidc.routes.ts';
import { purgeDeletedAccounts } from '../api/account/deletion.service.ts';
import { relyingParty } from '../api/profile/passkeys.service.ts';
import { SoftAuthenticator } from '../api/profile/passkeys.test-helpers.ts';
import type { OneServer } from './server.ts';
import { eq } from 'drizzle-orm';
import { latestCode } from '../api/auth/test-helpers.ts';
import { outboxMessages } from '../api/outbox/outbox.schema.ts';
import { emailEn } from '../core/i18n/email-en.ts';
import { ssoAttempts } from '../api/auth/sso.schema.ts';
import { RATE_RULES } from '../api/rate-limit/rate-limit.service.ts';

// Issue 29, items 1 to 3: single sign-on through the local OpenID provider of the embedded default,
// over real HTTP (the one server on a loopback port; this test plays the browser, with a cookie jar).
// Each check fails on a naive implementation: a tampered state, a replayed code, a wrong nonce, a
// foreign redirect URI, a code from another issuer, an unverified e-mail linked, a ticket used in
// another browser; and the happy paths: a new person registers, a guest links after proving the
// account (or another account: account choice), and signs in with the provider from then on.

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let one: OneServer;
let base = '';
let other: http.Server | null = null;
let otherBase = '';
beforeAll(async () => {
  const port = await freePort();
  ({ one, base } = await startOneServer(
    // TRUST_PROXY: the start limit's test speaks for other client addresses (X-Forwarded-For).
    { NODE_ENV: 'development', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'loopback' },
    undefined,
    port,
  ));
  // Another issuer that knows the same client and redirect URI (a mix-up attempt).
  const otherPort = await freePort();
  otherBase = `http://127.0.0.1:${otherPort}`;
  const { handle } = devOidcProvider({ env: one.deps.env }, { issuerOrigin: otherBase });
  other = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => other!.listen(otherPort, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  other?.close();
  await one?.close();
});

/** A browser: cookies per origin, redirects followed by hand. */
class Browser {
  private jar = new Map<string, Map<string, string>>();
  async go(url: string, init: RequestInit = {}) {
    const u = new URL(url);
    const cookies = this.jar.get(u.host) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(u, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      if (/max-age=0/i.test(line)) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), rest.join('='));
    }
    this.jar.set(u.host, cookies);
    return res;
  }
  location(res: Response, from: string) {
    return new URL(res.headers.get('location')!, from).href;
  }
}

type Person = { email: string; name?: string; verified?: boolean };

/** Start at our site, sign in at the provider as `person`, stop at our callback (not yet followed). */
async function atProvider(b: Browser, person: Person, authorize = (url: string) => url) {
  const start = await b.go(`${base}/api/auth/sso/local/start?lang=en&redirect=/my-account/`);
  expect(start.status).toBe(302);
  let url = authorize(b.location(start, base));
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(`${base}/api/auth/sso/local/callback`)) return url;
    let res = await b.go(url);
    if (res.status === 200 && url.includes('/interaction/')) {
      const form = new URLSearchParams({ email: person.email, name: person.name ?? 'Tamu Uji' });
      if (person.verified !== false) form.set('verified', 'yes');
      res = await b.go(url, {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    expect([302, 303], `${url}: ${res.status}`).toContain(res.status);
    url = b.location(res, url);
  }
  throw new Error('the provider never sent the browser back');
}

/** The callback, followed: the ticket of the /account-choice/ page, or the error it names. */
async function callback(b: Browser, url: string) {
  const res = await b.go(url);
  expect(res.status).toBe(303);
  const to = new URL(b.location(res, url));
  expect(to.pathname).toMatch(/\/account-choice\/$/);
  return { ticket: to.searchParams.get('ticket'), error: to.searchParams.get('error') };
}

let clientToken = '';
async function api(b: Browser, path: string, body: unknown, lang = 'en') {
  if (!clientToken) {
    const t = await fetch(`${base}/api/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }),
    });
    clientToken = (await t.json()).access_token;
  }
  const res = await b.go(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${clientToken}`,
      'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
      'accept-language': lang,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

let serial = 0;
const email = (tag: string) => `sso-${tag}-${process.pid}-${++serial}@tamu.example`;
const phone = () => `8129${String(process.pid).slice(-3).padStart(3, '0')}${String(++serial).padStart(4, '0')}`;

async function register(guestEmail: string, password = 'rahasia123') {
  const b = new Browser();
  const reg = await api(b, '/auth/register', {
    fullName: 'Tamu Lama',
    email: guestEmail,
    phone: phone(),
    password,
    confirmPassword: password,
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  return { email: guestEmail, password };
}

describe('single sign-on through the local provider', () => {
  it('offers the local provider in development, with discovery at /dev/oidc/', async () => {
    const discovery = await fetch(`${base}/dev/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect((await discovery.json()).issuer).toBe(`${base}/dev/oidc`);
  });

  it('a new person registers through the provider, then signs in with it', async () => {
    const b = new Browser();
    const who = email('new');
    const { ticket } = await callback(b, await atProvider(b, { email: who, name: 'Sari Baru' }));
    const step = await api(b, '/auth/sso/continue', { ticket });
    expect(step.body.data).toMatchObject({ kind: 'register', email: who, name: 'Sari Baru', redirect: '/my-account/' });
    const done = await api(b, '/auth/sso/register', { ticket, fullName: 'Sari Baru', phone: phone() });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.user).toMatchObject({ email: who, is_email_verified: true });
    expect(done.body.user.total_gift_certificate).toBeGreaterThan(0);
    // The ticket was used.
    expect((await api(b, '/auth/sso/continue', { ticket })).status).toBe(400);

    const again = new Browser();
    const next = await callback(again, await atProvider(again, { email: who }));
    const signedIn = await api(again, '/auth/sso/continue', { ticket: next.ticket });
    expect(signedIn.body.data.kind).toBe('signin');
    expect(signedIn.body.user.id).toBe(done.body.user.id);
    expect(signedIn.body.refresh_token).toMatch(/^rt_/);
  });

  it('links a verified e-mail only after the password proves the account, or another one (account choice)', async () => {
    const a = await register(email('a'));
    const other = await register(email('b'));
    const b = new Browser();
    const { ticket } = await callback(b, await atProvider(b, { email: a.email }));
    expect((await api(b, '/auth/sso/continue', { ticket })).body.data).toMatchObject({ kind: 'link', email: a.email });
    // A wrong password links nothing, and the ticket stays for the right one.
    const wrong = await api(b, '/auth/sso/link', { ticket, username: a.email, password: 'salah12345' }, 'id');
    expect(wrong.status).toBe(401);
    // The guest chooses their other account.
    const linked = await api(b, '/auth/sso/link', { ticket, username: other.email, password: other.password });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.user.email).toBe(other.email);
    const c = new Browser();
    const next = await callback(c, await atProvider(c, { email: a.email }));
    const signedIn = await api(c, '/auth/sso/continue', { ticket: next.ticket });
    expect(signedIn.body.user.email).toBe(other.email);
  });

  it("links after a code sent to the account's e-mail proves it (no password needed), never on a wrong code", async () => {
    const a = await register(email('code'));
    const b = new Browser();
    const { ticket } = await callback(b, await atProvider(b, { email: a.email }));
    // No code was sent yet: a guess links nothing.
    const early = await api(b, '/auth/sso/link-by-code', { ticket, code: '0000' });
    expect([early.status, early.body.code]).toEqual([422, 'code_expired']);
    const sent = await api(b, '/auth/sso/link-code', { ticket }, 'id');
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ channel: 'email', target: a.email });
    // The resend cool-down holds, in the guest's language.
    const again = await api(b, '/auth/sso/link-code', { ticket }, 'id');
    expect(again.status).toBe(429);
    const code = await latestCode(one.deps, a.email);
    // Another browser holding the ticket (not its cookie) cannot spend the code.
    const thief = new Browser();
    expect((await api(thief, '/auth/sso/link-by-code', { ticket, code })).status).toBe(400);
    const wrong = await api(b, '/auth/sso/link-by-code', { ticket, code: code === '1234' ? '4321' : '1234' }, 'id');
    expect([wrong.status, wrong.body.code]).toEqual([422, 'code_invalid']);
    expect(wrong.body.message).toMatch(/kode/i);
    const linked = await api(b, '/auth/sso/link-by-code', { ticket, code });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.user.email).toBe(a.email);
    expect(linked.body.refresh_token).toMatch(/^rt_/);
    // The code and the ticket were used once.
    expect((await api(b, '/auth/sso/link-by-code', { ticket, code })).status).toBe(400);
    expect((await api(b, '/auth/sso/link-code', { ticket })).status).toBe(400);
    const c = new Browser();
    const next = await callback(c, await atProvider(c, { email: a.email }));
    expect((await api(c, '/auth/sso/continue', { ticket: next.ticket })).body.user.email).toBe(a.email);
  });

  it('sends no code for a new person, nor for an unverified e-mail', async () => {
    const b = new Browser();
    const fresh = await callback(b, await atProvider(b, { email: email('nocode') }));
    expect((await api(b, '/auth/sso/link-code', { ticket: fresh.ticket })).status).toBe(400);
    const a = await register(email('unvcode'));
    const u = new Browser();
    const unverified = await callback(u, await atProvider(u, { email: a.email, verified: false }));
    expect((await api(u, '/auth/sso/link-code', { ticket: unverified.ticket })).status).toBe(403);
    const sent = await one.deps.database.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(eq(outboxMessages.to, a.email));
    // Only the sign-up's verification code went to this address.
    expect(sent.map((m) => m.subject)).toEqual([emailEn.code.verify_email.subject]);
  });

  it('never links an unverified e-mail, not even with the right password', async () => {
    const a = await register(email('unv'));
    const b = new Browser();
    const { ticket } = await callback(b, await atProvider(b, { email: a.email, verified: false }));
    expect((await api(b, '/auth/sso/continue', { ticket })).body.data.kind).toBe('unverified');
    const refused = await api(b, '/auth/sso/link', { ticket, username: a.email, password: a.password }, 'id');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/belum memverifikasi/);
    expect((await api(b, '/auth/sso/register', { ticket, fullName: 'X', phone: phone() })).status).toBe(403);
  });

  it('refuses a tampered state, a replayed code, and a ticket carried to another browser', async () => {
    const b = new Browser();
    const url = await atProvider(b, { email: email('state') });
    const tampered = new URL(url);
    tampered.searchParams.set('state', 'forged-state-value');
    expect((await callback(b, tampered.href)).error).toBe('sso_failed');

    const b2 = new Browser();
    const good = await atProvider(b2, { email: email('replay') });
    const first = await callback(b2, good);
    expect(first.ticket).toBeTruthy();
    // The same code again, in the same browser (attempt used) and with a fresh attempt of its own.
    expect((await callback(b2, good)).error).toBe('sso_expired');
    const b3 = new Browser();
    await b3.go(`${base}/api/auth/sso/local/start?lang=en`);
    expect((await callback(b3, good)).error).toBe('sso_failed');
    // The ticket is bound to the browser that started the sign-on.
    expect((await api(new Browser(), '/auth/sso/continue', { ticket: first.ticket })).status).toBe(400);
  });

  it('refuses a wrong nonce', async () => {
    const b = new Browser();
    const url = await atProvider(b, { email: email('nonce') });
    await one.deps.database.executeSql(`update sso_attempts set nonce = 'not-the-nonce-sent'`, []);
    expect((await callback(b, url)).error).toBe('sso_failed');
  });

  it('asks for its own exact redirect URI, and the provider refuses a foreign one', async () => {
    const b = new Browser();
    const start = await b.go(`${base}/api/auth/sso/local/start?lang=en&redirect=https://evil.example/`);
    const auth = new URL(b.location(start, base));
    expect(auth.searchParams.get('redirect_uri')).toBe(`${base}/api/auth/sso/local/callback`);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    auth.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const refused = await b.go(auth.href);
    expect(refused.headers.get('location') ?? '').not.toContain('evil.example');
    expect(refused.status).toBe(400);
  });

  it('refuses a code another issuer gave (a mix-up)', async () => {
    const b = new Browser();
    // The browser is sent to the other issuer with our request's parameters (state, nonce, PKCE).
    const url = await atProvider(b, { email: email('mixup') }, (ours) => {
      const u = new URL(ours);
      return `${otherBase}/dev/oidc/auth${u.search}`;
    });
    expect(url).toContain('code=');
    expect((await callback(b, url)).error).toBe('sso_failed');
  });

  it('unlinks a provider only while another way in remains (a password, another provider, a passkey)', async () => {
    const b = new Browser();
    const who = email('unlink');
    const { ticket } = await callback(b, await atProvider(b, { email: who }));
    await api(b, '/auth/sso/continue', { ticket });
    const made = await api(b, '/auth/sso/register', { ticket, fullName: 'Tamu Tanpa Sandi', phone: phone() });
    const token = made.body.access_token as string;
    const call = async (path: string, init: { method?: string; body?: unknown; lang?: string } = {}) => {
      const res = await fetch(`${base}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': init.lang ?? 'en',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: res.status, body: await res.json() };
    };
    const listed = await call('/clients/v1/my-account/identities');
    expect(listed.body.data).toEqual([expect.objectContaining({ provider: 'Local ID', email: who })]);
    const id = listed.body.data[0].id as number;
    // Made through the provider, with no password: its only way in stays.
    const refused = await call('/clients/v1/my-account/identities/remove', {
      method: 'POST',
      body: { id },
      lang: 'id',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/satu-satunya/);
    // A passkey is another way in: now it may go.
    const { rpID, origins } = relyingParty(one.deps.env);
    const key = new SoftAuthenticator(rpID, origins[0]!);
    const start = await call('/clients/v1/my-account/passkeys/options', { method: 'POST', body: {} });
    const added = await call('/clients/v1/my-account/passkeys', {
      method: 'POST',
      body: {
        challengeId: start.body.data.challengeId,
        name: 'Ponsel',
        response: key.register(start.body.data.options),
      },
    });
    expect(added.status).toBe(201);
    expect((await call('/clients/v1/my-account/identities/remove', { method: 'POST', body: { id } })).status).toBe(200);
    expect((await call('/clients/v1/my-account/identities')).body.data).toEqual([]);
    // Unlinked: the provider no longer signs this account in by itself.
    const c = new Browser();
    const next = await callback(c, await atProvider(c, { email: who }));
    expect((await api(c, '/auth/sso/continue', { ticket: next.ticket })).body.data.kind).toBe('link');
  });

  it('a deleted account signs in with its provider no more, and the purge forgets the link', async () => {
    const b = new Browser();
    const who = email('purge');
    const { ticket } = await callback(b, await atProvider(b, { email: who }));
    await api(b, '/auth/sso/continue', { ticket });
    const made = await api(b, '/auth/sso/register', { ticket, fullName: 'Tamu Pergi', phone: phone() });
    const userId = made.body.user.id as number;
    const deleted = await fetch(`${base}/api/clients/v1/my-account/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${made.body.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(deleted.status).toBe(200);
    const c = new Browser();
    const next = await callback(c, await atProvider(c, { email: who }));
    expect((await api(c, '/auth/sso/continue', { ticket: next.ticket })).status).toBe(403);
    await purgeDeletedAccounts(one.deps, new Date(Date.now() + 31 * 86_400_000), { userId });
    const { rows } = await one.deps.database.executeSql(
      'select count(*)::int as n from user_identities where user_id = $1',
      [userId],
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('starting a single sign-on', () => {
  const { limit } = RATE_RULES.ssoStartByIp;
  const start = (from: string) =>
    fetch(`${base}/api/auth/sso/local/start?lang=id&redirect=/id/my-account/`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': from },
    });
  const attemptsKept = async () => (await one.deps.database.db.select({ id: ssoAttempts.id }).from(ssoAttempts)).length;

  it(`lets one address start ${limit} sign-ons in 15 minutes, then refuses the next on the sign-in's page and keeps nothing`, async () => {
    const from = '198.51.100.61';
    // Every start keeps an attempt (state, nonce, verifier) for 10 minutes: one address could fill the table.
    for (let i = 0; i < limit; i++) expect((await start(from)).status, `start ${i}`).toBe(302);
    const kept = await attemptsKept();
    const refused = await start(from);
    expect(refused.status).toBe(303);
    const to = new URL(refused.headers.get('location')!, base);
    expect(`${to.pathname}${to.search}`).toBe('/id/account-choice/?error=rate_limited');
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await attemptsKept()).toBe(kept);
    // Another address starts, and is sent to the provider.
    const elsewhere = await start('198.51.100.62');
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toContain('/dev/oidc/');
    expect(await attemptsKept()).toBe(kept + 1);
  });
});
