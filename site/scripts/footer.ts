import { loadSubscribe, showAlert } from '../../islands/public.ts';
import { submitNewsletter } from '../lib/client/newsletter.ts';
import { track } from '../../islands/public.ts';

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
        const subscribe = await loadSubscribe();
        return subscribe(email);
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
