import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { startOneServer, webClientToken } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (answers that tell clients what to do): every 401 carries WWW-Authenticate (RFC
// 6750: error="invalid_token" when a token was sent), every 429 carries Retry-After.

const WEB_CLIENT = 'bobobox-web';
const WEB_KEY = EMBEDDED_SECRETS.WEB_API_KEY;
const JWT_SECRET = `${EMBEDDED_SECRETS.AUTH_JWT_SECRET}-not-this-one`;
let one: OneServer;
let base: string;
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development', AUTH_JWT_SECRET: JWT_SECRET });
  one = started.one;
  base = started.base;
});
afterAll(async () => one.close());

describe('401 and 429 answers', () => {
  it('a 401 without a token names the Bearer scheme; with a bad token it says invalid_token', async () => {
    const none = await fetch(`${base}/api/auth/me`, { headers: { 'x-api-key': WEB_KEY } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="bobobox-api"');

    const iat = Math.floor(Date.now() / 1000);
    const forged = await sign(
      { typ: 'access', kind: 'user', cid: WEB_CLIENT, sub: '1', sid: 'x', iat, exp: iat + 60 },
      'someone-elses-secret-0123456789abcdef',
      'HS256',
    );
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/clients/v1/points'],
      ['POST', '/api/gateway/secure'],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${forged}`, 'x-api-key': WEB_KEY, 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ query: '{ UserProfile { id } }' }) : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate'), path).toMatch(/^Bearer realm="bobobox-api", error="invalid_token"/);
    }
  });

  it('a 429 says when to come back (the code cool-down, in seconds)', async () => {
    const token = await webClientToken(base);
    const headers = { authorization: `Bearer ${token}`, 'x-api-key': WEB_KEY, 'content-type': 'application/json' };
    const email = `cooldown-${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fullName: 'Sari Wulandari',
        email,
        password: 'Rahasia#2026',
        confirmPassword: 'Rahasia#2026',
        phone: '081234567890',
      }),
    });
    expect(registered.status).toBe(201);
    const again = await fetch(`${base}/api/auth/codes/resend`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ purpose: 'verify', channel: 'email', target: email }),
    });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});
