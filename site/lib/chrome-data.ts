import type { Lang } from './locales.ts';
import { localizedPath } from './locales.ts';
import { useTranslations } from './i18n/translate.ts';

// What the header, footer and off-canvas menu show. It comes from the site-settings document
// when the content module provides it; the UI dictionaries fill in until then.
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

export function chromeFromDictionary(lang: Lang): SiteChrome {
  const t = useTranslations(lang);
  const l = t.footer.links;
  const internal = (label: string, url: string): ChromeLink => ({ label, url, external: false });
  const external = (label: string, url: string): ChromeLink => ({ label, url, external: true });
  return {
    productName: t.meta.productName,
    tagline: t.meta.tagline,
    seoSections: [],
    footerGroups: [
      {
        key: 'about',
        title: t.footer.groups.about,
        links: [
          internal(l.profile, '/about/'),
          external(l.blog, 'https://blog.bobobox.example/'),
          external(l.career, 'https://career.bobobox.example/'),
          internal(l.promo, '/promo/'),
          internal(l.contact, '/contact/'),
        ],
      },
      {
        key: 'product',
        title: t.footer.groups.product,
        links: [
          external(l.pod, 'https://pod.bobobox.example/'),
          external(l.cabin, 'https://cabin.bobobox.example/'),
          external(l.living, 'https://living.bobobox.example/'),
        ],
      },
      { key: 'business', title: t.footer.groups.business, links: [internal(l.partnership, '/partnership/')] },
      {
        key: 'support',
        title: t.footer.groups.support,
        links: [
          internal(l.terms, '/terms-condition/'),
          internal(l.privacy, '/privacy-policy/'),
          external(l.help, 'https://help.bobobox.example/'),
        ],
      },
      { key: 'contact', title: t.footer.groups.contact, links: [] },
    ],
    contact: {
      whatsapp: '+62 811-1000-2024',
      whatsappUrl: 'https://wa.me/6281110002024',
      email: 'halo@bobobox.example',
      tradeRegistrations: ['NIB 9120000000001', 'TDUP 503/0001/DPMPTSP/2019'],
    },
    social: {
      facebook: 'https://www.facebook.com/bobobox.example',
      instagram: 'https://www.instagram.com/bobobox.example',
      twitter: 'https://twitter.com/bobobox_example',
      youtube: 'https://www.youtube.com/@bobobox.example',
    },
    appStores: {
      ios: 'https://apps.apple.com/id/app/bobobox-example/id0000000000',
      android: 'https://play.google.com/store/apps/details?id=example.bobobox',
    },
  };
}
