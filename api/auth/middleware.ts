import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app.ts';
import { authErrors } from './auth.errors.ts';
import { findClient, safeEqual } from './clients.ts';
import { verifyAccessToken } from './tokens.service.ts';
import type { AuthContext } from './tokens.service.ts';

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

/** Anonymous calls: a client token OR a user token, plus a valid x-api-key header. */
export function requireClient(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw authErrors.missingToken();
    const auth = await verifyAccessToken(deps, token);
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
