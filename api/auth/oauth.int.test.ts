import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { authSessions } from './auth.schema.ts';
import { testDeps } from './test-db.ts';
import { post } from './test-helpers.ts';
import { TEST_USER_PASSWORD, tokensForTest } from './test-tokens.ts';

const { deps, advance } = await testDeps();
const app = createApp(deps);
afterAll(() => deps.database.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const serverHeaders = () => ({ authorization: basic(deps.env.API_CLIENT_ID, deps.env.API_CLIENT_SECRET) });
const token = (body: Record<string, string>, opts: Parameters<typeof post>[3] = {}) =>
  post(app, '/api/oauth2/token', body, { form: true, ...opts });

async function signedInUser() {
  const t = await tokensForTest(deps);
  const [u] = await deps.database.db
    .execute<{ email: string }>(`select email from users where id = ${t.userId}`)
    .then((r) => (r as unknown as { rows: { email: string }[] }).rows);
  return { ...t, email: u.email };
}

describe('POST /api/oauth2/token', () => {
  it('client_credentials with Basic auth (form-encoded) returns a bearer client token', async () => {
    const res = await token(
      { grant_type: 'client_credentials' },
      { apiKey: deps.env.API_KEY, headers: serverHeaders() },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'client' });
    expect(body.refresh_token).toBeUndefined();
    expect(body.access_token.split('.')).toHaveLength(3);
  });

  it('accepts JSON bodies too', async () => {
    const res = await post(
      app,
      '/api/oauth2/token',
      { grant_type: 'client_credentials' },
      { apiKey: deps.env.API_KEY, headers: serverHeaders() },
    );
    expect(res.status).toBe(200);
  });

  it('the public web client gets a client token with client_id and its API key, no secret', async () => {
    const res = await token({ grant_type: 'client_credentials', client_id: deps.env.WEB_CLIENT_ID });
    expect(res.status).toBe(200);
    // ...but not from a foreign origin, and not with the server API key.
    const same = await token(
      { grant_type: 'client_credentials', client_id: deps.env.WEB_CLIENT_ID },
      { headers: { origin: new URL(deps.env.SITE_URL).origin } },
    );
    expect(same.status).toBe(200);
    const foreign = await token(
      { grant_type: 'client_credentials', client_id: deps.env.WEB_CLIENT_ID },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(401);
    const wrongKey = await token(
      { grant_type: 'client_credentials', client_id: deps.env.WEB_CLIENT_ID },
      { apiKey: deps.env.API_KEY },
    );
    expect(wrongKey.status).toBe(401);
  });

  it('Basic auth failures: wrong secret, unknown client, malformed header, confidential client without secret', async () => {
    for (const authorization of [
      basic(deps.env.API_CLIENT_ID, 'wrong-secret-wrong'),
      basic('nobody', 'x'),
      'Basic %%%not-base64',
      basic(deps.env.WEB_CLIENT_ID, ''), // the public client has no secret to present
    ]) {
      const res = await token(
        { grant_type: 'client_credentials' },
        { apiKey: deps.env.API_KEY, headers: { authorization }, lang: 'id' },
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Basic');
      const body = await res.json();
      expect(body.error).toBe('invalid_client');
      expect(body.message).toMatch(/Aplikasi/);
    }
    const noSecret = await token(
      { grant_type: 'client_credentials', client_id: deps.env.API_CLIENT_ID },
      { apiKey: deps.env.API_KEY },
    );
    expect(noSecret.status).toBe(401);
  });

  it('a missing x-api-key is refused', async () => {
    const res = await token({ grant_type: 'client_credentials' }, { apiKey: null, headers: serverHeaders() });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('invalid_client');
  });

  it('unsupported and missing grant types are 400 OAuth errors', async () => {
    const res = await token(
      { grant_type: 'authorization_code' },
      { apiKey: deps.env.API_KEY, headers: serverHeaders() },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('unsupported_grant_type');
    const missing = await token({}, { apiKey: deps.env.API_KEY, headers: serverHeaders() });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('invalid_request');
  });

  it('password grant signs in by e-mail; a wrong password is invalid_grant (400) in both languages', async () => {
    const user = await signedInUser();
    const ok = await token({
      grant_type: 'password',
      client_id: deps.env.WEB_CLIENT_ID,
      username: user.email,
      password: TEST_USER_PASSWORD,
    });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.scope).toBe('user');
    expect(body.refresh_token).toMatch(/^rt_/);
    const me = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${body.access_token}` } });
    expect((await me.json()).data.email).toBe(user.email);
    const bad = await token(
      { grant_type: 'password', client_id: deps.env.WEB_CLIENT_ID, username: user.email, password: 'wrong-pass-1' },
      { lang: 'id' },
    );
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.error).toBe('invalid_grant');
    expect(badBody.message).toMatch(/kata sandi/);
    expect(badBody.error_description).toMatch(/password/);
  });

  it('refresh_token rotates on every use; reusing a rotated token revokes the whole family', async () => {
    const user = await signedInUser();
    const first = await (
      await token({
        grant_type: 'password',
        client_id: deps.env.WEB_CLIENT_ID,
        username: user.email,
        password: TEST_USER_PASSWORD,
      })
    ).json();
    const second = await (
      await token({
        grant_type: 'refresh_token',
        client_id: deps.env.WEB_CLIENT_ID,
        refresh_token: first.refresh_token,
      })
    ).json();
    expect(second.refresh_token).toMatch(/^rt_/);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = await token({
      grant_type: 'refresh_token',
      client_id: deps.env.WEB_CLIENT_ID,
      refresh_token: second.refresh_token,
    });
    expect(third.status).toBe(200);
    const thirdBody = await third.json();
    const meOk = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${thirdBody.access_token}` } });
    expect(meOk.status).toBe(200);

    // An attacker replays the first (already rotated) token.
    const replay = await token({
      grant_type: 'refresh_token',
      client_id: deps.env.WEB_CLIENT_ID,
      refresh_token: first.refresh_token,
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    // The family is gone: the newest refresh token and the newest access token both stop working.
    const after = await token({
      grant_type: 'refresh_token',
      client_id: deps.env.WEB_CLIENT_ID,
      refresh_token: thirdBody.refresh_token,
    });
    expect(after.status).toBe(400);
    const meAfter = await app.request('/api/auth/me', {
      headers: { authorization: `Bearer ${thirdBody.access_token}` },
    });
    expect(meAfter.status).toBe(401);
    const rows = await deps.database.db.select().from(authSessions).where(eq(authSessions.userId, user.userId!));
    expect(rows.map((r) => r.revokedReason)).toContain('refresh_reuse');
  });

  it('a refresh token cannot be used by another client, and not after the session expires', async () => {
    const t = await tokensForTest(deps);
    const other = await token(
      { grant_type: 'refresh_token', refresh_token: t.refreshToken! },
      { apiKey: deps.env.API_KEY, headers: serverHeaders() },
    );
    expect(other.status).toBe(400);
    const t2 = await tokensForTest(deps, { userId: t.userId });
    advance(deps.env.AUTH_REFRESH_TTL_SECONDS * 1000 + 1);
    const late = await token({
      grant_type: 'refresh_token',
      client_id: deps.env.WEB_CLIENT_ID,
      refresh_token: t2.refreshToken!,
    });
    expect(late.status).toBe(400);
  });

  it('sign-out revokes the session on the server: access and refresh tokens stop working', async () => {
    const t = await tokensForTest(deps);
    const out = await post(app, '/api/auth/logout', {}, { token: t.userToken });
    expect(out.status).toBe(200);
    expect((await app.request('/api/auth/me', { headers: { authorization: `Bearer ${t.userToken}` } })).status).toBe(
      401,
    );
    const refresh = await token({
      grant_type: 'refresh_token',
      client_id: deps.env.WEB_CLIENT_ID,
      refresh_token: t.refreshToken!,
    });
    expect(refresh.status).toBe(400);
    // Signing out with only the refresh token (access token already expired) works too.
    const t2 = await tokensForTest(deps, { userId: t.userId });
    const out2 = await post(app, '/api/auth/logout', { refresh_token: t2.refreshToken }, { token: t2.clientToken });
    expect(out2.status).toBe(200);
    expect((await app.request('/api/auth/me', { headers: { authorization: `Bearer ${t2.userToken}` } })).status).toBe(
      401,
    );
  });
});
