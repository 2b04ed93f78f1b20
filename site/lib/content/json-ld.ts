import type { Lang } from '../../../core/locales.ts';
import { LOCALES, localizedPath } from '../../../core/locales.ts';
import { portableTextToPlain } from '../portable-text.ts';
import type { SiteSettings } from './content.ts';
import type { Destination, FaqCategory } from './models.ts';

// schema.org data for the layouts' jsonLd prop. Values come from content; URLs are absolute.

const abs = (siteUrl: string | URL, path: string) => new URL(path, siteUrl).href;

/** BreadcrumbList for a page whose breadcrumb shows (home, then the page): the same trail as the chrome's. */
export function breadcrumbJsonLd(
  items: { name: string; path: string }[],
  siteUrl: string | URL,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: abs(siteUrl, item.path),
    })),
  };
}

/** Organization, for the home page (the lead's index.astro passes it to the layout). */
export function organizationJsonLd(settings: SiteSettings, siteUrl: string | URL, lang: Lang): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.productName,
    description: settings.tagline,
    url: abs(siteUrl, localizedPath(lang, '/')),
    logo: abs(siteUrl, '/favicon.svg'),
    email: settings.contact.email,
    // Only web addresses: an empty or unsafe settings link is not a profile.
    sameAs: [
      settings.social.facebook,
      settings.social.instagram,
      settings.social.twitter,
      settings.social.youtube,
    ].filter((url) => /^https?:\/\//i.test(url)),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: settings.contact.whatsapp,
        email: settings.contact.email,
        availableLanguage: ['id', 'en'],
      },
    ],
  };
}

export function faqJsonLd(categories: FaqCategory[], lang: Lang): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: LOCALES[lang].bcp47,
    mainEntity: categories.flatMap((category) =>
      category.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: portableTextToPlain(item.answer) },
      })),
    ),
  };
}

export function lodgingJsonLd(
  page: Destination,
  siteUrl: string | URL,
  lang: Lang,
  imageUrl?: string,
): Record<string, unknown> {
  const location = page.location;
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name: page.title,
    description: page.summary,
    url: abs(siteUrl, localizedPath(lang, `/${page.section}/${page.slug}/`)),
    ...(imageUrl ? { image: abs(siteUrl, imageUrl) } : {}),
    ...(location
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: location.streetAddress,
            addressLocality: location.locality,
            addressRegion: location.region,
            addressCountry: 'ID',
          },
          geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
        }
      : {}),
    ...(page.priceFrom ? { priceRange: `IDR ${page.priceFrom}+` } : {}),
    checkinTime: '14:00',
    checkoutTime: '12:00',
  };
}
