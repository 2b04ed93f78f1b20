import { SignInSchema } from '../../core/contracts/auth.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
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
  withRedirect,
} from './form-kit.tsx';
import { useEffect, useState } from 'react';
import { signIn, signInWithPasskey, ssoProviders } from '../stores/auth-actions.ts';
import { fill } from '../../core/i18n/fill.ts';

export function SignIn({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const f = useForm({ username: '', password: '' });
  const search = useLocationSearch() ?? '';
  // Single sign-on: the providers this server offers, read after hydration (none in the static page).
  const [providers, setProviders] = useState<{ key: string; name: string }[]>([]);
  useEffect(() => {
    ssoProviders()
      .then(setProviders)
      .catch(() => undefined);
  }, []);
  const [passkeyError, setPasskeyError] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // Conditional UI: where the browser offers it, the username field lists the guest's passkeys; the
  // request waits until one is picked (or until the button starts a prompt of its own, which aborts it).
  useEffect(() => {
    let live = true;
    void (async () => {
      if (typeof window.PublicKeyCredential?.isConditionalMediationAvailable !== 'function') return;
      if (!(await window.PublicKeyCredential.isConditionalMediationAvailable())) return;
      try {
        await signInWithPasskey(true);
        if (live) window.location.assign(redirectTarget(lang, window.location.search));
      } catch {
        // Aborted by the button, or nothing picked: the form stays as it is.
      }
    })();
    return () => {
      live = false;
    };
  }, [lang]);
  const passkey = async () => {
    setPasskeyError('');
    setPasskeyBusy(true);
    try {
      await signInWithPasskey(false);
      window.location.assign(redirectTarget(lang, window.location.search));
    } catch (error) {
      const refused = apiErrors(error, lang, '')._form;
      setPasskeyError(refused || t.passkeyFailed);
      setPasskeyBusy(false);
    }
  };
  const submit = async () => {
    const checked = validate(SignInSchema, f.values, lang);
    f.setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.setBusy(true);
    try {
      await signIn(checked.output);
      window.location.assign(redirectTarget(lang, window.location.search));
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
      f.setBusy(false);
    }
  };
  return (
    <FormShell
      testId="signin"
      title={t.signInTitle}
      intro={t.signInIntro}
      error={f.errors._form}
      onSubmit={() => void submit()}
      footer={
        <p>
          {t.noAccount}{' '}
          <a
            className="font-semibold text-brand-700 underline"
            href={withRedirect(localizedPath(lang, '/signup/'), search)}
          >
            {t.signUpLink}
          </a>
        </p>
      }
    >
      {providers.map((p) => (
        <a
          key={p.key}
          className="rounded-lg border border-slate-400 px-4 py-2.5 text-center font-semibold"
          href={`/api/auth/sso/${p.key}/start?${new URLSearchParams({ lang, redirect: redirectTarget(lang, search) })}`}
          data-sso-provider={p.key}
        >
          {fill(t.ssoContinue, { provider: p.name })}
        </a>
      ))}
      <button
        type="button"
        className="rounded-lg border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 disabled:opacity-60"
        disabled={passkeyBusy}
        onClick={() => void passkey()}
        data-passkey-signin
      >
        {t.passkeySignIn}
      </button>
      {passkeyError && (
        <p role="alert" className="text-sm text-red-800" data-passkey-error>
          {passkeyError}
        </p>
      )}
      <p className="text-center text-sm text-muted">{t.passkeyOr}</p>
      <Field label={t.username} autoComplete="username webauthn" {...f.bind('username')} />
      <Field label={t.password} type="password" autoComplete="current-password" {...f.bind('password')} />
      <a
        className="self-end text-sm font-semibold text-brand-700 underline"
        href={localizedPath(lang, '/forgot-password/')}
      >
        {t.forgotLink}
      </a>
      <SubmitButton busy={f.busy} label={t.signIn} busyLabel={t.working} />
    </FormShell>
  );
}
