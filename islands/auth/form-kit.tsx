import { useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import * as v from 'valibot';
import { inputMessages } from '../../core/contracts/auth.ts';
import type { InputMessageKey } from '../../core/contracts/auth.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { ApiError } from '../lib/api-client.ts';
import { useClientValue } from '../lib/client-value.ts';

// Shared bits of the sign-in screens: inline field errors from the API's own valibot contracts
// (core/contracts/auth.ts), in the visitor's language, and the same keys for the API's 422s.

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

export function Field(
  props: { name: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { name, label, error, hint, ...rest } = props;
  const id = `f-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`rounded-lg border px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

export function FormShell(props: {
  title: string;
  intro?: string;
  error?: string;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-2xl font-extrabold">{props.title}</h1>
      {props.intro && <p className="mb-6 text-muted">{props.intro}</p>}
      <form
        noValidate
        data-auth-form={props.testId}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        {props.error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-form-error>
            {props.error}
          </p>
        )}
      </form>
      {props.footer && <div className="mt-6 text-sm">{props.footer}</div>}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-lg bg-brand-600 px-4 py-2.5 font-bold text-white disabled:bg-slate-400"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((s) => ({ ...s, [name]: e.target.value })),
  });
  return { values, setValues, errors, setErrors, busy, setBusy, bind };
}

/** The query string, read after hydration so the static HTML and the first client render agree. */
export function useLocationSearch(): string | null {
  return useClientValue<string | null>(() => window.location.search, null);
}
