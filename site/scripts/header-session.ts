// The header's signed-in view (loaded by ./header.ts when a session is kept or an island runs): the
// greeting, the order badge, the waitlist offer's banner, sign-out here and in other tabs.
import type { Session } from '../../islands/public.ts';

export function showSession({
  $auth,
  $pendingCount,
  $waitlistOffers,
  declineWaitlistOffer,
  followSignOutElsewhere,
  forgetSessionInMemory,
  restoreAuth,
  signOut,
  STORAGE_KEYS,
}: Session) {
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
      const home =
        entry === 'bobocabin' && button.closest('[data-account-sidebar]') ? `${lang}/bobocabin/` : `${lang}/`;
      window.location.assign(`${home}?logout=true`);
    });
  });
}
