// The forms' script as the page loads it: nearly nothing. The rules (valibot and the shared contracts)
// and the XHR sender load when the guest first reaches for a form (a focus, a touch, a click), so the
// content page stays within its JavaScript budget; a form sent before that is a plain post, which the
// server handles in full.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-form]')) {
  const start = () => {
    form.removeEventListener('focusin', start);
    form.removeEventListener('pointerdown', start);
    void import('./forms-enhance.ts').then(({ enhance }) => enhance(form));
  };
  form.addEventListener('focusin', start);
  form.addEventListener('pointerdown', start);
}
