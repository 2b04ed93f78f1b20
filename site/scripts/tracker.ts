// On every page (site/components/ui/global-ui.astro): keep the landing URL's campaign, send a page
// view 250 ms after each route change (the load, and the hotel page's own URL changes), and start the
// tag manager only when one is configured (GTM_ID, written into the page as <meta name="gtm-id">),
// 3 s after the load event, never on a 2g connection or with data saver on.
import { PAGE_VIEW_DELAY_MS, TAG_MANAGER_DELAY_MS } from '../../core/analytics.ts';
import { captureCampaign, dataLayer, slowOrSaving, track } from '../../islands/public.ts';
import type { Connection } from '../../islands/public.ts';

captureCampaign(location.search, Date.now());

let viewed: string | null = null;
function pageView() {
  window.setTimeout(() => {
    if (viewed === location.pathname) return;
    viewed = location.pathname;
    track('page_view');
  }, PAGE_VIEW_DELAY_MS);
}
pageView();
// A route change without a page load (the hotel page pushes its search URL): a new view only when the
// path changes, as a query (dates, promo) is the same page.
const push = history.pushState.bind(history);
history.pushState = (...args: Parameters<History['pushState']>) => {
  push(...args);
  pageView();
};
window.addEventListener('popstate', pageView);

const gtmId = document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content;
if (gtmId && /^GTM-[A-Z0-9]{1,12}$/.test(gtmId)) {
  const start = () =>
    window.setTimeout(() => {
      if (slowOrSaving((navigator as Navigator & { connection?: Connection }).connection)) return;
      dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
      document.head.append(script);
    }, TAG_MANAGER_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
