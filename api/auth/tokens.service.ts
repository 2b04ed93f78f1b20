import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import type { AppDeps } from '../platform/deps.ts';
import { ApiError } from '../http/errors.ts';
import { authErrors } from './auth.errors.ts';
import { authRefreshTokens, authSessions } from './auth.schema.ts';
import { safeEqual } from './clients.ts';
import { statementRows } from '../db/query.ts';
import type { Statement } from '../db/query.ts';
import { msg } from '../http/messages.ts';
import { nowOf } from '../platform/clock.ts';

export type AuthContext =
  { kind: 'client'; clientId: string } | { kind: 'user'; clientId: string; userId: number; sessionId: string };

/** RFC 6749 section 5.1 token response. */
export type TokenResponse = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: 'client' | 'user';
};

type AccessClaims = {
  typ: 'access';
  kind: 'client' | 'user';
  cid: string;
  sub?: string;
  sid?: string;
  iat: number;
  exp: number;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

async function signAccess(deps: AppDeps, claims: Omit<AccessClaims, 'typ' | 'iat' | 'exp'>) {
  const iat = seconds(nowOf(deps));
  const ttl = deps.env.AUTH_ACCESS_TTL_SECONDS;
  const payload: AccessClaims = { typ: 'access', ...claims, iat, exp: iat + ttl };
  return { token: await sign(payload, deps.env.AUTH_JWT_SECRET, 'HS256'), ttl };
}

export async function issueClientToken(deps: AppDeps, clientId: string): Promise<TokenResponse> {
  const { token, ttl } = await signAccess(deps, { kind: 'client', cid: clientId });
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: 'client' };
}

async function newRefreshToken(deps: AppDeps, sessionId: string, expiresAt: Date) {
  const refresh = `rt_${randomBytes(32).toString('base64url')}`;
  await deps.database.db.insert(authRefreshTokens).values({
    sessionId,
    tokenHash: sha256(refresh),
    createdAt: nowOf(deps),
    expiresAt,
  });
  return refresh;
}

/** Sign a user in: a new session (refresh-token family) plus the first token pair. */
export async function createUserSession(
  deps: AppDeps,
  userId: number,
  clientId: string,
  /** The device, as the guest's list of signed-in devices names it (deviceLabel of its User-Agent). */
  device: string | null = null,
): Promise<TokenResponse> {
  const now = nowOf(deps);
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.env.AUTH_REFRESH_TTL_SECONDS * 1000);
  await deps.database.db
    .insert(authSessions)
    .values({ id: sessionId, userId, clientId, createdAt: now, expiresAt, device, lastSeenAt: now });
  const refresh = await newRefreshToken(deps, sessionId, expiresAt);
  const { token, ttl } = await signAccess(deps, { kind: 'user', cid: clientId, sub: String(userId), sid: sessionId });
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope: 'user' };
}

const invalidGrant = () => new ApiError(400, 'invalid_grant', msg('auth.invalidGrant'));

/**
 * Refresh-token grant with rotation. The old token is marked used by one guarded UPDATE, so two
 * concurrent uses cannot both win. Presenting a token that was already rotated means it leaked:
 * the whole family (session) is revoked, and with it every access token carrying its id.
 */
export async function rotateRefreshToken(
  deps: AppDeps,
  refreshToken: string,
  clientId: string,
): Promise<TokenResponse> {
  const db = deps.database.db;
  const now = nowOf(deps);
  const hash = sha256(refreshToken);
  const claimed = await db
    .update(authRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(authRefreshTokens.tokenHash, hash), isNull(authRefreshTokens.usedAt)))
    .returning({ sessionId: authRefreshTokens.sessionId, expiresAt: authRefreshTokens.expiresAt });
  const row = claimed[0];
  if (!row) {
    const reused = await db
      .select({ sessionId: authRefreshTokens.sessionId })
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.tokenHash, hash))
      .limit(1);
    if (reused[0]) await revokeSession(deps, reused[0].sessionId, 'refresh_reuse');
    throw invalidGrant();
  }
  const [session] = await db.select().from(authSessions).where(eq(authSessions.id, row.sessionId)).limit(1);
  if (!session || session.revokedAt || session.expiresAt <= now || row.expiresAt <= now) throw invalidGrant();
  if (session.clientId !== clientId) {
    // A token presented by another client is treated like a leak.
    await revokeSession(deps, session.id, 'refresh_reuse');
    throw invalidGrant();
  }
  const refresh = await newRefreshToken(deps, session.id, session.expiresAt);
  await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, session.id));
  const { token, ttl } = await signAccess(deps, {
    kind: 'user',
    cid: clientId,
    sub: String(session.userId),
    sid: session.id,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope: 'user' };
}

export async function revokeSession(deps: AppDeps, sessionId: string, reason: string) {
  await deps.database.db
    .update(authSessions)
    .set({ revokedAt: nowOf(deps), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeAllUserSessions(deps: AppDeps, userId: number, reason: string) {
  await deps.database.db
    .update(authSessions)
    .set({ revokedAt: nowOf(deps), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Which session a refresh token belongs to (for sign-out by refresh token). */
export async function sessionOfRefreshToken(deps: AppDeps, refreshToken: string): Promise<string | undefined> {
  const rows = await deps.database.db
    .select({ sessionId: authRefreshTokens.sessionId })
    .from(authRefreshTokens)
    .where(eq(authRefreshTokens.tokenHash, sha256(refreshToken)))
    .limit(1);
  return rows[0]?.sessionId;
}

const base64url = /^[A-Za-z0-9_-]+$/;

/** A JWT part (base64url JSON) as an object, or null. */
function jwtPart(part: string): Record<string, unknown> | null {
  if (!base64url.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The payload of an HS256 JWT signed with `secret`, or null: the header must name HS256 (typ JWT
 * or none, no crit), and the signature is compared in constant time. The same checks as hono/jwt's
 * verify with exp, nbf and iat left to the caller, but with node:crypto's HMAC on the calling thread
 * (about 3 µs) instead of a WebCrypto job (about 35 µs of CPU and a thread-pool round trip).
 */
function verifyHs256(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = jwtPart(h);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  if (
    'typ' in header &&
    (typeof header.typ !== 'string' || header.typ.toLowerCase().replace(/^application\//, '') !== 'jwt')
  )
    return null;
  if (!base64url.test(s)) return null;
  const given = Buffer.from(s, 'base64url');
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return jwtPart(p);
}

/** A user token's session: its owner, and whether it is still signed in at `now` (one primary-key lookup). */
const SESSION: Statement = {
  name: 'auth_session_v1',
  text: `select user_id::int as user_id, (revoked_at is null and expires_at > $2::timestamptz) as live
    from auth_sessions where id = $1::uuid`,
};

/**
 * Verify a bearer access token. The signature and expiry are checked locally (expiry against the
 * injected clock); a user token also costs one primary-key lookup of its session (a named prepared
 * statement), so a sign-out on one node is honoured by all of them.
 */
export async function verifyAccessToken(deps: AppDeps, token: string): Promise<AuthContext> {
  const payload = verifyHs256(token, deps.env.AUTH_JWT_SECRET);
  if (!payload) throw authErrors.invalidToken();
  const exp = payload.exp;
  const now = nowOf(deps);
  if (payload.typ !== 'access' || typeof exp !== 'number' || exp <= seconds(now) || typeof payload.cid !== 'string') {
    throw authErrors.invalidToken();
  }
  if (payload.kind === 'client') return { kind: 'client', clientId: payload.cid };
  if (payload.kind !== 'user' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string')
    throw authErrors.invalidToken();
  const userId = Number(payload.sub);
  const [session] = await statementRows<{ user_id: number; live: boolean }>(deps.database.db, SESSION, [
    payload.sid,
    now.toISOString(),
  ]);
  if (!session || !session.live || Number(session.user_id) !== userId) {
    throw authErrors.invalidToken();
  }
  return { kind: 'user', clientId: payload.cid, userId, sessionId: payload.sid };
}

/** Constant-time comparison of two hash strings. */
export function safeEqualHash(a: string, b: string): boolean {
  return safeEqual(a, b);
}
