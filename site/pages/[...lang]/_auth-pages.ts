import type { Dictionary } from '../../../core/i18n/en.ts';

/** The sign-in family (spec section 5): each screen's path and title; the route mounts its island. */
export const AUTH_PAGES = [
  // Sign-in screen (e-mail or phone + password); returns to ?redirect= afterwards.
  { page: 'signin', title: 'signInTitle' },
  // Registration: full name, e-mail, password twice, phone; the code goes to complete-registration.
  { page: 'signup', title: 'signUpTitle' },
  // Complete registration: the 4-digit sign-up code verifies the address and signs the guest in.
  { page: 'complete-registration', title: 'completeTitle' },
  // Forgot password: sends a 4-digit code to an e-mail or phone.
  { page: 'forgot-password', title: 'forgotTitle' },
  // Reset password: the 4-digit code plus a new password.
  { page: 'reset-password', title: 'resetTitle' },
  // Account verification: ask for a code to verify the e-mail or phone before the first booking.
  { page: 'acc-verif', title: 'accVerifTitle' },
  // OTP verify for an e-mail or phone of an existing account (?channel=&target=).
  { page: 'otp-verif', title: 'otpTitle' },
  // Account choice for single sign-on (spec section 2): the provider's answer (?ticket=) signs in,
  // links after the guest proves an account, or completes a new person's registration.
  { page: 'account-choice', title: 'accountChoiceTitle' },
] as const satisfies readonly { page: string; title: keyof Dictionary['auth'] }[];

export type AuthPage = (typeof AUTH_PAGES)[number]['page'];
