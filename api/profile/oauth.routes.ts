import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps } from '../platform/deps.ts';
import { SignInSchema } from '../../core/contracts/auth.ts';
import { ApiError, apiErrorHandler, requestLang } from '../http/errors.ts';
import { signIn } from './auth.service.ts';
import { deviceLabel } from '../auth/device.ts';
import { findClient, safeEqual } from '../auth/clients.ts';
import type { OAuthClient } from '../auth/clients.ts';
import { clientIp, limitBody, readBody } from '../http/input.ts';
import { issueClientToken, rotateRefreshToken } from '../auth/tokens.service.ts';
import { msg } from '../http/messages.ts';
import { documented } from '../http/contract.ts';
import { TokenAnswerSchema } from '../../core/contracts/responses.ts';

// RFC 6749 error codes, each with both languages for the `message` field.
const oauthError = {
  invalid_request: (en: string, id: string) => new ApiError(400, 'invalid_request', { en, id }),
  invalid_client: () => new ApiError(401, 'invalid_client', msg('auth.invalidClient')),
  unsupported_grant_type: () => new ApiError(400, 'unsupported_grant_type', msg('auth.unsupportedGrantType')),
  unauthorized_client: () => new ApiError(400, 'unauthorized_client', msg('auth.unauthorizedClient')),
};

const OAUTH_CODES = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
]);

/** OAuth2 error JSON: `error` + `error_description` (RFC 6749 5.2) plus the API's `code` + localised `message`. */
function renderOAuthError(err: ApiError, c: Context) {
  const lang = requestLang(c);
  let error = OAUTH_CODES.has(err.code) ? err.code : 'invalid_request';
  if (err.code === 'invalid_credentials') error = 'invalid_grant';
  const status = err.code === 'invalid_credentials' ? 400 : err.status;
  if (status === 401) c.header('WWW-Authenticate', 'Basic realm="bobobox-api", charset="UTF-8"');
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: err.messages.en, ...err.toJSON(lang) }, status);
}

export const TokenRequestSchema = v.variant('grant_type', [
  v.object({ grant_type: v.literal('client_credentials') }),
  v.object({
    grant_type: v.literal('refresh_token'),
    refresh_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  }),
  v.object({ grant_type: v.literal('password'), username: v.unknown(), password: v.unknown() }),
]);

/** Who is calling: Basic auth for confidential clients, `client_id` for the public web client. */
function authenticateClient(deps: AppDeps, c: Context, body: Record<string, unknown>): OAuthClient {
  const header = c.req.header('authorization');
  let client: OAuthClient | undefined;
  if (header) {
    const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(header);
    if (!match) throw oauthError.invalid_client();
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError.invalid_client();
    const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, '%20'));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, '%20'));
    client = findClient(deps.env, id);
    if (!client || client.kind !== 'confidential' || !client.secret || !safeEqual(secret, client.secret))
      throw oauthError.invalid_client();
  } else {
    const id = typeof body.client_id === 'string' ? body.client_id : undefined;
    client = id ? findClient(deps.env, id) : undefined;
    // A confidential client must prove itself with its secret; only the public web client may go without.
    if (!client || client.kind !== 'public') throw oauthError.invalid_client();
    // Browsers always send Origin on cross-origin POSTs: only our own site (SITE_URL, or the
    // origin this request was addressed to) may use the web client from a browser.
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(deps.env.SITE_URL).origin && origin !== new URL(c.req.url).origin) {
      throw oauthError.invalid_client();
    }
  }
  const key = c.req.header('x-api-key');
  if (!key || !safeEqual(key, client.apiKey)) throw oauthError.invalid_client();
  return client;
}

/** POST /api/oauth2/token (client_credentials, refresh_token, password). */
export function oauthRoutes(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof ApiError) return renderOAuthError(err, c);
    return apiErrorHandler(err, c);
  });
  app.post(
    '/oauth2/token',
    documented({
      answer: TokenAnswerSchema,
      summary: 'OAuth2 tokens: client credentials, refresh token and password grants (x-api-key checked)',
      auth: 'none',
      body: TokenRequestSchema,
      tag: 'auth',
      limited: true,
      errors: [401],
    }),
    limitBody(),
    async (c) => {
      let body: Record<string, unknown>;
      try {
        body = await readBody(c);
      } catch (err) {
        if (err instanceof ApiError) throw oauthError.invalid_request(err.messages.en, err.messages.id);
        throw err;
      }
      const client = authenticateClient(deps, c, body);
      const grant = v.safeParse(TokenRequestSchema, body);
      if (!grant.success) {
        const known = ['client_credentials', 'refresh_token', 'password'];
        if (typeof body.grant_type === 'string' && !known.includes(body.grant_type))
          throw oauthError.unsupported_grant_type();
        throw oauthError.invalid_request(
          'grant_type and its parameters are required (client_credentials, refresh_token + refresh_token, password + username + password).',
          'grant_type beserta parameternya wajib diisi (client_credentials, refresh_token + refresh_token, password + username + password).',
        );
      }
      c.header('Cache-Control', 'no-store');
      c.header('Pragma', 'no-cache');
      const input = grant.output;
      if (input.grant_type === 'client_credentials') return c.json(await issueClientToken(deps, client.id));
      if (input.grant_type === 'refresh_token')
        return c.json(await rotateRefreshToken(deps, input.refresh_token, client.id));
      const creds = v.safeParse(SignInSchema, { username: input.username, password: input.password });
      if (!creds.success) {
        throw oauthError.invalid_request('username and password are required.', 'username dan password wajib diisi.');
      }
      const { token } = await signIn(
        deps,
        creds.output,
        client.id,
        clientIp(c),
        deviceLabel(c.req.header('user-agent')),
      );
      return c.json(token);
    },
  );
  return app;
}
