import { useMemo, useState } from 'react';
import { CodeSchema, ChannelSchema } from '../../core/contracts/auth.ts';
import * as v from 'valibot';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import {
  Field,
  FormShell,
  SubmitButton,
  apiErrors,
  redirectTarget,
  useForm,
  useLocationSearch,
  validate,
} from './form-kit.tsx';
import { countdown } from '../stores/timer.ts';
import { completeRegistration, requestVerificationCode, verifyCode } from '../stores/auth-actions.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

// The 4-digit code screens: complete registration (sign-up's code, signs the guest in) and
// /otp-verif/ (verify an e-mail or phone of an existing account). ?channel=&target= say where the code went.
export const RESEND_SECONDS = 60;

export function CodeForm({ lang, t, mode }: { lang: Lang; t: Dictionary['auth']; mode: 'complete' | 'verify' }) {
  const f = useForm({ code: '' });
  const search = useLocationSearch();
  const target = useMemo(() => {
    if (search === null) return null;
    const q = new URLSearchParams(search);
    const channel = v.safeParse(ChannelSchema, q.get('channel'));
    const to = q.get('target');
    return channel.success && to ? { channel: channel.output, target: to } : null;
  }, [search]);
  // The resend cool-down: a countdown store per code sent (islands/stores/timer.ts).
  const [sentAt, setSentAt] = useState(() => Date.now());
  const $cooldown = useMemo(() => countdown(sentAt + RESEND_SECONDS * 1000), [sentAt]);
  const cooldown = Math.ceil(useIslandStore($cooldown) / 1000);
  const [notice, setNotice] = useState('');

  const submit = async () => {
    if (!target) return;
    const checked = validate(v.object({ code: CodeSchema }), f.values, lang);
    f.setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.setBusy(true);
    try {
      if (mode === 'complete') await completeRegistration(target, checked.output.code);
      else await verifyCode(target, checked.output.code);
      window.location.assign(redirectTarget(lang, window.location.search));
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
      f.setBusy(false);
    }
  };
  const resend = async () => {
    if (!target) return;
    try {
      await requestVerificationCode(target, true);
      setNotice(t.resent);
      setSentAt(Date.now());
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
    }
  };
  if (!target)
    return (
      <p className="rounded-xl bg-white p-6">
        {t.missingTarget}{' '}
        <a className="font-semibold text-brand-700 underline" href={localizedPath(lang, '/signup/')}>
          {t.signUpLink}
        </a>
      </p>
    );
  return (
    <FormShell
      testId={mode === 'complete' ? 'complete-registration' : 'otp'}
      title={mode === 'complete' ? t.completeTitle : t.otpTitle}
      intro={fill(mode === 'complete' ? t.completeIntro : t.otpIntro, {
        target: target.channel === 'phone' ? `+62 ${target.target}` : target.target,
      })}
      error={f.errors._form}
      onSubmit={() => void submit()}
    >
      <Field label={t.code} inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...f.bind('code')} />
      <SubmitButton busy={f.busy} label={t.verify} busyLabel={t.working} />
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline disabled:text-muted disabled:no-underline"
        disabled={cooldown > 0}
        onClick={() => void resend()}
      >
        {cooldown > 0 ? fill(t.resendIn, { s: cooldown }) : t.resend}
      </button>
      <p aria-live="polite" className="text-sm text-emerald-800">
        {notice}
      </p>
    </FormShell>
  );
}
