import { ApiError } from '../http/errors.ts';

// Auth-specific client errors, each in both languages.
export const authErrors = {
  invalidToken: () =>
    new ApiError(401, 'invalid_token', {
      en: 'Your session has ended. Please sign in again.',
      id: 'Sesi kamu sudah berakhir. Silakan masuk lagi ya.',
    }),
  missingToken: () =>
    new ApiError(401, 'unauthorized', {
      en: 'Please sign in to continue.',
      id: 'Silakan masuk dulu untuk melanjutkan.',
    }),
  userTokenRequired: () =>
    new ApiError(401, 'user_token_required', {
      en: 'Please sign in to your account to continue.',
      id: 'Masuk ke akunmu dulu untuk melanjutkan ya.',
    }),
  invalidApiKey: () =>
    new ApiError(401, 'invalid_api_key', {
      en: 'This app is not recognised (missing or wrong API key).',
      id: 'Aplikasi ini tidak dikenali (API key kosong atau salah).',
    }),
  invalidCredentials: () =>
    new ApiError(401, 'invalid_credentials', {
      en: 'The e-mail, phone number or password is not correct.',
      id: 'E-mail, nomor HP, atau kata sandinya belum cocok.',
    }),
  emailTaken: () =>
    new ApiError(409, 'email_taken', {
      en: 'This e-mail is already registered. Try signing in instead.',
      id: 'E-mail ini sudah terdaftar. Coba masuk saja ya.',
    }),
  phoneTaken: () =>
    new ApiError(409, 'phone_taken', {
      en: 'This phone number is already used by another account.',
      id: 'Nomor HP ini sudah dipakai akun lain.',
    }),
  codeInvalid: () =>
    new ApiError(422, 'code_invalid', {
      en: 'That code is not correct. Check it and try again.',
      id: 'Kodenya belum cocok. Cek lagi, lalu coba ulang ya.',
    }),
  codeExpired: () =>
    new ApiError(422, 'code_expired', {
      en: 'That code has expired or was already used. Ask for a new one.',
      id: 'Kodenya sudah kedaluwarsa atau sudah terpakai. Minta kode baru ya.',
    }),
  codeAttemptsExceeded: () =>
    new ApiError(429, 'code_attempts_exceeded', {
      en: 'Too many wrong tries for this code. Ask for a new one.',
      id: 'Terlalu sering salah memasukkan kode ini. Minta kode baru ya.',
    }),
  codeCooldown: (seconds: number) =>
    new ApiError(
      429,
      'code_cooldown',
      {
        en: `Please wait ${seconds} seconds before asking for another code.`,
        id: `Tunggu ${seconds} detik lagi sebelum minta kode baru ya.`,
      },
      { retryAfterSeconds: seconds },
    ),
  ticketInvalid: () =>
    new ApiError(422, 'reset_token_invalid', {
      en: 'This password reset link has expired. Start again from "Forgot password".',
      id: 'Sesi ganti kata sandi ini sudah habis. Mulai lagi dari "Lupa kata sandi" ya.',
    }),
  alreadyVerified: () =>
    new ApiError(409, 'already_verified', {
      en: 'This account is already verified.',
      id: 'Akun ini sudah terverifikasi.',
    }),
};
