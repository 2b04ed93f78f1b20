import { LANDING_KEYS, LEGAL_KEYS, PAGE_KEYS } from './constants.ts';

type DocLike = {
  _type?: string;
  key?: string;
  section?: string;
  slug?: { current?: string };
  hotelId?: number;
};

/**
 * The unprefixed site path a document is published at, or undefined when it has no page of its
 * own (announcements). Used by the Studio's "Open on site" action and the sitemap.
 */
export function sitePathFor(doc: DocLike): string | undefined {
  const slug = doc.slug?.current;
  switch (doc._type) {
    case 'siteSettings':
    case 'homePage':
      return '/';
    case 'page':
      return PAGE_KEYS.find((p) => p.value === doc.key)?.path;
    case 'landingPage':
      return LANDING_KEYS.find((p) => p.value === doc.key)?.path;
    case 'legalDocument':
      return LEGAL_KEYS.find((p) => p.value === doc.key)?.path;
    case 'faqCategory':
      return '/faq/';
    case 'promo':
      return slug ? `/promo/${slug}/` : '/promo/';
    case 'destinationPage':
      return slug && doc.section ? `/${doc.section}/${slug}/` : undefined;
    case 'hotelContent':
      return doc.hotelId ? `/search/${doc.hotelId}/` : undefined;
    default:
      return undefined;
  }
}
