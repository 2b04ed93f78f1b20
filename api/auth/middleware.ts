import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import { authErrors } from './auth.errors.ts';
import { findClient, safeEqual } from './clients.ts';
import { verifyAccessToken } from './tokens.service.ts';
import type { AuthContext } from './tokens.service.ts';
import { nowOf } from '../platform/clock.ts';

export type { AuthContext } from './tokens.service.ts';

declare module 'hono' {
  interface ContextVariableMap {
    auth: AuthContext;
  }
}

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i.exec(header);
  return match?.[1];
}

/** The x-api-key header must be the key bound to the token's client. */
export function checkApiKey(deps: AppDeps, c: Context, clientId: string) {
  const key = c.req.header('x-api-key');
  const client = findClient(deps.env, clientId);
  if (!key || !client || !safeEqual(key, client.apiKey)) throw authErrors.invalidApiKey();
}

/**
 * A client token carries no server-side state (there is no session to revoke), so whether it is
 * valid depends only on its bytes, the signing secret and the clock. Its signature (a WebCrypto
 * HMAC, the largest CPU cost of a cheap read) is therefore checked once per token and app; later
 * requests with the same token re-check only the expiry against the injected clock. Only tokens
 * that passed verifyAccessToken are remembered, so this holds on every API node independently.
 * User tokens are never cached: each request looks up its session (sign-out on any node counts).
 */
const CLIENT_TOKEN_CACHE_SIZE = 10_000;
const verifiedClientTokens = new WeakMap<AppDeps, Map<string, { clientId: string; exp: number }>>();

async function verifyBearer(deps: AppDeps, token: string): Promise<AuthContext> {
  let cache = verifiedClientTokens.get(deps);
  const hit = cache?.get(token);
  if (hit) {
    if (hit.exp <= Math.floor(nowOf(deps).getTime() / 1000)) {
      cache!.delete(token);
      throw authErrors.invalidToken();
    }
    return { kind: 'client', clientId: hit.clientId };
  }
  const auth = await verifyAccessToken(deps, token);
  if (auth.kind === 'client') {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number })
      .exp;
    if (!cache) verifiedClientTokens.set(deps, (cache = new Map()));
    if (cache.size >= CLIENT_TOKEN_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(token, { clientId: auth.clientId, exp });
  }
  return auth;
}

/** Anonymous calls: a client token OR a user token, plus a valid x-api-key header. */
export function requireClient(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw authErrors.missingToken();
    const auth = await verifyBearer(deps, token);
    checkApiKey(deps, c, auth.clientId);
    c.set('auth', auth);
    await next();
  };
}

/** Signed-in calls: a user bearer token whose session is not revoked (401 otherwise). */
export function requireUser(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw authErrors.missingToken();
    const auth = await verifyAccessToken(deps, token);
    if (auth.kind !== 'user') throw authErrors.userTokenRequired();
    c.set('auth', auth);
    await next();
  };
}
