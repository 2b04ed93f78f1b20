import { useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { FIELD_CLASS } from './form-rules.ts';
import { useClientValue } from '../lib/client-value.ts';

// The React side of the sign-in screens: a field, the form's frame, its button and its state. The
// rules they follow (validation, API errors, redirects, classes) are in form-rules.ts.

export { apiErrors, messageFor, redirectTarget, validate, withRedirect, type FieldErrors } from './form-rules.ts';
import type { FieldErrors } from './form-rules.ts';

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
        className={FIELD_CLASS.input(Boolean(error))}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={FIELD_CLASS.error} data-field-error={name}>
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
  /** The island's submit; a plain form (`plain`) is driven by its page script instead. */
  onSubmit?: () => void;
  /** A form rendered without React on the client (plain-form.ts): its language and dynamic copy. */
  plain?: { lang: string; copy: Record<string, string> };
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const { onSubmit, plain } = props;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-2xl font-extrabold">{props.title}</h1>
      {props.intro && <p className="mb-6 text-muted">{props.intro}</p>}
      <form
        noValidate
        data-auth-form={props.testId}
        className="flex flex-col gap-4"
        onSubmit={
          onSubmit &&
          ((e) => {
            e.preventDefault();
            onSubmit();
          })
        }
        {...(plain && { 'data-plain-form': plain.lang, 'data-copy': JSON.stringify(plain.copy) })}
      >
        {props.children}
        {props.error && (
          <p role="alert" className={FIELD_CLASS.formError} data-form-error>
            {props.error}
          </p>
        )}
      </form>
      {props.footer && <div className="mt-6 text-sm">{props.footer}</div>}
    </div>
  );
}

/** `waitsForScript`: a plain form's button, off until its page script has taken the form. */
/** "No account yet? Sign up" and its mirror: the other screen, keeping the way back (?redirect=). */
export function OtherScreen(props: { question: string; label: string; href: string }) {
  return (
    <p>
      {props.question}{' '}
      <a className="font-semibold text-brand-700 underline" href={props.href} data-keep-redirect>
        {props.label}
      </a>
    </p>
  );
}

export function SubmitButton(props: { busy: boolean; label: string; busyLabel: string; waitsForScript?: boolean }) {
  const { busy, label, busyLabel, waitsForScript } = props;
  return (
    <button
      type="submit"
      disabled={busy || waitsForScript}
      data-waits-for-script={waitsForScript || undefined}
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
