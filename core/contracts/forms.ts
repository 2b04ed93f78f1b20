import * as v from 'valibot';
import { EmailSchema, normalisePhone } from './contact-point.ts';

// The contact form and the partnership proposal (spec sections 3 and 5): one set of rules, run by the
// API on every submission and by the page's script (site/scripts/forms.ts) as the guest types.
// Browser-safe: valibot only. Every issue message is a stable code; the page shows the text of
// `forms.errors[code]` (core/i18n/forms-*.ts) in its own language.

export const FORM_KINDS = ['contact', 'partnership'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** The honeypot: a field people never see (so never fill), refused quietly when it is filled. */
export const HONEYPOT_FIELD = 'website';

/** The cookie holding a browser's draft key (HttpOnly): a draft sent back opens only in that browser. */
export const DRAFT_COOKIE = 'bbx_form_draft';

/** Seconds a person needs at least between the page being rendered and the form being sent (faster: sent again). */
export const MIN_FILL_SECONDS = 3;
/** A form page older than this asks to be sent again (its values kept). */
export const MAX_FILL_HOURS = 24;

export const FORM_ERROR_CODES = [
  'required',
  'invalid',
  'too_long',
  'name_required',
  'email_invalid',
  'email_plus',
  'phone_short',
  'subject_required',
  'message_required',
  'choice_required',
  'source_other_required',
  'address_required',
  'maps_required',
  'maps_invalid',
  'area_required',
  'area_invalid',
  'surrounding_required',
  'photo_too_large',
  'photo_too_many',
  'photo_type',
  'video_too_large',
  'video_too_many',
  'video_type',
  'document_too_large',
  'document_too_many',
  'document_type',
  'files_too_large',
  'form_expired',
  'sent_too_fast',
  'rate_limited',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];
const c = (code: FormErrorCode) => code;

const text = (max: number, empty: FormErrorCode) =>
  v.pipe(
    v.string(c(empty)),
    v.trim(),
    v.nonEmpty(c(empty)),
    v.maxLength(max, c('too_long')),
    // PostgreSQL text cannot hold NUL; a form field never needs it.
    v.check((s) => !s.includes('\u0000'), c('invalid')),
  );

const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, c('too_long')),
      v.check((s) => !s.includes('\u0000'), c('invalid')),
    ),
    '',
  );

/** Spec section 5: an e-mail with a plus sign is not accepted (the shared rule of sign-up and profile). */
const Email = v.pipe(
  v.string(c('required')),
  v.trim(),
  v.nonEmpty(c('required')),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const result = v.safeParse(EmailSchema, dataset.value);
    if (result.success) return result.output;
    const first = result.issues[0].message;
    addIssue({ message: first === 'email_plus' ? c('email_plus') : c('email_invalid') });
    return NEVER;
  }),
);

/**
 * Spec section 5: the phone is normalised (spaces, plus signs and other non-alphanumerics removed,
 * as everywhere else) and has at least 8 characters; at most 20 (an international number fits).
 */
const Phone = v.pipe(
  v.string(c('required')),
  v.trim(),
  v.nonEmpty(c('required')),
  v.maxLength(40, c('too_long')),
  v.transform(normalisePhone),
  v.minLength(8, c('phone_short')),
  v.maxLength(20, c('too_long')),
);

const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.picklist(options, c('choice_required'));

export const ContactSchema = v.object({
  name: text(100, 'name_required'),
  email: Email,
  phone: Phone,
  subject: text(150, 'subject_required'),
  message: text(5000, 'message_required'),
});
export type ContactInput = v.InferOutput<typeof ContactSchema>;

// One constant feeds both the options and their labels (core/i18n/forms-*.ts).
export const INTERESTS = ['invest', 'lease'] as const;
export const PRODUCTS = ['pod', 'cabin', 'other'] as const;
export const SOURCES = ['friends', 'social_media', 'news', 'others'] as const;
export const POD_SURROUNDINGS = ['tourism', 'commercial', 'industry', 'mice'] as const;
export const CABIN_SURROUNDINGS = ['beach', 'lake', 'mountain', 'paddy_field'] as const;
export const SURROUNDINGS = [...POD_SURROUNDINGS, ...CABIN_SURROUNDINGS] as const;
export type Product = (typeof PRODUCTS)[number];
export type Surrounding = (typeof SURROUNDINGS)[number];

/** The surroundings a product offers: a pod's city kinds, a cabin's nature kinds, any for another product. */
export function surroundingsFor(product: Product): readonly Surrounding[] {
  return product === 'pod' ? POD_SURROUNDINGS : product === 'cabin' ? CABIN_SURROUNDINGS : SURROUNDINGS;
}

/** Land or building area in square metres: a positive whole number (dots and commas as separators). */
const Area = v.pipe(
  v.string(c('area_required')),
  v.trim(),
  v.nonEmpty(c('area_required')),
  v.transform((s) => s.replace(/[.,\s]/g, '')),
  v.regex(/^\d{1,9}$/, c('area_invalid')),
  v.transform(Number),
  v.minValue(1, c('area_invalid')),
);

const MapsLink = v.pipe(
  text(1000, 'maps_required'),
  v.check((s) => {
    try {
      return ['http:', 'https:'].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, c('maps_invalid')),
);

export const PartnershipSchema = v.pipe(
  v.object({
    interest: choice(INTERESTS),
    product: choice(PRODUCTS),
    fullName: text(100, 'name_required'),
    email: Email,
    phone: Phone,
    source: choice(SOURCES),
    sourceOther: optionalText(200),
    address: text(500, 'address_required'),
    mapsLink: MapsLink,
    area: Area,
    surrounding: v.pipe(v.string(c('surrounding_required')), v.nonEmpty(c('surrounding_required'))),
    notes: optionalText(2000),
  }),
  v.forward(
    v.partialCheck(
      [['source'], ['sourceOther']],
      (input) => input.source !== 'others' || input.sourceOther.length > 0,
      c('source_other_required'),
    ),
    ['sourceOther'],
  ),
  v.forward(
    v.partialCheck(
      [['product'], ['surrounding']],
      (input) => (surroundingsFor(input.product) as readonly string[]).includes(input.surrounding),
      c('surrounding_required'),
    ),
    ['surrounding'],
  ),
);
export type PartnershipInput = v.InferOutput<typeof PartnershipSchema>;

/** The text fields of each form, in the order the page shows them. */
export const FORM_FIELDS = {
  contact: ['name', 'email', 'phone', 'subject', 'message'],
  partnership: [
    'interest',
    'product',
    'fullName',
    'email',
    'phone',
    'source',
    'sourceOther',
    'address',
    'mapsLink',
    'area',
    'surrounding',
    'notes',
  ],
} as const satisfies Record<FormKind, readonly string[]>;

export const FORM_SCHEMAS = { contact: ContactSchema, partnership: PartnershipSchema } as const;

// --- Files (partnership only): counts, sizes and types by the first bytes, never by name.

export const MB = 1024 * 1024;
export const FILE_FIELDS = ['photos', 'video', 'document'] as const;
export type FileField = (typeof FILE_FIELDS)[number];
export const FILE_RULES = {
  photos: { max: 4, bytes: 2 * MB, types: ['image/jpeg', 'image/png', 'image/webp'] },
  video: { max: 1, bytes: 10 * MB, types: ['video/mp4', 'video/quicktime', 'video/webm'] },
  document: { max: 1, bytes: 2 * MB, types: ['application/pdf'] },
} as const satisfies Record<FileField, { max: number; bytes: number; types: readonly string[] }>;
export type UploadType = (typeof FILE_RULES)[FileField]['types'][number];
/** Every file of one proposal together: what the API reads of a body at most (plus the text fields). */
export const FILES_MAX_BYTES = FILE_FIELDS.reduce((sum, f) => sum + FILE_RULES[f].max * FILE_RULES[f].bytes, 0);
/** How many leading bytes decide a file's type. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, at: number, s: string) =>
  bytes.length >= at + s.length && [...s].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
const has = (bytes: Uint8Array, at: number, ...values: number[]) => values.every((x, i) => bytes[at + i] === x);

/**
 * A file's type from its magic number: JPEG, PNG, WebP; MP4 and MOV (an ISO-BMFF `ftyp` box; a HEIC
 * or AVIF picture has one too and is not a video); WebM (EBML with the webm doctype); PDF (`%PDF-`).
 */
export function sniffUploadType(bytes: Uint8Array): UploadType | null {
  if (has(bytes, 0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (has(bytes, 0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  if (ascii(bytes, 4, 'ftyp') && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  if (has(bytes, 0, 0x1a, 0x45, 0xdf, 0xa3)) {
    const head = String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES));
    return head.includes('webm') ? 'video/webm' : null;
  }
  return null;
}

/** What the rules need of a chosen file: its size and the type its first bytes show. */
export type FileFacts = { size: number; type: string | null };

const fileList = (field: FileField) => {
  const rule = FILE_RULES[field];
  const singular = field === 'photos' ? 'photo' : field;
  return v.pipe(
    v.array(
      v.object({
        size: v.pipe(v.number(), v.maxValue(rule.bytes, c(`${singular}_too_large` as FormErrorCode))),
        type: v.picklist(rule.types as unknown as string[], c(`${singular}_type` as FormErrorCode)),
      }),
    ),
    v.maxLength(rule.max, c(`${singular}_too_many` as FormErrorCode)),
  );
};

export const FilesSchema = v.object({
  photos: fileList('photos'),
  video: fileList('video'),
  document: fileList('document'),
});

export type FieldErrors = Partial<Record<string, FormErrorCode>>;

/** The first issue of each field (a file list's issues name the list), as field -> code. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path?.[0]?.key ?? '_form');
    const code = (FORM_ERROR_CODES as readonly string[]).includes(issue.message)
      ? (issue.message as FormErrorCode)
      : issue.input === undefined || issue.input === ''
        ? 'required'
        : 'invalid';
    out[field] ??= code;
  }
  return out;
}

/** Check a form's text fields: the parsed values, or the errors by field. */
export function checkForm<K extends FormKind>(
  kind: K,
  values: Record<string, unknown>,
): { ok: true; value: v.InferOutput<(typeof FORM_SCHEMAS)[K]> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(FORM_SCHEMAS[kind], values);
  return result.success
    ? { ok: true, value: result.output as v.InferOutput<(typeof FORM_SCHEMAS)[K]> }
    : { ok: false, errors: fieldErrors(result.issues) };
}

/** Check the chosen files: null when they pass, else the errors by file field. */
export function checkFiles(files: Record<FileField, FileFacts[]>): FieldErrors | null {
  const result = v.safeParse(FilesSchema, files);
  return result.success ? null : fieldErrors(result.issues);
}

// --- The API's answers (api/forms/forms.routes.ts; documented on the routes themselves).

/** What a form page gets when it is rendered: its fill-time token, and the draft it comes back with. */
export const FormSessionSchema = v.object({
  token: v.string(),
  draft: v.nullable(
    v.object({
      values: v.record(v.string(), v.string()),
      errors: v.record(v.string(), v.string()),
      filesDropped: v.boolean(),
      /** Past a sending limit (`_form: rate_limited`): when the guest may send it again. */
      retryAt: v.optional(v.nullable(v.string())),
    }),
  ),
});
export type FormSession = v.InferOutput<typeof FormSessionSchema>;

/** A form taken (or refused quietly as spam, which looks the same): where the page goes next. */
export const FormSentSchema = v.object({ redirect: v.string() });

/** The fields every form post carries besides its own: the page's language, its token and the honeypot. */
export const FormPostExtras = v.object({
  lang: v.optional(v.picklist(['id', 'en'])),
  token: v.string(),
  website: v.optional(v.string()),
});
