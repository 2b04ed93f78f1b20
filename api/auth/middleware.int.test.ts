import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorHandler } from '../http/errors.ts';
import { requireClient, requireUser } from './middleware.ts';
import { revokeSession } from './tokens.service.ts';
import { testDeps } from './test-db.ts';
import { tokensForTest } from './test-tokens.ts';

const { deps, advance } = await testDeps();
afterAll(() => deps.database.close());

const app = new Hono();
app.onError(apiErrorHandler);
app.get('/open', requireClient(deps), (c) => c.json(c.get('auth')));
app.get('/secure', requireUser(deps), (c) => c.json(c.get('auth')));

describe('auth middleware', () => {
  it('requireClient accepts a client token with its x-api-key and rejects a missing or wrong key', async () => {
    const t = await tokensForTest(deps, { withUser: false });
    const ok = await app.request('/open', {
      headers: { authorization: `Bearer ${t.clientToken}`, 'x-api-key': t.apiKey },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ kind: 'client', clientId: deps.env.WEB_CLIENT_ID });
    const missing = await app.request('/open', { headers: { authorization: `Bearer ${t.clientToken}` } });
    expect(missing.status).toBe(401);
    expect((await missing.json()).code).toBe('invalid_api_key');
    const wrongKey = await app.request('/open', {
      headers: { authorization: `Bearer ${t.clientToken}`, 'x-api-key': deps.env.API_KEY },
    });
    expect(wrongKey.status).toBe(401);
  });

  it('requireClient also accepts a user token; requireUser refuses a client token', async () => {
    const t = await tokensForTest(deps);
    const open = await app.request('/open', {
      headers: { authorization: `Bearer ${t.userToken}`, 'x-api-key': t.apiKey },
    });
    expect(await open.json()).toMatchObject({ kind: 'user', userId: t.userId });
    const secure = await app.request('/secure', {
      headers: { authorization: `Bearer ${t.clientToken}`, 'accept-language': 'id' },
    });
    expect(secure.status).toBe(401);
    expect((await secure.json()).message).toMatch(/Masuk/);
    const noToken = await app.request('/secure');
    expect(noToken.status).toBe(401);
  });

  it('rejects a tampered token, an expired token and a token of a revoked session', async () => {
    const t = await tokensForTest(deps);
    const tampered = `${t.userToken!.slice(0, -3)}abc`;
    expect((await app.request('/secure', { headers: { authorization: `Bearer ${tampered}` } })).status).toBe(401);
    const auth = (await (
      await app.request('/secure', { headers: { authorization: `Bearer ${t.userToken}` } })
    ).json()) as { sessionId: string };
    await revokeSession(deps, auth.sessionId, 'logout');
    expect((await app.request('/secure', { headers: { authorization: `Bearer ${t.userToken}` } })).status).toBe(401);
    const fresh = await tokensForTest(deps, { userId: t.userId });
    expect((await app.request('/secure', { headers: { authorization: `Bearer ${fresh.userToken}` } })).status).toBe(
      200,
    );
    advance(deps.env.AUTH_ACCESS_TTL_SECONDS * 1000 + 1000);
    expect((await app.request('/secure', { headers: { authorization: `Bearer ${fresh.userToken}` } })).status).toBe(
      401,
    );
  });

  it('a client token verified once is still refused when tampered with or after it expires', async () => {
    const t = await tokensForTest(deps, { withUser: false });
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-api-key': t.apiKey });
    expect((await app.request('/open', { headers: headers(t.clientToken) })).status).toBe(200);
    expect((await app.request('/open', { headers: headers(t.clientToken) })).status).toBe(200);
    const [head, body, sig] = t.clientToken.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), cid: 'someone-else' }),
    ).toString('base64url');
    expect((await app.request('/open', { headers: headers(`${head}.${forgedBody}.${sig}`) })).status).toBe(401);
    expect((await app.request('/open', { headers: headers(`${t.clientToken.slice(0, -3)}abc`) })).status).toBe(401);
    advance(deps.env.AUTH_ACCESS_TTL_SECONDS * 1000 + 1000);
    const expired = await app.request('/open', { headers: headers(t.clientToken) });
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe('invalid_token');
  });

  it('refuses a user token re-signed with another secret, with alg none or another algorithm, or with a crit header', async () => {
    const t = await tokensForTest(deps);
    const [, body] = t.userToken!.split('.');
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (header: unknown, secret: string, alg: 'sha256' | 'sha512' = 'sha256') => {
      const head = part(header);
      return `${head}.${body}.${createHmac(alg, secret).update(`${head}.${body}`).digest('base64url')}`;
    };
    const status = async (token: string) =>
      (await app.request('/secure', { headers: { authorization: `Bearer ${token}` } })).status;
    const secret = deps.env.AUTH_JWT_SECRET;
    // The same header and secret as ours: accepted (the forgeries below differ in one thing each).
    expect(await status(signed({ alg: 'HS256', typ: 'JWT' }, secret))).toBe(200);
    expect(await status(signed({ alg: 'HS256', typ: 'JWT' }, `${secret}x`))).toBe(401);
    expect(await status(`${part({ alg: 'none', typ: 'JWT' })}.${body}.`)).toBe(401);
    expect(await status(signed({ alg: 'HS512', typ: 'JWT' }, secret, 'sha512'))).toBe(401);
    expect(await status(signed({ alg: 'HS256', typ: 'JWT', crit: ['exp'] }, secret))).toBe(401);
    expect(await status(signed({ alg: 'HS256', typ: 'other' }, secret))).toBe(401);
    expect(await status(`${t.userToken}.x`)).toBe(401);
  });
});
