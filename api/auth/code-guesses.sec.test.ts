import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { authCodeGuesses, users } from './auth.schema.ts';
import { backgroundSettled } from './background.ts';
import { CODE_GUESSES_PER_WINDOW, CODE_MAX_ATTEMPTS } from './codes.service.ts';
import { testDeps } from './test-db.ts';
import { latestCode, post } from './test-helpers.ts';
import { tokensForTest } from './test-tokens.ts';
import { issueClientToken } from './tokens.service.ts';

// Security tier (rate limits): four-digit codes stay safe. An account answers at most 100 wrong
// guesses across all its codes in 30 days, whatever the pacing: at most 100 / 10,000 = 1 % chance
// that an attacker takes it over (api/auth/README.md).

const { deps, advance } = await testDeps();
const app = createApp(deps);
afterAll(async () => {
  await backgroundSettled();
  await deps.database.close();
});

const call = async (path: string, body: Record<string, string>) =>
  post(app, path, body, { token: (await issueClientToken(deps, deps.env.WEB_CLIENT_ID)).access_token });

describe('wrong code guesses per account', () => {
  it(`stop at ${CODE_GUESSES_PER_WINDOW} in 30 days across all codes, then even the right code is refused`, async () => {
    const { userId } = await tokensForTest(deps);
    const [u] = await deps.database.db.select().from(users).where(eq(users.id, userId!));
    const target = u!.email;
    const forgot = async () => {
      // Paced to stay inside every other limit (resend cool-down, codes per hour, checks per 15 min).
      advance(16 * 60_000);
      expect((await call('/api/auth/password/forgot', { channel: 'email', target })).status).toBe(202);
      return latestCode(deps, target);
    };
    const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
    let guesses = 0;
    while (guesses < CODE_GUESSES_PER_WINDOW) {
      const code = await forgot();
      for (let i = 0; i < CODE_MAX_ATTEMPTS && guesses < CODE_GUESSES_PER_WINDOW; i++, guesses++) {
        const res = await call('/api/auth/codes/validate', {
          purpose: 'reset_password',
          channel: 'email',
          target,
          code: wrong(code),
        });
        expect([422, 429], `guess ${guesses + 1}`).toContain(res.status);
        expect((await res.json()).code).not.toBe('code_guesses_exhausted');
      }
    }
    const code = await forgot();
    const refused = await call('/api/auth/codes/validate', {
      purpose: 'reset_password',
      channel: 'email',
      target,
      code,
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('code_guesses_exhausted');
    expect(
      await deps.database.db.select().from(authCodeGuesses).where(eq(authCodeGuesses.userId, userId!)),
    ).toHaveLength(CODE_GUESSES_PER_WINDOW);
    // Thirty days on, the account answers codes again.
    advance(30 * 86_400_000);
    const fresh = await forgot();
    const ok = await call('/api/auth/codes/validate', {
      purpose: 'reset_password',
      channel: 'email',
      target,
      code: fresh,
    });
    expect(ok.status, JSON.stringify(await ok.clone().json())).toBe(200);
  });
});
