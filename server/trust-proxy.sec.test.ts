import type { IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddressOf, trustProxy } from '../api/http/client-address.ts';
import { RATE_RULES } from '../api/rate-limit/rate-limit.service.ts';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { startOneServer, webClientToken } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (rate limits that protect, not lock out): the client address comes from
// X-Forwarded-For only through proxies the operator trusts (TRUST_PROXY). Untrusted, a forged header
// changes nothing; trusted, the guests behind one proxy are separate clients, so one of them
// spending the sign-up limit does not lock out the others.

const req = (remoteAddress: string, xff?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  }) as unknown as IncomingMessage;

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddressOf(req('203.0.113.9', '198.51.100.1'), trustProxy(''))).toBe('203.0.113.9');
  });
  it('is read through trusted hops only, from the right', () => {
    const loopback = trustProxy('loopback');
    expect(clientAddressOf(req('127.0.0.1', '198.51.100.1'), loopback)).toBe('198.51.100.1');
    // The attacker prepends a fake hop; the trusted proxy appended the real peer last.
    expect(clientAddressOf(req('127.0.0.1', '6.6.6.6, 198.51.100.1'), loopback)).toBe('198.51.100.1');
    // A peer that is not a trusted proxy is the client itself.
    expect(clientAddressOf(req('203.0.113.9', '198.51.100.1'), loopback)).toBe('203.0.113.9');
    const cidr = trustProxy('10.0.0.0/8, 127.0.0.1');
    expect(clientAddressOf(req('10.1.2.3', '198.51.100.7, 10.9.9.9'), cidr)).toBe('198.51.100.7');
    const oneHop = trustProxy('1');
    expect(clientAddressOf(req('192.0.2.1', '6.6.6.6, 198.51.100.2'), oneHop)).toBe('198.51.100.2');
  });
});

const running: OneServer[] = [];
afterAll(async () => {
  for (const one of running) await one.close();
});

async function signUps(env: Record<string, string>, addresses: string[]) {
  const started = await startOneServer({ NODE_ENV: 'development', ...env });
  running.push(started.one);
  const token = await webClientToken(started.base);
  const statuses: number[] = [];
  for (const [i, address] of addresses.entries()) {
    const res = await fetch(`${started.base}/api/auth/register`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({
        fullName: 'Bima Saputra',
        email: `bima.${i}.${Date.now()}@example.com`,
        password: 'Rahasia#2026',
        confirmPassword: 'Rahasia#2026',
        phone: `0812${String(10_000_000 + i * 7919).slice(0, 8)}`,
      }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('per-address sign-up limits', () => {
  const limit = RATE_RULES.signUpByIp.limit;
  const oneMore = (f: (i: number) => string) => Array.from({ length: limit + 1 }, (_, i) => f(i));

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy more sign-ups', async () => {
    const statuses = await signUps(
      {},
      oneMore((i) => `198.51.100.${i + 1}`),
    );
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(201));
    expect(statuses[limit]).toBe(429);
  });

  it('behind a trusted proxy, one client spending its limit does not lock out the next guest', async () => {
    const statuses = await signUps({ TRUST_PROXY: 'loopback' }, [...oneMore(() => '198.51.100.66'), '198.51.100.67']);
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(201));
    expect(statuses[limit]).toBe(429);
    expect(statuses[limit + 1]).toBe(201);
  });
});
