import { useState } from 'react';
import * as v from 'valibot';
import { CodeSchema, ResetPasswordSchema, parseTarget } from '../../core/contracts/auth.ts';
import type { Channel } from '../../core/contracts/auth.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import {
  Field,
  FormShell,
  SubmitButton,
  apiErrors,
  messageFor,
  useForm,
  useLocationSearch,
  validate,
} from './form-kit.tsx';
import { requestPasswordReset, resetPassword } from '../stores/auth-actions.ts';

/** An e-mail when it has an @, otherwise a phone number. */
export function channelOf(value: string): Channel {
  return value.includes('@') ? 'email' : 'phone';
}

export function ForgotPassword({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const f = useForm({ target: '' });
  const submit = async () => {
    const channel = channelOf(f.values.target);
    const parsed = parseTarget(channel, f.values.target);
    if (!parsed.ok) {
      f.setErrors({ target: messageFor(parsed.message, lang) });
      return;
    }
    f.setErrors({});
    f.setBusy(true);
    try {
      await requestPasswordReset({ channel, target: parsed.value });
      window.location.assign(
        `${localizedPath(lang, '/reset-password/')}?${new URLSearchParams({ channel, target: parsed.value })}`,
      );
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
      f.setBusy(false);
    }
  };
  return (
    <FormShell
      testId="forgot"
      title={t.forgotTitle}
      intro={t.forgotIntro}
      error={f.errors._form}
      onSubmit={() => void submit()}
      footer={
        <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/signin/')}>
          {t.signInTitle}
        </a>
      }
    >
      <Field label={t.username} autoComplete="username" {...f.bind('target')} />
      <SubmitButton busy={f.busy} label={t.sendCode} busyLabel={t.working} />
    </FormShell>
  );
}

export function ResetPassword({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const f = useForm({ code: '', password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const search = useLocationSearch();
  const q = new URLSearchParams(search ?? '');
  const channel = q.get('channel') === 'phone' ? 'phone' : 'email';
  const target = q.get('target') ?? '';
  const submit = async () => {
    const codeCheck = validate(v.object({ code: CodeSchema }), f.values, lang);
    const passCheck = validate(
      ResetPasswordSchema,
      { resetToken: 'pending', password: f.values.password, confirmPassword: f.values.confirmPassword },
      lang,
    );
    const errors = { ...(codeCheck.ok ? {} : codeCheck.errors), ...(passCheck.ok ? {} : passCheck.errors) };
    f.setErrors(errors);
    if (Object.keys(errors).length) return;
    f.setBusy(true);
    try {
      await resetPassword(
        { channel, target },
        { code: f.values.code.trim(), password: f.values.password, confirmPassword: f.values.confirmPassword },
      );
      setDone(true);
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
    }
    f.setBusy(false);
  };
  if (search === null)
    return (
      <p role="status" className="p-6 text-muted">
        {t.working}
      </p>
    );
  if (!target) return <p className="rounded-xl bg-white p-6">{t.missingTarget}</p>;
  if (done)
    return (
      <p role="status" className="rounded-xl bg-white p-6">
        {t.resetDone}{' '}
        <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/signin/')}>
          {t.signInTitle}
        </a>
      </p>
    );
  return (
    <FormShell
      testId="reset"
      title={t.resetTitle}
      intro={fill(t.resetIntro, { target })}
      error={f.errors._form}
      onSubmit={() => void submit()}
    >
      <Field label={t.code} inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...f.bind('code')} />
      <Field
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        hint={t.passwordHint}
        {...f.bind('password')}
      />
      <Field label={t.confirmPassword} type="password" autoComplete="new-password" {...f.bind('confirmPassword')} />
      <SubmitButton busy={f.busy} label={t.resetButton} busyLabel={t.working} />
    </FormShell>
  );
}
