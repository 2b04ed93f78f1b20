import { showAlert } from '../../islands/stores/$ui.ts';
import { submitNewsletter } from '../lib/client/newsletter.ts';
import { track } from '../../islands/lib/track.ts';

// SEO text: one section always visible, five more behind a see more / hide toggle.
const toggle = document.querySelector<HTMLButtonElement>('[data-seo-toggle]');
const more = document.querySelector<HTMLElement>('[data-seo-more]');
if (toggle && more) {
  toggle.addEventListener('click', () => {
    const open = more.hidden;
    more.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = (open ? toggle.dataset.less : toggle.dataset.more) ?? '';
  });
}

// Newsletter: the API client loads only when someone actually subscribes.

const form = document.querySelector<HTMLFormElement>('[data-newsletter-form]');
if (form) {
  const input = form.querySelector<HTMLInputElement>('input[type=email]');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const label = button?.textContent ?? '';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input || !button) return;
    void submitNewsletter(input.value, {
      async subscribe(email) {
        const api = await import('../../islands/lib/api-client.ts');
        const { $auth } = await import('../../islands/stores/$auth.ts');
        const call = { method: 'post' as const, path: 'clients/v1/subscribe', form: { email } };
        try {
          const body = await ($auth.get().isLoggedIn
            ? api.userCall<{ message?: string }>(call)
            : api.openCall<{ message?: string }>(call));
          return { ok: true, status: 200, message: body.message };
        } catch (error) {
          if (error instanceof api.ApiError)
            return { ok: false, status: error.status, message: error.message, fields: error.fields };
          throw error;
        }
      },
      setLoading(loading) {
        input.disabled = loading;
        button.disabled = loading;
        button.textContent = loading ? '…' : label;
        form.setAttribute('aria-busy', String(loading));
      },
      alert: showAlert,
      // The newsletter's Subscribe: onto the dataLayer and to the site's own collector.
      track: () => track('subscribe'),
      clear() {
        input.value = '';
      },
      copy: {
        title: form.dataset.alertTitle ?? '',
        failed: form.dataset.failed ?? '',
        fields: JSON.parse(form.dataset.fieldCopy ?? '{}') as Record<string, string>,
      },
    });
  });
}
