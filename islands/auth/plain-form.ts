import { isLang } from '../../core/locales.ts';
import type { Lang } from '../../core/locales.ts';
import { FIELD_CLASS, withRedirect } from './form-rules.ts';
import type { FieldErrors } from './form-rules.ts';

// Sign-in and sign-up ship no React (issue 31: the sign-in pages' JavaScript budget): their markup is
// the same React view as the other sign-in screens, rendered once on the server (form-kit.tsx with
// `plain`), and this module drives it in the browser. What the guest types stays in the inputs (nothing
// is lost while the script loads); the buttons stay off until the script has taken the form.

export type PlainForm = {
  form: HTMLFormElement;
  lang: Lang;
  copy: Record<string, string>;
  /** Every named field's value as typed. */
  values: () => Record<string, string>;
  /** Show these errors (field ones under their fields, `_form` at the foot) and clear the others. */
  show: (errors: FieldErrors) => void;
  busy: (on: boolean) => void;
  /** Run on submit; then turn the form's buttons on. */
  start: (onSubmit: (values: Record<string, string>) => Promise<void>) => void;
};

export function plainForm(testId: string): PlainForm | null {
  const form = document.querySelector<HTMLFormElement>(`form[data-auth-form="${testId}"][data-plain-form]`);
  if (!form) return null;
  const lang: Lang = isLang(form.dataset.plainForm) ? form.dataset.plainForm : 'en';
  const copy = JSON.parse(form.dataset.copy ?? '{}') as Record<string, string>;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const label = submit.textContent ?? '';

  const values = () => {
    const out: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') out[name] = value;
    return out;
  };

  const show = (errors: FieldErrors) => {
    for (const input of form.querySelectorAll<HTMLInputElement>('input[id^="f-"]')) {
      const message = errors[input.name];
      const id = `${input.id}-error`;
      form.querySelector(`#${CSS.escape(id)}`)?.remove();
      const hint = form.querySelector(`#${CSS.escape(`${input.id}-hint`)}`) ? `${input.id}-hint` : '';
      const describedBy = [hint, message ? id : ''].filter(Boolean).join(' ');
      if (describedBy) input.setAttribute('aria-describedby', describedBy);
      else input.removeAttribute('aria-describedby');
      input.className = FIELD_CLASS.input(Boolean(message));
      if (!message) {
        input.removeAttribute('aria-invalid');
        continue;
      }
      input.setAttribute('aria-invalid', 'true');
      const p = document.createElement('p');
      p.id = id;
      p.className = FIELD_CLASS.error;
      p.dataset.fieldError = input.name;
      p.textContent = message;
      input.parentElement!.append(p);
    }
    form.querySelector(':scope > [data-form-error]')?.remove();
    if (errors._form) {
      const p = document.createElement('p');
      p.setAttribute('role', 'alert');
      p.className = FIELD_CLASS.formError;
      p.dataset.formError = '';
      p.textContent = errors._form;
      form.append(p);
    }
  };

  const busy = (on: boolean) => {
    submit.disabled = on;
    submit.textContent = on ? (copy.working ?? label) : label;
  };

  const start = (onSubmit: (values: Record<string, string>) => Promise<void>) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!submit.disabled) void onSubmit(values());
    });
    // The links between the screens keep the way back (?redirect=), as the islands' footers do.
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keep-redirect]'))
      link.href = withRedirect(link.getAttribute('href') ?? '', location.search);
    for (const button of form.querySelectorAll<HTMLButtonElement>('[data-waits-for-script]')) {
      button.disabled = false;
      delete button.dataset.waitsForScript;
    }
  };

  return { form, lang, copy, values, show, busy, start };
}
