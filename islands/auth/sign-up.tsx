import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { Field, FormShell, OtherScreen, SubmitButton } from './form-kit.tsx';

/** The sign-up form as the server renders it, with no React in the browser: sign-up-form.ts drives it. */
export function SignUp({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  return (
    <FormShell
      testId="signup"
      title={t.signUpTitle}
      intro={t.signUpIntro}
      plain={{ lang, copy: { working: t.working, genericError: t.genericError } }}
      footer={<OtherScreen question={t.haveAccount} label={t.signInTitle} href={localizedPath(lang, '/signin/')} />}
    >
      <Field name="fullName" label={t.fullName} autoComplete="name" />
      <Field name="email" label={t.email} type="email" autoComplete="email" />
      <Field
        name="phone"
        label={t.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t.phoneHint}
        placeholder="81234567890"
      />
      <Field name="password" label={t.password} type="password" autoComplete="new-password" hint={t.passwordHint} />
      <Field name="confirmPassword" label={t.confirmPassword} type="password" autoComplete="new-password" />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">{t.verifyBy}</legend>
        {(['email', 'phone'] as const).map((c) => (
          <label key={c} className="flex items-center gap-2">
            <input type="radio" name="verifyBy" value={c} defaultChecked={c === 'email'} />
            {c === 'email' ? t.byEmail : t.byPhone}
          </label>
        ))}
      </fieldset>
      <SubmitButton busy={false} label={t.signUp} busyLabel={t.working} waitsForScript />
    </FormShell>
  );
}
