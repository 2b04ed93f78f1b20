import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { keepSession, openCall } from '../lib/api-client.ts';
import type { TokenResponse } from '../lib/api-client.ts';

// The sign-in family's actions, beside the session store ($auth.ts): each talks to the API and
// updates the session; the screens only validate, call one action and move on.

export type Channel = 'email' | 'phone';
export type CodeTarget = { channel: Channel; target: string };

/** Password sign-in; the session is kept (tokens and profile). */
export async function signIn(credentials: { username: string; password: string }): Promise<void> {
  keepSession(await openCall<TokenResponse>({ method: 'post', path: 'auth/login', form: credentials }));
}

/**
 * Sign in with a passkey (issue 29): the browser's passkey prompt, or with `autofill` the passkeys the
 * username field offers (conditional UI; the promise waits until the guest picks one). The WebAuthn
 * library loads only here.
 */
export async function signInWithPasskey(autofill = false): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const start = await openCall<{ data: { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON } }>({
    method: 'post',
    path: 'auth/passkeys/options',
    json: {},
  });
  const response = await startAuthentication({ optionsJSON: start.data.options, useBrowserAutofill: autofill });
  keepSession(
    await openCall<TokenResponse>({
      method: 'post',
      path: 'auth/passkeys/login',
      json: { challengeId: start.data.challengeId, response },
    }),
  );
}

/** Create the account; resolves with where its verification code went. */
export async function signUp(form: Record<string, string>): Promise<{ channel: string; target: string }> {
  const body = await openCall<{ verification: { channel: string; target: string } }>({
    method: 'post',
    path: 'auth/register',
    form,
  });
  return body.verification;
}

/** The sign-up code: verifies the address and signs the guest in. */
export async function completeRegistration(to: CodeTarget, code: string): Promise<void> {
  keepSession(await openCall<TokenResponse>({ method: 'post', path: 'auth/register/complete', form: { ...to, code } }));
}

/** A code that verifies an address of the signed-in account. */
export async function verifyCode(to: CodeTarget, code: string): Promise<void> {
  await openCall({ method: 'post', path: 'auth/codes/validate', form: { purpose: 'verify', ...to, code } });
}

/** Send a verification code (again). */
export async function requestVerificationCode(to: CodeTarget, again = false): Promise<void> {
  await openCall({
    method: 'post',
    path: again ? 'auth/codes/resend' : 'auth/codes/request',
    form: { purpose: 'verify', ...to },
  });
}

/** Forgot password: a reset code goes to the address. */
export async function requestPasswordReset(to: CodeTarget): Promise<void> {
  await openCall({ method: 'post', path: 'auth/password/forgot', form: to });
}

/** The reset code buys a one-time ticket, which sets the new password. */
export async function resetPassword(
  to: CodeTarget,
  input: { code: string; password: string; confirmPassword: string },
): Promise<void> {
  const { resetToken } = await openCall<{ resetToken: string }>({
    method: 'post',
    path: 'auth/codes/validate',
    form: { purpose: 'reset_password', ...to, code: input.code },
  });
  await openCall({
    method: 'post',
    path: 'auth/password/reset',
    form: { resetToken, password: input.password, confirmPassword: input.confirmPassword },
  });
}

/** The single sign-on providers this server offers (issue 29). */
export async function ssoProviders(): Promise<{ key: string; name: string }[]> {
  return (await openCall<{ data: { key: string; name: string }[] }>({ path: 'auth/sso/providers' })).data;
}

export type SsoStep = {
  kind: 'signin' | 'link' | 'register' | 'unverified';
  redirect: string;
  provider?: string;
  email?: string | null;
  name?: string | null;
};

/** The provider's answer (the ticket of /account-choice/): signed in at once, or what to do next. */
export async function continueSso(ticket: string): Promise<SsoStep> {
  const body = await openCall<TokenResponse & { data: SsoStep }>({
    method: 'post',
    path: 'auth/sso/continue',
    json: { ticket },
  });
  if (body.data.kind === 'signin') keepSession(body);
  return body.data;
}

/** Link the provider to the account these credentials prove, and sign in to it. */
export async function linkSso(ticket: string, username: string, password: string): Promise<string> {
  const body = await openCall<TokenResponse & { redirect: string }>({
    method: 'post',
    path: 'auth/sso/link',
    json: { ticket, username, password },
  });
  keepSession(body);
  return body.redirect;
}

/** A 4-digit code to the e-mail of the account the provider's e-mail matches (instead of its password). */
export async function sendSsoLinkCode(ticket: string): Promise<void> {
  await openCall({ method: 'post', path: 'auth/sso/link-code', json: { ticket } });
}

/** Link the provider to the account the code proves, signed in; where to go next. */
export async function linkSsoByCode(ticket: string, code: string): Promise<string> {
  const body = await openCall<TokenResponse & { redirect: string }>({
    method: 'post',
    path: 'auth/sso/link-by-code',
    json: { ticket, code },
  });
  keepSession(body);
  return body.redirect;
}

/** A new person's account through the provider (its verified e-mail), signed in. */
export async function registerSso(ticket: string, fullName: string, phone: string): Promise<string> {
  const body = await openCall<TokenResponse & { redirect: string }>({
    method: 'post',
    path: 'auth/sso/register',
    json: { ticket, fullName, phone },
  });
  keepSession(body);
  return body.redirect;
}
