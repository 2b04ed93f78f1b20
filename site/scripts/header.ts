// The header's small script: sticky/shown on scroll, the account dropdown, the off-canvas menu,
// and the signed-in state read from the $auth store.
import {
  $auth,
  $pendingCount,
  $waitlistOffers,
  declineWaitlistOffer,
  followSignOutElsewhere,
  forgetSessionInMemory,
  restoreAuth,
  signOut,
  STORAGE_KEYS,
} from '../../islands/public.ts';
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

// Signed-in state.
const render = () => {
  const { isLoggedIn, user } = $auth.get();
  document.querySelectorAll<HTMLElement>('[data-auth-out]').forEach((el) => {
    el.hidden = isLoggedIn;
  });
  document.querySelectorAll<HTMLElement>('[data-auth-in]').forEach((el) => {
    el.hidden = !isLoggedIn;
  });
  document.querySelectorAll<HTMLElement>('[data-greeting]').forEach((el) => {
    el.textContent = (el.dataset.template ?? '{name}').replace('{name}', user?.name ?? '');
  });
};
const renderBadge = (count: number) => {
  document.querySelectorAll<HTMLElement>('[data-pending-badge]').forEach((el) => {
    el.hidden = count <= 0;
    el.textContent = String(count);
    el.setAttribute('aria-label', (el.dataset.labelTemplate ?? '{count}').replace('{count}', String(count)));
  });
  document.querySelectorAll<HTMLElement>('[data-pending-dot]').forEach((el) => {
    el.hidden = count <= 0;
  });
};
// A room held for the guest because they waited: the soonest to lapse, with a way to pay or pass it on
// (not on that order's own payment page). The banner stays after a decline, to say it was done.
const banner = document.querySelector<HTMLElement>('[data-waitlist-banner]');
const bannerStatus = banner?.querySelector<HTMLElement>('[data-waitlist-status]');
let shownOffer: number | null = null;
$waitlistOffers.subscribe((offers) => {
  if (!banner) return;
  const offer = offers.find((o) => !window.location.pathname.includes(`/payment/list/${o.reservationId}/`));
  if (!offer) {
    if (shownOffer === null) banner.hidden = true;
    return;
  }
  shownOffer = offer.id;
  const text = banner.querySelector<HTMLElement>('[data-waitlist-text]');
  const pay = banner.querySelector<HTMLAnchorElement>('[data-waitlist-pay]');
  const decline = banner.querySelector<HTMLButtonElement>('[data-waitlist-decline]');
  if (text)
    text.textContent = (text.dataset.template ?? '')
      .replace('{room}', offer.roomName)
      .replace('{hotel}', offer.hotelName)
      .replace('{period}', offer.period)
      .replace('{time}', offer.holdUntil);
  if (pay) {
    pay.href = (pay.dataset.hrefTemplate ?? '').replace('{id}', String(offer.reservationId));
    pay.hidden = false;
  }
  if (decline) decline.hidden = false;
  if (bannerStatus) bannerStatus.textContent = '';
  banner.hidden = false;
});
banner?.querySelector<HTMLButtonElement>('[data-waitlist-decline]')?.addEventListener('click', async (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  if (shownOffer === null) return;
  button.disabled = true;
  const done = await declineWaitlistOffer(shownOffer).catch(() => false);
  button.disabled = false;
  if (!bannerStatus) return;
  if (done) {
    // Unless another offer took its place, the banner now only says the room was passed on.
    if (!$waitlistOffers.get().length) {
      button.hidden = true;
      const pay = banner.querySelector<HTMLElement>('[data-waitlist-pay]');
      if (pay) pay.hidden = true;
      const text = banner.querySelector<HTMLElement>('[data-waitlist-text]');
      if (text) text.textContent = '';
    }
    bannerStatus.textContent = bannerStatus.dataset.declined ?? '';
  } else bannerStatus.textContent = bannerStatus.dataset.failed ?? '';
});

$auth.subscribe(render);
$pendingCount.subscribe(renderBadge);
restoreAuth();
// A sign-out in another tab signs this one out too (a page with the guest's data goes home).
followSignOutElsewhere(forgetSessionInMemory, STORAGE_KEYS.flag);

document.querySelectorAll<HTMLButtonElement>('[data-sign-out]').forEach((button) => {
  button.addEventListener('click', async () => {
    button.disabled = true;
    // The session is revoked and the device forgets the guest (islands/lib/forget-device.ts).
    await signOut();
    const lang = document.documentElement.lang === 'id' ? '/id' : '';
    const entry = new URLSearchParams(window.location.search).get('entry');
    // From the account sidebar, an entry of "bobocabin" returns to the cabin home instead.
    const home = entry === 'bobocabin' && button.closest('[data-account-sidebar]') ? `${lang}/bobocabin/` : `${lang}/`;
    window.location.assign(`${home}?logout=true`);
  });
});
