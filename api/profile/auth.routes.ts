import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../platform/deps.ts';
import {
  CodeRequestSchema,
  CodeValidateSchema,
  CompleteRegistrationSchema,
  ForgotPasswordSchema,
  LogoutSchema,
  parseTarget,
  RegisterSchema,
  ResetPasswordSchema,
  SignInSchema,
} from '../../core/contracts/auth.ts';
import { apiErrorHandler, ApiError, requestLang } from '../http/errors.ts';
import { inputMessages } from '../../core/contracts/auth.ts';
import { authErrors } from '../auth/auth.errors.ts';
import {
  completeRegistration,
  getUser,
  registerUser,
  requestCode,
  resetPassword,
  signIn,
  profileOf,
  validateCode,
} from './auth.service.ts';
import { clientIp, limitBody, validBody } from '../http/input.ts';
import { requireClient, requireUser } from '../auth/middleware.ts';
import { revokeSession, sessionOfRefreshToken } from '../auth/tokens.service.ts';

/** Validate `target` against `channel` and normalise it (lower-cased e-mail, canonical phone). */
function normaliseTarget<T extends { channel: 'email' | 'phone'; target: string }>(input: T): T {
  const parsed = parseTarget(input.channel, input.target);
  if (!parsed.ok) {
    const msg = inputMessages[parsed.message];
    throw new ApiError(
      422,
      'validation_failed',
      { en: `target: ${msg.en}`, id: `target: ${msg.id}` },
      {
        fields: [{ field: 'target', code: parsed.message }],
      },
    );
  }
  return { ...input, target: parsed.value };
}

/** Guest sign-up, codes, password reset, sign-in/out and profile. Paths in api/auth/README.md. */
export function authRoutes(deps: AppDeps) {
  const app = new Hono();
  app.onError(apiErrorHandler);
  const client = requireClient(deps);
  const user = requireUser(deps);
  app.use('/auth/*', limitBody());

  app.post('/auth/register', client, async (c) => {
    const input = await validBody(c, RegisterSchema);
    return c.json(await registerUser(deps, input, requestLang(c), clientIp(c)), 201);
  });

  app.post('/auth/register/complete', client, async (c) => {
    const input = normaliseTarget(await validBody(c, CompleteRegistrationSchema));
    const { token, user: profile } = await completeRegistration(deps, input, c.get('auth').clientId);
    c.header('Cache-Control', 'no-store');
    return c.json({ ...token, user: profile });
  });

  const sendCode = client;
  app.post('/auth/codes/request', sendCode, async (c) => {
    const input = normaliseTarget(await validBody(c, CodeRequestSchema));
    return c.json(await requestCode(deps, input, requestLang(c), clientIp(c)), 202);
  });
  // Same rules as request: the previous code dies, the cool-down applies.
  app.post('/auth/codes/resend', sendCode, async (c) => {
    const input = normaliseTarget(await validBody(c, CodeRequestSchema));
    return c.json(await requestCode(deps, input, requestLang(c), clientIp(c)), 202);
  });

  app.post('/auth/codes/validate', client, async (c) => {
    const input = normaliseTarget(await validBody(c, CodeValidateSchema));
    const result = await validateCode(deps, input);
    if ('resetToken' in result)
      return c.json({
        purpose: result.purpose,
        resetToken: result.resetToken,
        expiresInSeconds: result.expiresInSeconds,
      });
    return c.json({ purpose: result.purpose, verified: true, channel: result.channel });
  });

  app.post('/auth/password/forgot', client, async (c) => {
    const input = normaliseTarget(await validBody(c, ForgotPasswordSchema));
    return c.json(await requestCode(deps, { purpose: 'reset_password', ...input }, requestLang(c), clientIp(c)), 202);
  });

  app.post('/auth/password/reset', client, async (c) => {
    const input = await validBody(c, ResetPasswordSchema);
    return c.json(await resetPassword(deps, input));
  });

  app.post('/auth/login', client, async (c) => {
    const input = await validBody(c, SignInSchema);
    const { token, user: profile } = await signIn(deps, input, c.get('auth').clientId, clientIp(c));
    c.header('Cache-Control', 'no-store');
    return c.json({ ...token, user: profile });
  });

  // Sign-out: revokes the session of the user token and/or of the given refresh token.
  app.post('/auth/logout', client, async (c) => {
    const input = await validBody(c, LogoutSchema);
    const auth = c.get('auth');
    const sessions = new Set<string>();
    if (auth.kind === 'user') sessions.add(auth.sessionId);
    if (input.refresh_token) {
      const sid = await sessionOfRefreshToken(deps, input.refresh_token);
      if (sid) sessions.add(sid);
    }
    if (sessions.size === 0) throw authErrors.userTokenRequired();
    for (const sid of sessions) await revokeSession(deps, sid, 'logout');
    return c.json({ loggedOut: true });
  });

  const profile = async (userId: number) => {
    const row = await getUser(deps, userId);
    if (!row) throw authErrors.invalidToken();
    return profileOf(deps, row);
  };
  const myProfile = async (c: Context) => {
    const auth = c.get('auth');
    if (auth.kind !== 'user') throw authErrors.userTokenRequired();
    return c.json({ data: await profile(auth.userId) });
  };
  app.get('/auth/me', user, myProfile);
  app.get('/clients/v1/my-account', user, myProfile);

  // Editing the profile (name, e-mail and phone changes proved by a code) is api/profile/profile.routes.ts.
  return app;
}
