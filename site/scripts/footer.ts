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
