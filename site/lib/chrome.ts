import type { Lang } from '../../core/locales.ts';
import type { SiteChrome } from './chrome-data.ts';
import { getSiteSettings } from './content/content.ts';

const cache = new Map<Lang, Promise<SiteChrome>>();

/** Header, footer and menu data for a language, from the site-settings document (read once per build). */
export function getChrome(lang: Lang): Promise<SiteChrome> {
  let pending = cache.get(lang);
  if (!pending) {
    pending = getSiteSettings(lang);
    cache.set(lang, pending);
  }
  return pending;
}
