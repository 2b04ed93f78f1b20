import {
  checkFiles,
  checkForm,
  FILE_FIELDS,
  FORM_FIELDS,
  SNIFF_BYTES,
  sniffUploadType,
  surroundingsFor,
} from '../../core/contracts/forms.ts';
import type { FieldErrors, FileFacts, FileField, FormKind, Product } from '../../core/contracts/forms.ts';
import { fill } from '../../core/i18n/fill.ts';
import { jakartaClock } from '../../core/jakarta-clock.ts';
import { isLang } from '../../core/locales.ts';

// Progressive enhancement of the server-handled forms (site/components/forms/form-frame.astro), loaded
// by site/scripts/forms.ts when the guest first reaches for a form. The form works without it; with
// it, the API's own rules (core/contracts/forms.ts) run as the guest types (a field shows its error
// once touched), files are checked by their first bytes before anything is sent, and the form goes up
// by XHR so the button can show the upload's progress.

type Copy = { sending: string; uploading: string; failed: string; summary: string };

export function enhance(form: HTMLFormElement) {
  const kind = form.dataset.form as FormKind;
  const messages = JSON.parse(form.dataset.messages ?? '{}') as Record<string, string>;
  const copy = JSON.parse(form.dataset.copy ?? '{}') as Copy;
  const summary = form.querySelector<HTMLElement>('[data-error-summary]')!;
  const button = form.querySelector<HTMLButtonElement>('[data-submit]')!;
  const progress = form.querySelector<HTMLElement>('[data-progress]')!;
  const label = button.textContent ?? '';
  const pageLang = form.querySelector<HTMLInputElement>('input[name=lang]')?.value;
  const lang = isLang(pageLang) ? pageLang : 'en';
  const touched = new Set<string>();
  let fileErrors: FieldErrors = {};

  const values = () => {
    const data = new FormData(form);
    return Object.fromEntries(FORM_FIELDS[kind].map((name) => [name, String(data.get(name) ?? '')]));
  };
  const fileInput = (field: FileField) => form.querySelector<HTMLInputElement>(`input[type=file][name=${field}]`);

  // Checks run one after another as files are chosen; only the latest one's answer counts.
  let fileCheck = 0;
  async function checkChosenFiles(): Promise<boolean> {
    const run = ++fileCheck;
    const facts = { photos: [], video: [], document: [] } as Record<FileField, FileFacts[]>;
    for (const field of FILE_FIELDS)
      for (const file of fileInput(field)?.files ?? [])
        facts[field].push({
          size: file.size,
          type: sniffUploadType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())),
        });
    if (run !== fileCheck) return false;
    fileErrors = checkFiles(facts) ?? {};
    return true;
  }

  const textErrors = (): FieldErrors => {
    const result = checkForm(kind, values());
    return result.ok ? {} : result.errors;
  };

  /** Show the errors of the given fields (all when `only` is absent) and clear the others'. */
  function show(errors: FieldErrors, only?: Set<string>) {
    for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
      const name = slot.dataset.errorFor!;
      if (only && !only.has(name)) continue;
      const code = errors[name];
      slot.textContent = code ? (messages[code] ?? messages.invalid ?? '') : '';
      slot.hidden = !code;
      const box = form.querySelector<HTMLElement>(`[data-field="${name}"]`);
      const control = box?.matches('fieldset') ? null : box?.querySelector<HTMLInputElement>('input, select, textarea');
      if (code) control?.setAttribute('aria-invalid', 'true');
      else control?.removeAttribute('aria-invalid');
      if (control?.type !== 'file') {
        control?.classList.toggle('border-red-700', Boolean(code));
        control?.classList.toggle('border-slate-400', !code);
      }
    }
  }

  function showSummary(text: string | null) {
    summary.hidden = text === null;
    summary.querySelector('[data-summary-title]')!.textContent = text ?? '';
    summary.querySelector('[data-summary-list]')!.replaceChildren();
    summary.querySelector('[data-files-dropped]')?.remove();
  }

  // The choices that depend on another: "others" asks where; a product offers its own surroundings.
  function dependents() {
    const data = new FormData(form);
    const other = form.querySelector<HTMLElement>('[data-field="sourceOther"]');
    if (other) other.hidden = data.get('source') !== 'others';
    const product = data.get('product') as Product | null;
    for (const option of form.querySelectorAll<HTMLElement>('[data-option-group]')) {
      const input = option.querySelector('input')!;
      option.hidden = Boolean(product) && !(surroundingsFor(product!) as readonly string[]).includes(input.value);
      if (option.hidden) input.checked = false;
    }
  }

  const onEdit = async (event: Event) => {
    const target = event.target as HTMLInputElement;
    if (!target.name) return;
    if (target.type === 'file' && !(await checkChosenFiles())) return;
    // A choice counts as touched at once; a text field once the guest leaves it (or it already shows an error).
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${target.name}"]`);
    if (event.type === 'change' || event.type === 'focusout' || (slot && !slot.hidden)) touched.add(target.name);
    dependents();
    show({ ...textErrors(), ...fileErrors }, touched);
  };
  form.addEventListener('input', onEdit);
  form.addEventListener('change', onEdit);
  form.addEventListener('focusout', onEdit);
  dependents();
  form.dataset.enhanced = 'true';

  // data-state: checking, invalid, sending (what the form is doing after a click on send).
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.dataset.state = 'checking';
    void (async () => {
      // The files as they are now (a check started earlier may still be reading).
      while (!(await checkChosenFiles()));
      const errors = { ...textErrors(), ...fileErrors };
      for (const name of Object.keys(errors)) touched.add(name);
      show(errors);
      if (Object.keys(errors).length > 0) {
        form.dataset.state = 'invalid';
        showSummary(copy.summary);
        const first = Object.keys(errors)[0];
        form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      showSummary(null);
      send();
    })();
  });

  function send() {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    const busy = (on: boolean) => {
      form.dataset.state = on ? 'sending' : 'invalid';
      button.disabled = on;
      button.textContent = on ? copy.sending : label;
      form.setAttribute('aria-busy', String(on));
      if (!on) progress.textContent = '';
    };
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return;
      const text = fill(copy.uploading, { percent: Math.round((e.loaded / e.total) * 100) });
      button.textContent = text;
      progress.textContent = text;
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as {
        data?: { redirect?: string };
        details?: { fields?: { field: string; code: string }[]; token?: string; retryAt?: string };
      } | null;
      if (xhr.status === 200 && body?.data?.redirect) {
        location.assign(body.data.redirect);
        return;
      }
      busy(false);
      const fields = body?.details?.fields;
      // A page open too long gets a fresh token with its answer: sending again then works.
      const token = body?.details?.token;
      if (token) form.querySelector<HTMLInputElement>('input[name=token]')!.value = token;
      // 422: fields to fix; 429: a sending limit, saying when to send again (what was typed stays).
      if ((xhr.status === 422 || xhr.status === 429) && fields) {
        const errors = Object.fromEntries(fields.map((f) => [f.field, f.code])) as FieldErrors;
        for (const name of Object.keys(errors)) touched.add(name);
        show(errors);
        const retryAt = body?.details?.retryAt;
        const time = retryAt ? jakartaClock(retryAt, lang) : '';
        showSummary(errors._form ? fill(messages[errors._form] ?? copy.summary, { time }) : copy.summary);
      } else showSummary(copy.failed);
      summary.focus();
    });
    xhr.addEventListener('error', () => {
      busy(false);
      showSummary(copy.failed);
      summary.focus();
    });
    busy(true);
    xhr.send(new FormData(form));
  }
}
