// The header's small script: sticky/shown on scroll, the account dropdown, the off-canvas menu and
// the language switch. The signed-in view (./header-session.ts, with the session stores) loads only
// when this browser keeps a session, or when an island keeps one (a sign-in on this page): a
// signed-out visitor downloads neither. The HTML starts signed out.
import { SESSION_EVENT, hasStoredSession, loadSession } from '../../islands/public.ts';
import { headerState } from '../lib/client/header-state.ts';

const header = document.querySelector<HTMLElement>('[data-site-header]');
const spacer = document.querySelector<HTMLElement>('[data-header-spacer]');

if (header) {
  let frame = 0;
  const update = () => {
    frame = 0;
    const { sticky, shown } = headerState(window.scrollY);
    const wasSticky = header.dataset.sticky === 'true';
    if (sticky !== wasSticky && spacer) spacer.style.height = sticky ? `${header.offsetHeight}px` : '';
    header.dataset.sticky = String(sticky);
    header.dataset.shown = String(shown);
    // Sticky bars below the header (the hotel page's tabs) stop under it while it is shown.
    document.documentElement.style.setProperty('--header-offset', sticky && shown ? `${header.offsetHeight}px` : '0px');
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}

// Account dropdown: a disclosure menu, closed by Escape or a click elsewhere.
const toggle = document.querySelector<HTMLButtonElement>('[data-account-toggle]');
const menu = document.querySelector<HTMLElement>('[data-account-menu]');
if (toggle && menu) {
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
    if (open) menu.querySelector<HTMLElement>('a,button')?.focus();
  };
  toggle.addEventListener('click', () => setOpen(menu.hidden));
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !toggle.parentElement?.contains(event.target as Node)) setOpen(false);
  });
  menu.addEventListener('keydown', (event) => {
    const items = [...menu.querySelectorAll<HTMLElement>('a,button')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  });
}

// Off-canvas menu (a modal dialog: focus is trapped and Escape closes it).
const dialog = document.querySelector<HTMLDialogElement>('[data-offcanvas]');
const opener = document.querySelector<HTMLButtonElement>('[data-offcanvas-open]');
if (dialog && opener) {
  opener.addEventListener('click', () => {
    dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'));
  dialog.querySelector('[data-offcanvas-close]')?.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelectorAll<HTMLInputElement>('[data-lang-switch] input[type=radio]').forEach((radio) => {
    radio.addEventListener('change', () => {
      if (radio.checked && radio.dataset.href) window.location.assign(radio.dataset.href + window.location.search);
    });
  });
}

// Desktop language switch: the same page in the other language, with this page's query and hash (the
// hotel page keeps its search in the query, and may have pushed a new one since the page loaded).
document.querySelectorAll<HTMLAnchorElement>('[data-lang-link]').forEach((link) => {
  const follow = () => {
    link.href = `${link.dataset.href ?? ''}${window.location.search}${window.location.hash}`;
  };
  follow();
  for (const type of ['focus', 'pointerenter', 'click', 'auxclick']) link.addEventListener(type, follow);
});

const showSession = () =>
  void Promise.all([loadSession(), import('./header-session.ts')]).then(([session, view]) => view.showSession(session));
if (hasStoredSession()) showSession();
else window.addEventListener(SESSION_EVENT, showSession, { once: true });
