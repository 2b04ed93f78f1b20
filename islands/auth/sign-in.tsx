import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { Field, FormShell, OtherScreen, SubmitButton } from './form-kit.tsx';

/**
 * The sign-in form as the server renders it, with no React in the browser: sign-in-form.ts drives it
 * (the password, the passkey button and autofill, the providers' links it adds once the API names them).
 */
export function SignIn({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  return (
    <FormShell
      testId="signin"
      title={t.signInTitle}
      intro={t.signInIntro}
      plain={{
        lang,
        copy: {
          working: t.working,
          genericError: t.genericError,
          passkeyFailed: t.passkeyFailed,
          ssoContinue: t.ssoContinue,
        },
      }}
      footer={
        <>
          <OtherScreen question={t.noAccount} label={t.signUpLink} href={localizedPath(lang, '/signup/')} />
          {/* The providers' links arrive after the page (the API names them): at the card's end, where
              they move nothing the guest is typing in or about to tap. */}
          <div className="mt-4 flex flex-col gap-3 text-base empty:hidden" data-sso-links />
        </>
      }
    >
      <button
        type="button"
        className="rounded-lg border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 disabled:opacity-60"
        disabled
        data-waits-for-script
        data-passkey-signin
      >
        {t.passkeySignIn}
      </button>
      <p className="text-center text-sm text-muted">{t.passkeyOr}</p>
      <Field name="username" label={t.username} autoComplete="username webauthn" />
      <Field name="password" label={t.password} type="password" autoComplete="current-password" />
      <a
        className="self-end text-sm font-semibold text-brand-700 underline"
        href={localizedPath(lang, '/forgot-password/')}
      >
        {t.forgotLink}
      </a>
      <SubmitButton busy={false} label={t.signIn} busyLabel={t.working} waitsForScript />
    </FormShell>
  );
}
