import { RegisterSchema } from '../../core/contracts/auth.ts';
import { localizedPath } from '../../core/locales.ts';
import { signUp } from '../stores/auth-actions.ts';
import { apiErrors, validate, withRedirect } from './form-rules.ts';
import { plainForm } from './plain-form.ts';

const FIELDS = ['fullName', 'email', 'phone', 'password', 'confirmPassword', 'verifyBy'] as const;

/** Sign-up in the browser (the view is sign-up.tsx): checked by the API's own contract, then sent. */
export function startSignUp() {
  const f = plainForm('signup');
  if (!f) return;
  const { lang, copy } = f;
  f.start(async (values) => {
    const input = Object.fromEntries(FIELDS.map((name) => [name, values[name] ?? '']));
    const checked = validate(RegisterSchema, input, lang);
    f.show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.busy(true);
    try {
      const sent = await signUp(checked.output);
      const q = new URLSearchParams({ channel: sent.channel, target: sent.target });
      window.location.assign(
        withRedirect(`${localizedPath(lang, '/complete-registration/')}?${q}`, window.location.search),
      );
    } catch (error) {
      f.show(apiErrors(error, lang, copy.genericError ?? ''));
      f.busy(false);
    }
  });
}
