import * as v from 'valibot';
import { EmailSchema, normalisePhone, PHONE_PATTERN } from './contact-point.ts';
import { PositiveInt } from './common.ts';

// Auth request contracts shared by the API and the browser islands. Browser-safe: valibot only.
// Issue messages are stable keys; `inputMessages[key][lang]` gives the text in id or en.

export const inputMessages = {
  required: { en: 'This field is required.', id: 'Kolom ini wajib diisi.' },
  invalid: { en: 'This value is not valid.', id: 'Isian ini tidak valid.' },
  too_long: { en: 'This is too long.', id: 'Isiannya terlalu panjang.' },
  name_required: { en: 'Please enter your full name.', id: 'Isi nama lengkap kamu ya.' },
  email_invalid: { en: 'Please enter a valid e-mail address.', id: 'Masukkan alamat e-mail yang valid ya.' },
  email_plus: {
    en: "E-mail addresses with a plus sign (+) can't be used.",
    id: 'Alamat e-mail dengan tanda plus (+) tidak bisa dipakai.',
  },
  phone_invalid: {
    en: 'Please enter a valid Indonesian mobile number, e.g. 81234567890.',
    id: 'Masukkan nomor HP Indonesia yang valid, contoh 81234567890.',
  },
  password_short: { en: 'Password must be at least 8 characters.', id: 'Kata sandi minimal 8 karakter ya.' },
  password_digit: { en: 'Password must contain at least one number.', id: 'Kata sandi harus mengandung angka.' },
  password_mismatch: { en: 'The passwords do not match.', id: 'Konfirmasi kata sandinya belum sama.' },
  code_format: { en: 'The code has 4 digits.', id: 'Kodenya terdiri dari 4 angka.' },
  username_invalid: { en: 'Enter your e-mail or phone number.', id: 'Masukkan e-mail atau nomor HP kamu.' },
  choice_invalid: { en: 'Please choose one of the options.', id: 'Pilih salah satu opsi ya.' },
} as const satisfies Record<string, { en: string; id: string }>;

export type InputMessageKey = keyof typeof inputMessages;
const m = (key: InputMessageKey) => key;

export { EmailSchema, normalisePhone, PHONE_PATTERN } from './contact-point.ts';

export const PhoneSchema = v.pipe(
  v.string(m('required')),
  v.maxLength(32, m('too_long')),
  v.transform(normalisePhone),
  v.regex(PHONE_PATTERN, m('phone_invalid')),
);

export const PasswordSchema = v.pipe(
  v.string(m('required')),
  v.minLength(8, m('password_short')),
  v.maxLength(128, m('too_long')),
  v.regex(/\d/, m('password_digit')),
);

export const FullNameSchema = v.pipe(
  v.string(m('required')),
  v.trim(),
  v.nonEmpty(m('name_required')),
  v.maxLength(100, m('too_long')),
);

export const CodeSchema = v.pipe(v.string(m('required')), v.trim(), v.regex(/^\d{4}$/, m('code_format')));

export const ChannelSchema = v.picklist(['email', 'phone'], m('choice_invalid'));
export type Channel = v.InferOutput<typeof ChannelSchema>;

export const RegisterSchema = v.pipe(
  v.object({
    fullName: FullNameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: v.pipe(v.string(m('required')), v.maxLength(128, m('too_long'))),
    phone: PhoneSchema,
    /** Where the first verification code goes; e-mail by default. */
    verifyBy: v.optional(ChannelSchema, 'email'),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      m('password_mismatch'),
    ),
    ['confirmPassword'],
  ),
);
export type RegisterInput = v.InferInput<typeof RegisterSchema>;

/** Sign-in: username is an e-mail or a phone number. */
export const SignInSchema = v.object({
  username: v.pipe(
    v.string(m('required')),
    v.trim(),
    v.nonEmpty(m('username_invalid')),
    v.maxLength(254, m('too_long')),
  ),
  password: v.pipe(v.string(m('required')), v.nonEmpty(m('required')), v.maxLength(128, m('too_long'))),
});
export type SignInInput = v.InferInput<typeof SignInSchema>;

/** A target is an e-mail when channel is email, a phone number when channel is phone. */
const target = v.pipe(v.string(m('required')), v.trim(), v.nonEmpty(m('required')), v.maxLength(254, m('too_long')));

export const CodePurposeSchema = v.picklist(['verify', 'reset_password'], m('choice_invalid'));
export type CodePurpose = v.InferOutput<typeof CodePurposeSchema>;

export const CodeRequestSchema = v.object({ purpose: CodePurposeSchema, channel: ChannelSchema, target });
export type CodeRequestInput = v.InferInput<typeof CodeRequestSchema>;

export const CodeValidateSchema = v.object({
  purpose: CodePurposeSchema,
  channel: ChannelSchema,
  target,
  code: CodeSchema,
});
export type CodeValidateInput = v.InferInput<typeof CodeValidateSchema>;

export const CompleteRegistrationSchema = v.object({ channel: ChannelSchema, target, code: CodeSchema });
export type CompleteRegistrationInput = v.InferInput<typeof CompleteRegistrationSchema>;

export const ForgotPasswordSchema = v.object({ channel: ChannelSchema, target });
export type ForgotPasswordInput = v.InferInput<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = v.pipe(
  v.object({
    resetToken: v.pipe(v.string(m('required')), v.nonEmpty(m('required')), v.maxLength(200, m('too_long'))),
    password: PasswordSchema,
    confirmPassword: v.pipe(v.string(m('required')), v.maxLength(128, m('too_long'))),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      m('password_mismatch'),
    ),
    ['confirmPassword'],
  ),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;

export const UpdateProfileSchema = v.object({ name: FullNameSchema, email: EmailSchema, telephone: PhoneSchema });
export type UpdateProfileInput = v.InferInput<typeof UpdateProfileSchema>;

export const LogoutSchema = v.object({
  refresh_token: v.optional(v.pipe(v.string(m('required')), v.maxLength(200, m('too_long')))),
});

/** Check a target against its channel (e-mail or phone) and return it normalised, or the issue key. */
export function parseTarget(
  channel: Channel,
  value: string,
): { ok: true; value: string } | { ok: false; message: InputMessageKey } {
  const result = v.safeParse(channel === 'email' ? EmailSchema : PhoneSchema, value);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, message: result.issues[0].message as InputMessageKey };
}

/** The devices a guest is signed in on (GET /clients/v1/my-account/devices). */
export const SignedInDeviceSchema = v.looseObject({
  id: v.string(),
  device: v.nullable(v.string()),
  signedInAt: v.string(),
  lastSeenAt: v.string(),
  current: v.boolean(),
});
export type SignedInDeviceView = v.InferOutput<typeof SignedInDeviceSchema>;
export const DeviceIdBody = v.object({ id: v.pipe(v.string(), v.uuid()) });
export const DevicesSignedOutSchema = v.looseObject({ signedOut: v.number() });

/** A WebAuthn ceremony's answer from the browser (@simplewebauthn/browser's JSON), checked by the server library. */
const WebAuthnResponse = v.looseObject({
  id: v.pipe(v.string(), v.maxLength(1024)),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(8192)) }),
});
export const PasskeyNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40));
export const PasskeyAddBody = v.object({
  challengeId: v.pipe(v.string(), v.uuid()),
  name: PasskeyNameSchema,
  response: WebAuthnResponse,
});
export const PasskeyLoginBody = v.object({ challengeId: v.pipe(v.string(), v.uuid()), response: WebAuthnResponse });
export const PasskeyIdBody = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) });
export const PasskeyRenameBody = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  name: PasskeyNameSchema,
});
export const PasskeyOptionsSchema = v.looseObject({
  challengeId: v.string(),
  options: v.looseObject({ challenge: v.string() }),
});
export const PasskeySchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});
export type PasskeyView = v.InferOutput<typeof PasskeySchema>;

/** Single sign-on (issue 29): the one-use ticket of the provider's answer, and what the guest adds to it. */
const SsoTicket = v.pipe(v.string(m('required')), v.regex(/^[A-Za-z0-9_-]{20,100}$/, m('code_format')));
export const SsoTicketBody = v.object({ ticket: SsoTicket });
export const SsoLinkBody = v.object({
  ticket: SsoTicket,
  username: v.pipe(v.string(m('required')), v.trim(), v.nonEmpty(m('required')), v.maxLength(254, m('too_long'))),
  password: v.pipe(v.string(m('required')), v.nonEmpty(m('required')), v.maxLength(128, m('too_long'))),
});
export const SsoLinkCodeBody = v.object({ ticket: SsoTicket, code: CodeSchema });
export const SsoRegisterBody = v.object({ ticket: SsoTicket, fullName: FullNameSchema, phone: PhoneSchema });
export const SsoProviderSchema = v.looseObject({ key: v.string(), name: v.string() });
export const SsoStepSchema = v.looseObject({
  kind: v.picklist(['signin', 'link', 'register', 'unverified']),
  redirect: v.string(),
  provider: v.optional(v.string()),
  email: v.optional(v.nullable(v.string())),
  name: v.optional(v.nullable(v.string())),
});
export const LinkedIdentitySchema = v.looseObject({
  id: v.number(),
  provider: v.string(),
  email: v.nullable(v.string()),
  linkedAt: v.string(),
});
export type LinkedIdentityView = v.InferOutput<typeof LinkedIdentitySchema>;
export const IdentityIdBody = v.object({ id: PositiveInt });
