import type { Lang } from './locales.ts';
import { chromeFromDictionary, type SiteChrome } from './chrome-data.ts';

/** Header, footer and menu data for a language. */
export async function getChrome(lang: Lang): Promise<SiteChrome> {
  return chromeFromDictionary(lang);
}
