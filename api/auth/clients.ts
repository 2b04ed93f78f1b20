import { timingSafeEqual } from 'node:crypto';
import type { Env } from '../platform/env.ts';

/**
 * The OAuth2 clients, from the environment. `confidential` clients prove themselves with a secret
 * (Basic auth); the `public` web client has no secret because anything in a browser bundle is
 * readable. Every client is bound to its own x-api-key.
 */
export type OAuthClient = { id: string; kind: 'confidential' | 'public'; secret?: string; apiKey: string };

export function oauthClients(env: Env): OAuthClient[] {
  return [
    { id: env.API_CLIENT_ID, kind: 'confidential', secret: env.API_CLIENT_SECRET, apiKey: env.API_KEY },
    { id: env.WEB_CLIENT_ID, kind: 'public', apiKey: env.WEB_API_KEY },
  ];
}

export function findClient(env: Env, clientId: string): OAuthClient | undefined {
  return oauthClients(env).find((client) => client.id === clientId);
}

/** Constant-time string comparison (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
