import { ApiError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';

// Auth-specific client errors, each in both languages.
export const authErrors = {
  invalidToken: () => new ApiError(401, 'invalid_token', msg('auth.invalidToken')),
  missingToken: () => new ApiError(401, 'unauthorized', msg('http.signInFirst')),
  userTokenRequired: () => new ApiError(401, 'user_token_required', msg('auth.userTokenRequired')),
  invalidApiKey: () => new ApiError(401, 'invalid_api_key', msg('auth.invalidApiKey')),
  invalidCredentials: () => new ApiError(401, 'invalid_credentials', msg('auth.invalidCredentials')),
  emailTaken: () => new ApiError(409, 'email_taken', msg('auth.emailTaken')),
  phoneTaken: () => new ApiError(409, 'phone_taken', msg('auth.phoneTaken')),
  codeInvalid: () => new ApiError(422, 'code_invalid', msg('auth.codeInvalid')),
  codeExpired: () => new ApiError(422, 'code_expired', msg('auth.codeExpired')),
  codeAttemptsExceeded: () => new ApiError(429, 'code_attempts_exceeded', msg('auth.codeAttemptsExceeded')),
  codeGuessesExhausted: () =>
    new ApiError(429, 'code_guesses_exhausted', msg('auth.codeGuessesExhausted'), { retryAfterSeconds: 86_400 }),
  codeCooldown: (seconds: number) =>
    new ApiError(429, 'code_cooldown', msg('auth.codeCooldown', seconds), { retryAfterSeconds: seconds }),
  ticketInvalid: () => new ApiError(422, 'reset_token_invalid', msg('auth.ticketInvalid')),
  alreadyVerified: () => new ApiError(409, 'already_verified', msg('auth.alreadyVerified')),
};
