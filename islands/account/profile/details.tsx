import { useMemo, useRef, useState } from 'react';
import { UpdateProfileSchema } from '../../../core/contracts/auth.ts';
import type { PendingChange, UserProfile } from '../../../core/contracts/responses.ts';
import { fill } from '../../../core/i18n/fill.ts';
import type { Lang } from '../../../core/locales.ts';
import { Field, SubmitButton, apiErrors, useForm, validate } from '../../auth/form-kit.tsx';
import { SessionRedirect } from '../../lib/api-client.ts';
import { useIslandStore } from '../../lib/use-island-store.ts';
import { $pendingChanges, confirmChange, dropChange, saveProfile } from '../../stores/$profile.ts';
import type { ProfileInput } from '../../stores/$profile.ts';
import { countdown } from '../../stores/timer.ts';
import { failure } from './copy.ts';
import type { ProfileCopy } from './copy.ts';

// Name, e-mail and phone (spec section 7: POST /clients/v1/my-account/update). The name is saved at
// once; a new e-mail or phone waits for the 4-digit code sent to it, and the old one stays until the
// code is entered. "Profile updated" once everything asked for is saved.

export function ProfileDetails({ lang, t, profile }: { lang: Lang; t: ProfileCopy; profile: UserProfile }) {
  const f = useForm({ name: profile.name, email: profile.email, telephone: profile.telephone ?? '' });
  const pending = useIslandStore($pendingChanges);
  const [notice, setNotice] = useState('');
  const saved = useRef<ProfileInput | null>(null);

  const submit = async () => {
    setNotice('');
    const checked = validate(UpdateProfileSchema, f.values, lang);
    f.setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.setBusy(true);
    try {
      saved.current = checked.output;
      const waiting = await saveProfile(checked.output);
      if (waiting.length === 0) setNotice(t.updated);
    } catch (error) {
      if (!(error instanceof SessionRedirect)) f.setErrors(apiErrors(error, lang, t.genericError));
    } finally {
      f.setBusy(false);
    }
  };
  const resend = async () => {
    if (saved.current) await saveProfile(saved.current);
  };
  const settled = (change: PendingChange, kept: boolean) => {
    if (kept) {
      dropChange(change);
      const field = change.channel === 'email' ? 'email' : 'telephone';
      f.setValues((v) => ({ ...v, [field]: change.channel === 'email' ? profile.email : (profile.telephone ?? '') }));
    }
    if ($pendingChanges.get().length === 0) setNotice(t.updated);
  };

  return (
    <section aria-labelledby="profile-details-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="profile-details-title" className="mb-4 text-lg font-bold">
        {t.detailsTitle}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-4"
        data-profile-form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t.name} autoComplete="name" {...f.bind('name')} />
        <Field
          label={t.email}
          type="email"
          autoComplete="email"
          hint={profile.is_email_verified ? t.verified : t.notVerified}
          {...f.bind('email')}
        />
        <Field
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={`${t.phoneHint} · ${profile.is_telephone_verified ? t.verified : t.notVerified}`}
          {...f.bind('telephone')}
        />
        {f.errors._form && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-profile-error>
            {f.errors._form}
          </p>
        )}
        <div>
          <SubmitButton busy={f.busy} label={t.save} busyLabel={t.saving} />
        </div>
      </form>
      {pending.map((change) => (
        <ConfirmChange
          key={`${change.channel}:${change.target}`}
          t={t}
          change={change}
          onResend={resend}
          onSettled={(kept) => settled(change, kept)}
        />
      ))}
      <p role="status" className="mt-3 font-semibold text-emerald-800" data-profile-notice>
        {notice}
      </p>
    </section>
  );
}

function ConfirmChange({
  t,
  change,
  onResend,
  onSettled,
}: {
  t: ProfileCopy;
  change: PendingChange;
  onResend: () => Promise<void>;
  onSettled: (kept: boolean) => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [resent, setResent] = useState('');
  const [sentAt, setSentAt] = useState(() => Date.now());
  const $cooldown = useMemo(() => countdown(sentAt + change.resendAfterSeconds * 1000), [sentAt, change]);
  const cooldown = Math.ceil(useIslandStore($cooldown) / 1000);
  const what = change.channel === 'email' ? t.whatEmail : t.whatPhone;
  const target = change.channel === 'phone' ? `+62 ${change.target}` : change.target;
  const id = `confirm-${change.channel}`;

  const verify = async () => {
    setBusy(true);
    setError('');
    try {
      await confirmChange(change, code.trim());
      onSettled(false);
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(failure(e, t.genericError));
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setError('');
    try {
      await onResend();
      setResent(t.resent);
      setSentAt(Date.now());
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(failure(e, t.genericError));
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-xl bg-brand-50 p-4"
      data-confirm-change={change.channel}
    >
      <h3 id={`${id}-title`} className="font-bold">
        {fill(t.verifyTitle, { what })}
      </h3>
      <p className="mt-1 text-sm">{fill(t.verifyIntro, { target, what })}</p>
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-code`} className="text-sm font-semibold">
            {t.code}
          </label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="w-28 rounded-lg border border-slate-300 bg-white px-3 py-2 tracking-widest"
          />
        </div>
        <button
          type="submit"
          disabled={busy || !/^\d{4}$/.test(code.trim())}
          className="rounded-lg bg-brand-600 px-4 py-2 font-bold text-white disabled:bg-slate-500"
        >
          {busy ? t.verifying : t.verify}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800" data-confirm-error>
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline disabled:text-muted disabled:no-underline"
          disabled={cooldown > 0}
          onClick={() => void resend()}
        >
          {cooldown > 0 ? fill(t.resendIn, { s: cooldown }) : t.resend}
        </button>
        <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onSettled(true)}>
          {fill(t.keepCurrent, { what })}
        </button>
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-emerald-800">
        {resent}
      </p>
    </section>
  );
}
