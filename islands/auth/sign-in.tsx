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
import { signIn } from '../stores/auth-actions.ts';

export function SignIn({ lang, t }: { lang: Lang; t: Dictionary['auth'] }) {
  const f = useForm({ username: '', password: '' });
  const search = useLocationSearch() ?? '';
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
      <Field label={t.username} autoComplete="username" {...f.bind('username')} />
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
