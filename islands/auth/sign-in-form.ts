import { SignInSchema } from '../../core/contracts/auth.ts';
import { fill } from '../../core/i18n/fill.ts';
import { signIn, signInWithPasskey, ssoProviders } from '../stores/auth-actions.ts';
import { FIELD_CLASS, apiErrors, redirectTarget, ssoStart, validate } from './form-rules.ts';
import { plainForm } from './plain-form.ts';

/** Sign-in in the browser (the view is sign-in.tsx): password, passkey (button and autofill), providers. */
export function startSignIn() {
  const f = plainForm('signin');
  if (!f) return;
  const { form, lang, copy } = f;
  const signedIn = () => window.location.assign(redirectTarget(lang, window.location.search));
  const passkeyButton = form.querySelector<HTMLButtonElement>('[data-passkey-signin]')!;

  // Single sign-on: the providers this server offers (none in the static page), at the card's end.
  const ssoLinks = form.parentElement?.querySelector<HTMLElement>('[data-sso-links]');
  if (ssoLinks)
    ssoProviders()
      .then((providers) => {
        for (const p of providers) {
          const link = document.createElement('a');
          link.className = FIELD_CLASS.ssoLink;
          link.href = ssoStart(p.key, lang, window.location.search);
          link.dataset.ssoProvider = p.key;
          link.textContent = fill(copy.ssoContinue ?? '', { provider: p.name });
          ssoLinks.append(link);
        }
      })
      .catch(() => undefined);

  // Conditional UI: where the browser offers it, the username field lists the guest's passkeys; the
  // request waits until one is picked (or until the button starts a prompt of its own, which aborts it).
  void (async () => {
    if (typeof window.PublicKeyCredential?.isConditionalMediationAvailable !== 'function') return;
    if (!(await window.PublicKeyCredential.isConditionalMediationAvailable())) return;
    try {
      await signInWithPasskey(true);
      signedIn();
    } catch {
      // Aborted by the button, or nothing picked: the form stays as it is.
    }
  })();

  const passkeyError = (message: string) => {
    form.querySelector('[data-passkey-error]')?.remove();
    if (!message) return;
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.className = 'text-sm text-red-800';
    p.dataset.passkeyError = '';
    p.textContent = message;
    passkeyButton.after(p);
  };
  passkeyButton.addEventListener('click', () => {
    passkeyError('');
    passkeyButton.disabled = true;
    signInWithPasskey(false).then(signedIn, (error: unknown) => {
      passkeyError(apiErrors(error, lang, '')._form || (copy.passkeyFailed ?? ''));
      passkeyButton.disabled = false;
    });
  });

  f.start(async (values) => {
    const checked = validate(SignInSchema, { username: values.username, password: values.password }, lang);
    f.show(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    f.busy(true);
    try {
      await signIn(checked.output);
      signedIn();
    } catch (error) {
      f.show(apiErrors(error, lang, copy.genericError ?? ''));
      f.busy(false);
    }
  });
}
