import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { ApiError, SessionRedirect, userCall } from '../lib/api-client.ts';
import { useClientValue } from '../lib/client-value.ts';
import { hasStoredSession, restoreAuth } from '../stores/$auth.ts';
import { FormShell, SubmitButton, apiErrors, withRedirect } from './form-kit.tsx';
import { requestVerificationCode } from '../stores/auth-actions.ts';

type Profile = { email: string; telephone: string | null; is_email_verified: boolean; is_telephone_verified: boolean };

/** /acc-verif/: a signed-in guest asks for a code to verify their e-mail or phone. */
export function AccVerif({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [channel, setChannel] = useState<'email' | 'phone'>('email');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signedOut = useClientValue(() => !hasStoredSession(), false);
  useEffect(() => {
    if (!restoreAuth().isLoggedIn) return;
    userCall<{ data: Profile }>({ path: 'auth/me' })
      .then((b) => setProfile(b.data))
      .catch((e) => {
        if (!(e instanceof SessionRedirect)) setError(t.genericError);
      });
  }, [t.genericError]);
  if (signedOut)
    return (
      <p className="rounded-xl bg-white p-6">
        <a
          className="font-semibold text-brand-700 underline"
          href={`${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, '/acc-verif/'))}`}
        >
          {t.signInTitle}
        </a>
      </p>
    );
  if (profile && profile.is_email_verified && (profile.is_telephone_verified || !profile.telephone))
    return (
      <p role="status" className="rounded-xl bg-white p-6">
        {t.verified}
      </p>
    );
  const submit = async () => {
    if (!profile) return;
    // The API answers the same for verified and unverified addresses (no account enumeration).
    if (channel === 'email' ? profile.is_email_verified : profile.is_telephone_verified) {
      setError(t.verified);
      return;
    }
    const target = channel === 'email' ? profile.email : (profile.telephone ?? '');
    setBusy(true);
    try {
      await requestVerificationCode({ channel, target });
      window.location.assign(
        withRedirect(
          `${localizedPath(lang, '/otp-verif/')}?${new URLSearchParams({ channel, target })}`,
          window.location.search,
        ),
      );
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'already_verified'
          ? t.verified
          : (apiErrors(e, lang, t.genericError)._form ?? t.genericError),
      );
      setBusy(false);
    }
  };
  return (
    <FormShell
      testId="acc-verif"
      title={t.accVerifTitle}
      intro={t.accVerifIntro}
      error={error}
      onSubmit={() => void submit()}
    >
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 font-semibold">{t.channel}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="channel" checked={channel === 'email'} onChange={() => setChannel('email')} />
          {t.byEmail}
          {profile ? ` (${profile.email})` : ''}
        </label>
        {profile?.telephone && (
          <label className="flex items-center gap-2">
            <input type="radio" name="channel" checked={channel === 'phone'} onChange={() => setChannel('phone')} />
            {t.byPhone} (+62 {profile.telephone})
          </label>
        )}
      </fieldset>
      <SubmitButton busy={busy || !profile} label={t.sendCode} busyLabel={t.working} />
    </FormShell>
  );
}
