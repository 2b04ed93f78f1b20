import { eq } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { clientOf } from '../db/client.ts';
import { users } from './auth.schema.ts';
import { backgroundSettled } from './background.ts';
import type * as Background from './background.ts';
import { testDeps } from './test-db.ts';
import { post } from './test-helpers.ts';
import { tokensForTest } from './test-tokens.ts';
import { issueClientToken } from './tokens.service.ts';

// Security tier (leaks): the code calls do not tell a stranger whether an address has an account.
// Forgot-password, code requests and their cool-downs answer alike for known and unknown addresses
// (status, body, wait), and by the same work: the code e-mail is prepared after the answer.

// Background tasks are held here instead of run, so a test sees what the answer did without them.
const held = vi.hoisted(() => [] as (() => Promise<unknown>)[]);
vi.mock('./background.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Background>()),
  inBackground: (_what: string, work: () => Promise<unknown>) => void held.push(work),
}));

/** Every statement the embedded database receives from now on (transactions included), as sent. */
function recordStatements(client: PGlite): string[] {
  const seen: string[] = [];
  const watch = (target: Pick<PGlite, 'query' | 'exec'>) => {
    const { query, exec } = target;
    target.query = ((text: string, ...rest: unknown[]) => {
      seen.push(text);
      return (query as (...a: unknown[]) => unknown).call(target, text, ...rest);
    }) as PGlite['query'];
    target.exec = ((text: string, ...rest: unknown[]) => {
      seen.push(text);
      return (exec as (...a: unknown[]) => unknown).call(target, text, ...rest);
    }) as PGlite['exec'];
  };
  watch(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      watch(tx);
      return fn(tx);
    })) as PGlite['transaction'];
  return seen;
}

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

  it('forgot-password answers through the same statements for both; the account is looked up after the answer', async () => {
    // Structural rather than timed (a timed check fails on a busy machine): the answer's work is the
    // same statements for a known and an unknown address, none of them reads the account, and what
    // differs (the code for a known address) runs only in the background task started for both.
    const statements = recordStatements(clientOf(deps.database.db) as PGlite);
    const forgot = async (target: string) => {
      const bearer = await token();
      held.length = 0; // earlier tests' tasks: not this answer's
      statements.length = 0;
      const res = await post(app, '/api/auth/password/forgot', { channel: 'email', target }, { token: bearer });
      expect(res.status).toBe(202);
      const answered = statements.splice(0);
      const tasks = held.splice(0);
      for (const task of tasks) await task();
      return { answered, tasks: tasks.length, after: statements.splice(0) };
    };
    const known = await forgot(await knownEmail());
    const unknown = await forgot(unknownEmail());
    expect(known.answered.length).toBeGreaterThan(0);
    expect(unknown.answered).toEqual(known.answered);
    for (const text of known.answered) expect(text).not.toMatch(/"(users|auth_codes)"/);
    expect([known.tasks, unknown.tasks]).toEqual([1, 1]);
    const writesCode = (texts: string[]) => texts.some((text) => /insert into "auth_codes"/i.test(text));
    expect(writesCode(known.after)).toBe(true);
    expect(writesCode(unknown.after)).toBe(false);
  });
});
