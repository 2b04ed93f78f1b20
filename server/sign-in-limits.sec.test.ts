import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../api/auth/auth.schema.ts';
import { TEST_USER_PASSWORD, tokensForTest } from '../api/auth/test-tokens.ts';
import { EMBEDDED_SECRETS } from '../api/platform/env.ts';
import { RATE_RULES } from '../api/rate-limit/rate-limit.service.ts';
import { startOneServer, webClientToken } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier (rate limits that protect, not lock out): failed passwords slow the attacker's
// address down for the account, in one bucket for the account's e-mail and phone forms, while the
// owner signing in correctly from elsewhere is not locked out.

let one: OneServer;
let base: string;
let email = '';
let phone = '';
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development', TRUST_PROXY: 'loopback' });
  one = started.one;
  base = started.base;
  const { userId } = await tokensForTest(one.deps);
  const [u] = await one.deps.database.db.select().from(users).where(eq(users.id, userId!));
  email = u!.email;
  phone = `0${u!.telephone}`;
});
afterAll(async () => one.close());

async function signInAnswer(from: string, username: string, password: string, clientToken?: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${clientToken ?? (await webClientToken(base))}`,
      'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': from,
    },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string; error?: { code?: string } };
  return { status: res.status, code: body.code ?? body.error?.code };
}

async function signIn(from: string, username: string, password: string) {
  return (await signInAnswer(from, username, password)).status;
}

describe('failed sign-ins', () => {
  it("stop the attacker's address for the account (e-mail and phone alike), not the owner elsewhere", async () => {
    const attacker = '198.51.100.9';
    const limit = RATE_RULES.signInFailuresByAccountAndIp.limit;
    for (let i = 0; i < limit; i++) expect(await signIn(attacker, i % 2 ? email : phone, `wrong-${i}-pass`)).toBe(401);
    // Spent: by e-mail and by phone, even with the right password, from that address.
    expect(await signIn(attacker, email, 'wrong-x-pass')).toBe(429);
    expect(await signIn(attacker, phone, TEST_USER_PASSWORD)).toBe(429);
    // The owner, from home, signs in.
    expect(await signIn('198.51.100.10', email, TEST_USER_PASSWORD)).toBe(200);
  });

  it('fired in parallel, 50 wrong passwords from one address are evaluated at most up to the limit', async () => {
    const attacker = '198.51.100.21';
    const limit = RATE_RULES.signInFailuresByAccountAndIp.limit;
    // One client token for the burst: the guesses race each other, not fifty token requests.
    const clientToken = await webClientToken(base);
    expect(clientToken).toEqual(expect.any(String));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signInAnswer(attacker, email, `parallel-wrong-${i}`, clientToken)),
    );
    // 401 invalid_credentials: the password was checked and wrong; 429: refused before any password
    // was checked, by the sign-in limit (rate_limited) or, when more than the node's 32 requests of
    // one client are in flight at once, by the connection guard (too_many_requests,
    // server/connection-guard.ts). Nothing else: a refused client token would be a 401 too. (Fifty
    // token requests at once from this test's own address were what made this test flaky: the guard
    // refused some, and their logins answered 401 for the missing token.)
    const checked = answers.filter((a) => a.status === 401 && a.code === 'invalid_credentials');
    const refused = answers.filter(
      (a) => a.status === 429 && (a.code === 'rate_limited' || a.code === 'too_many_requests'),
    );
    expect({ checked: checked.length, refused: refused.length }).toEqual({ checked: limit, refused: 50 - limit });
    expect(await signIn('198.51.100.22', email, TEST_USER_PASSWORD)).toBe(200);
  });

  it('two addresses of one IPv6 /64 share a bucket; the next /64 does not', async () => {
    const limit = RATE_RULES.signInFailuresByAccountAndIp.limit;
    for (let i = 0; i < limit; i++)
      expect(await signIn(`2001:db8:77:1::${(i + 1).toString(16)}`, email, `v6-wrong-${i}`)).toBe(401);
    // Another address of the same /64: the bucket is spent, the right password too.
    expect(await signIn('2001:db8:77:1:ffff::9', email, TEST_USER_PASSWORD)).toBe(429);
    // The neighbouring /64 is another network.
    expect(await signIn('2001:db8:77:2::1', email, TEST_USER_PASSWORD)).toBe(200);
  });
});

describe('one carrier-grade NAT address', () => {
  it(`lets ${RATE_RULES.signUpByIp.limit} guests sign up from one shared address within the hour, then slows it down`, async () => {
    const shared = '203.0.113.77';
    const signUp = async (i: number) =>
      (
        await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await webClientToken(base)}`,
            'x-api-key': EMBEDDED_SECRETS.WEB_API_KEY,
            'content-type': 'application/json',
            'x-forwarded-for': shared,
          },
          body: JSON.stringify({
            fullName: `Tamu Seluler ${i}`,
            email: `cgnat-${i}-${Date.now()}@example.com`,
            password: 'Rahasia123!',
            confirmPassword: 'Rahasia123!',
            phone: `0812${String(5_000_000 + i).padStart(8, '0')}`,
          }),
        })
      ).status;
    // Guests behind one mobile gateway, one after another (well past the 10 an hour it allowed before).
    for (let i = 0; i < RATE_RULES.signUpByIp.limit; i++) expect(await signUp(i), `guest ${i}`).toBe(201);
    expect(await signUp(RATE_RULES.signUpByIp.limit)).toBe(429);
  });
});
