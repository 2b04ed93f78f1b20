import { randomBytes } from 'node:crypto';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { sign } from 'hono/jwt';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { startOneServer as start } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier: the four-call takeover of a default deployment (read a reset code at the dev
// outbox, mark an order paid at the simulator, forge a token with the public JWT secret, rebuild
// with the public webhook secret) is impossible in production mode. Each attempt runs from
// loopback, where development tools would answer if they existed.

const strong = () => randomBytes(48).toString('base64url');
const running: OneServer[] = [];
afterAll(async () => {
  for (const one of running) await one.close();
});

/** A client token signed with the repository's public JWT secret. */
async function forgedClientToken(): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return sign(
    { typ: 'access', kind: 'client', cid: 'bobobox-web', iat, exp: iat + 600 },
    EMBEDDED_SECRETS.AUTH_JWT_SECRET,
    'HS256',
  );
}

async function attempts(base: string) {
  const forged = await forgedClientToken();
  const body = JSON.stringify({ _id: 'promo-x', _type: 'promo' });
  const signature = await encodeSignatureHeader(body, Date.now(), EMBEDDED_SECRETS.SANITY_WEBHOOK_SECRET);
  return {
    outbox: (await fetch(`${base}/api/dev/outbox`)).status,
    outboxPage: (await fetch(`${base}/dev/outbox/`)).status,
    // The local OpenID provider (issue 29): anyone could sign in as anyone through it.
    oidc: (await fetch(`${base}/dev/oidc/.well-known/openid-configuration`)).status,
    ssoLocal: (await fetch(`${base}/api/auth/sso/local/start?lang=en`, { redirect: 'manual' })).status,
    pay: (await fetch(`${base}/dev/payment-simulator/BBX-20261125-ABCDEFGH/pay/`, { method: 'POST' })).status,
    forgedToken: (
      await fetch(`${base}/api/clients/v1/payment`, {
        headers: { authorization: `Bearer ${forged}`, 'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY },
      })
    ).status,
    webhook: (
      await fetch(`${base}/api/hooks/sanity`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
      })
    ).status,
  };
}

describe('taking over a deployment', () => {
  it('on the embedded defaults, production mode does not start at all', async () => {
    await expect(start({ NODE_ENV: 'production' })).rejects.toThrow(/Refusing to start in production/);
  });

  it('in production mode every step of the takeover is refused, even from loopback', async () => {
    const { one, base } = await start({
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: strong(),
      API_CLIENT_SECRET: strong(),
      API_KEY: strong(),
      SANITY_WEBHOOK_SECRET: strong(),
      STAY_PASS_SECRET: strong(),
      FILE_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      SMTP_URL: 'smtp://127.0.0.1:9',
      MIDTRANS_SERVER_KEY: `Mid-server-${strong()}`,
      MIDTRANS_CLIENT_KEY: `Mid-client-${strong()}`,
      MIDTRANS_BASE_URL: 'https://api.midtrans.com',
      INSURER_API_URL: 'https://policies.insurer.example/v1',
      INSURER_API_KEY: strong(),
    });
    running.push(one);
    expect(one.devPaths).toEqual([]);
    expect(await attempts(base)).toEqual({
      outbox: 404,
      outboxPage: 404,
      oidc: 404,
      ssoLocal: 404,
      pay: 404,
      forgedToken: 401,
      webhook: 401,
    });
  });

  it('the same attempts reach the tools in development (so the production answers above are not accidents)', async () => {
    const { one, base } = await start({ NODE_ENV: 'development' });
    running.push(one);
    const dev = await attempts(base);
    expect(dev.outbox).toBe(200);
    expect(dev.outboxPage).toBe(200);
    expect(dev.oidc).toBe(200);
    // Reached (its harness's SITE_URL names another port, so the provider is told unreachable: 303).
    expect([302, 303]).toContain(dev.ssoLocal);
    expect(dev.forgedToken).toBe(200);
    expect(dev.webhook).toBe(202);
  });
});
