import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';

// What the header, footer and off-canvas menu show: the site-settings document (site/lib/chrome.ts).
export interface ChromeLink {
  label: string;
  url: string;
  external: boolean;
}
export interface SiteChrome {
  productName: string;
  tagline: string;
  seoSections: { title: string; body: string }[];
  footerGroups: { key: 'about' | 'product' | 'business' | 'support' | 'contact'; title: string; links: ChromeLink[] }[];
  contact: { whatsapp: string; whatsappUrl: string; email: string; tradeRegistrations: [string, string] };
  social: { facebook: string; instagram: string; twitter: string; youtube: string };
  appStores: { ios: string; android: string };
}

export const ACCOUNT_ITEMS = [
  { key: 'stay', path: '/my-account/my-stay/' },
  { key: 'order', path: '/my-account/order/' },
  { key: 'history', path: '/my-account/history/' },
  { key: 'point', path: '/my-account/point/' },
  { key: 'profile', path: '/my-account/profile/' },
] as const;
export type AccountItemKey = (typeof ACCOUNT_ITEMS)[number]['key'];

/** Localize internal links (unprefixed paths in settings) and keep external ones as they are. */
export function localizeLink(lang: Lang, link: ChromeLink): ChromeLink {
  return link.external ? link : { ...link, url: localizedPath(lang, link.url) };
}
