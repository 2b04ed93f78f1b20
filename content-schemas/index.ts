import { announcement } from './announcement.ts';
import { destinationPage } from './destination-page.ts';
import { faqCategory } from './faq-category.ts';
import { homePage } from './home-page.ts';
import { hotelContent } from './hotel-content.ts';
import { landingPage } from './landing-page.ts';
import { legalDocument } from './legal-document.ts';
import { localePortableText } from './locale-portable-text.ts';
import { localeString } from './locale-string.ts';
import { localeText } from './locale-text.ts';
import { page } from './page.ts';
import { placeAlias } from './place-alias.ts';
import { promo } from './promo.ts';
import { siteSettings } from './site-settings.ts';

/** Every schema type of the Studio (the list `sanity.config.ts` registers). */
export const schemaTypes = [
  localeString,
  localeText,
  localePortableText,
  siteSettings,
  homePage,
  page,
  landingPage,
  destinationPage,
  promo,
  faqCategory,
  legalDocument,
  hotelContent,
  announcement,
  placeAlias,
];

/** Document types that exist exactly once (ids are fixed). */
export const SINGLETON_IDS = { siteSettings: 'siteSettings', homePage: 'homePage' } as const;
