import { RegisterSchema } from '../../core/contracts/auth.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import {
  Field,
  FormShell,
  SubmitButton,
  apiErrors,
  useForm,
  useLocationSearch,
  validate,
  withRedirect,
} from './form-kit.tsx';
import { signUp } from '../stores/auth-actions.ts';

export function SignUp({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const f = useForm({ fullName: '', email: '', phone: '', password: '', confirmPassword: '', verifyBy: 'email' });
  const search = useLocationSearch() ?? '';
  const submit = async () => {
    const checked = validate(RegisterSchema, f.values, lang);
    f.setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.setBusy(true);
    try {
      const sent = await signUp(checked.output);
      const q = new URLSearchParams({ channel: sent.channel, target: sent.target });
      window.location.assign(
        withRedirect(`${localizedPath(lang, '/complete-registration/')}?${q}`, window.location.search),
      );
    } catch (error) {
      f.setErrors(apiErrors(error, lang, t.genericError));
      f.setBusy(false);
    }
  };
  return (
    <FormShell
      testId="signup"
      title={t.signUpTitle}
      intro={t.signUpIntro}
      error={f.errors._form}
      onSubmit={() => void submit()}
      footer={
        <p>
          {t.haveAccount}{' '}
          <a
            className="font-semibold text-brand-700 underline"
            href={withRedirect(localizedPath(lang, '/signin/'), search)}
          >
            {t.signInTitle}
          </a>
        </p>
      }
    >
      <Field label={t.fullName} autoComplete="name" {...f.bind('fullName')} />
      <Field label={t.email} type="email" autoComplete="email" {...f.bind('email')} />
      <Field
        label={t.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t.phoneHint}
        placeholder="81234567890"
        {...f.bind('phone')}
      />
      <Field
        label={t.password}
        type="password"
        autoComplete="new-password"
        hint={t.passwordHint}
        {...f.bind('password')}
      />
      <Field label={t.confirmPassword} type="password" autoComplete="new-password" {...f.bind('confirmPassword')} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">{t.verifyBy}</legend>
        {(['email', 'phone'] as const).map((c) => (
          <label key={c} className="flex items-center gap-2">
            <input
              type="radio"
              name="verifyBy"
              value={c}
              checked={f.values.verifyBy === c}
              onChange={() => f.setValues((s) => ({ ...s, verifyBy: c }))}
            />
            {c === 'email' ? t.byEmail : t.byPhone}
          </label>
        ))}
      </fieldset>
      <SubmitButton busy={f.busy} label={t.signUp} busyLabel={t.working} />
    </FormShell>
  );
}
