import * as v from 'valibot';
import { inputMessages } from '../../core/contracts/auth.ts';
import type { InputMessageKey } from '../../core/contracts/auth.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { ApiError } from '../lib/api-errors.ts';

// The sign-in screens' rules without a renderer: inline field errors from the API's own valibot
// contracts (core/contracts/auth.ts) in the visitor's language, the same keys for the API's 422s, where
// to go afterwards, and the classes a field takes. The React screens (form-kit.tsx) and the plain
// forms (plain-form.ts: sign-in and sign-up, which ship no React) both use them.

export type FieldErrors = Record<string, string>;

export function messageFor(key: string, lang: Lang, fallback = ''): string {
  return Object.hasOwn(inputMessages, key) ? inputMessages[key as InputMessageKey][lang] : fallback || key;
}

/** Validate with a contract schema; every field's first issue, translated. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  lang: Lang,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '_form';
    errors[field] ??= messageFor(issue.message, lang);
  }
  return { ok: false, errors };
}

/** API errors as field errors (422 details.fields) or a form-level message. */
export function apiErrors(error: unknown, lang: Lang, generic: string): FieldErrors {
  if (error instanceof ApiError) {
    if (error.fields.length)
      return Object.fromEntries(error.fields.map((f) => [f.field, messageFor(f.code, lang, error.message)]));
    return { _form: error.message || generic };
  }
  return { _form: generic };
}

/** Where to go after signing in: a same-site path from ?redirect=, else home. */
export function redirectTarget(lang: Lang, search: string): string {
  const r = new URLSearchParams(search).get('redirect') ?? '';
  return r.startsWith('/') && !r.startsWith('//') && !r.includes('\\') ? r : localizedPath(lang, '/');
}

/** Keep ?redirect= on links between the auth screens. */
export function withRedirect(path: string, search: string): string {
  const r = new URLSearchParams(search).get('redirect');
  if (!r) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}redirect=${encodeURIComponent(r)}`;
}

/** The classes of a field's parts, one list for both renderers. */
export const FIELD_CLASS = {
  input: (error: boolean) => `rounded-lg border px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`,
  error: 'text-sm text-red-700',
  formError: 'rounded-lg bg-red-50 p-3 text-sm text-red-800',
  ssoLink: 'rounded-lg border border-slate-400 px-4 py-2.5 text-center font-semibold',
} as const;

/** A single sign-on provider's start address, back to the same target afterwards. */
export function ssoStart(key: string, lang: Lang, search: string): string {
  return `/api/auth/sso/${key}/start?${new URLSearchParams({ lang, redirect: redirectTarget(lang, search) })}`;
}
