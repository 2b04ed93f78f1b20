import { Hono } from 'hono';
import { deviceLabel } from '../auth/device.ts';
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
import { documented } from '../http/contract.ts';
import {
  CodeCheckedSchema,
  CodeSentSchema,
  PasswordResetSchema,
  RegisteredSchema,
  SignedInSchema,
  SignedOutSchema,
  UserProfileSchema,
} from '../../core/contracts/responses.ts';

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

  app.post(
    '/auth/register',
    documented({
      answer: RegisteredSchema,
      summary: 'Create an account and send its verification code',
      auth: 'client',
      body: RegisterSchema,
      tag: 'auth',
      ok: 201,
      limited: true,
    }),
    client,
    async (c) => {
      const input = await validBody(c, RegisterSchema);
      return c.json(await registerUser(deps, input, requestLang(c), clientIp(c)), 201);
    },
  );

  app.post(
    '/auth/register/complete',
    documented({
      answer: SignedInSchema,
      summary: 'Verify the sign-up code and sign in',
      auth: 'client',
      body: CompleteRegistrationSchema,
      tag: 'auth',
      limited: true,
    }),
    client,
    async (c) => {
      const input = normaliseTarget(await validBody(c, CompleteRegistrationSchema));
      const { token, user: profile } = await completeRegistration(
        deps,
        input,
        c.get('auth').clientId,
        deviceLabel(c.req.header('user-agent')),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ ...token, user: profile });
    },
  );

  const sendCode = client;
  // Request and resend: the same rules (the previous code dies, the cool-down applies).
  const codeRoute = (path: string, summary: string) =>
    app.post(
      path,
      documented({
        answer: CodeSentSchema,
        summary,
        auth: 'client',
        body: CodeRequestSchema,
        tag: 'auth',
        ok: 202,
        limited: true,
      }),
      sendCode,
      async (c) => {
        const input = normaliseTarget(await validBody(c, CodeRequestSchema));
        return c.json(await requestCode(deps, input, requestLang(c), clientIp(c)), 202);
      },
    );
  codeRoute('/auth/codes/request', 'Send a 4-digit code (verify or reset)');
  codeRoute('/auth/codes/resend', 'Send the code again after its cool-down');

  app.post(
    '/auth/codes/validate',
    documented({
      answer: CodeCheckedSchema,
      summary: 'Check a code (verify an address, or start a password reset)',
      auth: 'client',
      body: CodeValidateSchema,
      tag: 'auth',
      limited: true,
    }),
    client,
    async (c) => {
      const input = normaliseTarget(await validBody(c, CodeValidateSchema));
      const result = await validateCode(deps, input);
      if ('resetToken' in result)
        return c.json({
          purpose: result.purpose,
          resetToken: result.resetToken,
          expiresInSeconds: result.expiresInSeconds,
        });
      return c.json({ purpose: result.purpose, verified: true, channel: result.channel });
    },
  );

  app.post(
    '/auth/password/forgot',
    documented({
      answer: CodeSentSchema,
      summary: 'Send a password reset code',
      auth: 'client',
      body: ForgotPasswordSchema,
      tag: 'auth',
      ok: 202,
      limited: true,
    }),
    client,
    async (c) => {
      const input = normaliseTarget(await validBody(c, ForgotPasswordSchema));
      return c.json(await requestCode(deps, { purpose: 'reset_password', ...input }, requestLang(c), clientIp(c)), 202);
    },
  );

  app.post(
    '/auth/password/reset',
    documented({
      answer: PasswordResetSchema,
      summary: 'Set a new password with the reset ticket',
      auth: 'client',
      body: ResetPasswordSchema,
      tag: 'auth',
      limited: true,
    }),
    client,
    async (c) => {
      const input = await validBody(c, ResetPasswordSchema);
      return c.json(await resetPassword(deps, input));
    },
  );

  app.post(
    '/auth/login',
    documented({
      answer: SignedInSchema,
      summary: 'Password sign-in',
      auth: 'client',
      body: SignInSchema,
      tag: 'auth',
      limited: true,
    }),
    client,
    async (c) => {
      const input = await validBody(c, SignInSchema);
      const { token, user: profile } = await signIn(
        deps,
        input,
        c.get('auth').clientId,
        clientIp(c),
        deviceLabel(c.req.header('user-agent')),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ ...token, user: profile });
    },
  );

  // Sign-out: revokes the session of the user token and/or of the given refresh token.
  app.post(
    '/auth/logout',
    documented({
      answer: SignedOutSchema,
      summary: 'Revoke a refresh token',
      auth: 'client',
      body: LogoutSchema,
      tag: 'auth',
    }),
    client,
    async (c) => {
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
    },
  );

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
  app.get(
    '/auth/me',
    documented({ response: UserProfileSchema, summary: 'The signed-in user profile', auth: 'user', tag: 'auth' }),
    user,
    myProfile,
  );
  app.get(
    '/clients/v1/my-account',
    documented({
      response: UserProfileSchema,
      summary: 'The signed-in user profile (account area)',
      auth: 'user',
      tag: 'account',
    }),
    user,
    myProfile,
  );

  // Editing the profile (name, e-mail and phone changes proved by a code) is api/profile/profile.routes.ts.
  return app;
}
