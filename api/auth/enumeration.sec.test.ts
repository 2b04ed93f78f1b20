import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { users } from './auth.schema.ts';
import { backgroundSettled } from './background.ts';
import { testDeps } from './test-db.ts';
import { post } from './test-helpers.ts';
import { tokensForTest } from './test-tokens.ts';
import { issueClientToken } from './tokens.service.ts';

// Security tier (leaks): the code calls do not tell a stranger whether an address has an account.
// Forgot-password, code requests and their cool-downs answer alike for known and unknown addresses
// (status, body, wait), and in the same time: the code e-mail is prepared after the answer.

const { deps } = await testDeps();
const app = createApp(deps);
afterAll(async () => {
  await backgroundSettled();
  await deps.database.close();
});
const token = async () => (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token;

async function knownEmail(): Promise<string> {
  const { userId } = await tokensForTest(deps);
  const [u] = await deps.database.db.select().from(users).where(eq(users.id, userId!));
  return u!.email;
}
let n = 0;
const unknownEmail = () => `nobody-${++n}-${Date.now()}@example.com`;

async function ask(path: string, body: Record<string, string>) {
  const res = await post(app, path, body, { token: await token(), lang: 'id' });
  const json = (await res.json()) as Record<string, unknown>;
  // The target is the caller's own input, echoed: not information.
  const { target: _target, ...rest } = json;
  return { status: res.status, body: rest, retryAfter: res.headers.get('retry-after') };
}

describe('known and unknown addresses answer alike', () => {
  it('forgot-password: the same 202 and body', async () => {
    const known = await ask('/api/auth/password/forgot', { channel: 'email', target: await knownEmail() });
    const unknown = await ask('/api/auth/password/forgot', { channel: 'email', target: unknownEmail() });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
  });

  it('a verify code for an address already verified: the same 202 as for an unknown one', async () => {
    const body = (target: string) => ({ purpose: 'verify', channel: 'email', target });
    const known = await ask('/api/auth/codes/request', body(await knownEmail()));
    const unknown = await ask('/api/auth/codes/request', body(unknownEmail()));
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
  });

  it('the resend cool-down: the same 429, message and wait for both', async () => {
    const twice = async (target: string) => {
      const body = { purpose: 'reset_password', channel: 'email', target };
      await ask('/api/auth/codes/request', body);
      return ask('/api/auth/codes/resend', body);
    };
    const known = await twice(await knownEmail());
    const unknown = await twice(unknownEmail());
    expect(known.status).toBe(429);
    expect(known.body.code).toBe('code_cooldown');
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
    expect(Math.abs(Number(unknown.retryAfter) - Number(known.retryAfter))).toBeLessThanOrEqual(1);
  });

  it('forgot-password takes the same time: medians of interleaved calls within 20 %', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const targets = await Promise.all(Array.from({ length: 31 }, () => knownEmail()));
    const timed = async (target: string) => {
      const t0 = performance.now();
      const res = await post(app, '/api/auth/password/forgot', { channel: 'email', target }, { token: await token() });
      const ms = performance.now() - t0;
      expect(res.status).toBe(202);
      await backgroundSettled(); // the known address's e-mail is prepared here, outside the timing
      return ms;
    };
    for (let i = 0; i < targets.length; i++) {
      // Alternate which goes first, so warm-up and caches favour neither.
      if (i % 2) {
        known.push(await timed(targets[i]!));
        unknown.push(await timed(unknownEmail()));
      } else {
        unknown.push(await timed(unknownEmail()));
        known.push(await timed(targets[i]!));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [a, b] = [median(known.slice(1)), median(unknown.slice(1))];
    expect(Math.max(a, b) / Math.min(a, b), `known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`).toBeLessThan(1.2);
  });
});
