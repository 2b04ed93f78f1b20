import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../platform/deps.ts';
import { users } from './auth.schema.ts';
import { hashPassword } from './passwords.ts';
import { createUserSession, issueClientToken } from './tokens.service.ts';

export type TestTokenOptions = {
  /** Issue the user token for this existing user. */
  userId?: number;
  /** Set to false for a client token only. Default true: a verified user is created when userId is absent. */
  withUser?: boolean;
};

export type TestTokens = {
  clientToken: string;
  userToken?: string;
  refreshToken?: string;
  apiKey: string;
  userId?: number;
};

/** The password of users created by tokensForTest. */
export const TEST_USER_PASSWORD = 'capsule2024';

/**
 * Tokens for integration tests, issued by the real token code for the public web client:
 * - `tokensForTest(deps)`: client token + a freshly created, verified user and its token;
 * - `tokensForTest(deps, { userId })`: client token + a user token for that user;
 * - `tokensForTest(deps, { withUser: false })`: client token only.
 * Send `Authorization: Bearer <token>` and `x-api-key: <apiKey>`.
 */
/** Every test guest has the same password: hash it once per process, not once per guest. */
let hashed: Promise<string> | null = null;
const testPasswordHash = () => (hashed ??= hashPassword(TEST_USER_PASSWORD));

export async function tokensForTest(deps: AppDeps, opts: TestTokenOptions = {}): Promise<TestTokens> {
  const clientId = deps.env.WEB_CLIENT_ID;
  const apiKey = deps.env.WEB_API_KEY;
  const client = await issueClientToken(deps, clientId);
  if (opts.withUser === false && opts.userId === undefined) return { clientToken: client.access_token, apiKey };
  let userId = opts.userId;
  if (userId === undefined) {
    // 48 random bits for the e-mail and the phone alike: a benchmark makes thousands of guests, and a
    // 9-digit random phone met another one about once in a hundred runs (its unique key refused it).
    const unique = randomUUID().replaceAll('-', '').slice(0, 12);
    const [created] = await deps.database.db
      .insert(users)
      .values({
        name: `Test Guest ${unique}`,
        email: `guest-${unique}@example.com`,
        telephone: `81${String(parseInt(unique, 16) % 1e10).padStart(10, '0')}`,
        passwordHash: await testPasswordHash(),
        isEmailVerified: true,
        isTelephoneVerified: true,
      })
      .returning({ id: users.id });
    userId = created.id;
  }
  const session = await createUserSession(deps, userId, clientId);
  return {
    clientToken: client.access_token,
    userToken: session.access_token,
    refreshToken: session.refresh_token,
    apiKey,
    userId,
  };
}
