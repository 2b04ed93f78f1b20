// One constant feeds both the enum and its editor labels (STYLE.md #5). The content module and
// the pages import the same tables, so an option added here shows up everywhere at once.

/** Content languages, in the order an editor sees them side by side. */
export const CONTENT_LANGS = [
  { key: 'id', title: 'Bahasa Indonesia' },
  { key: 'en', title: 'English' },
] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number]['key'];

export const FAQ_CATEGORIES = [
  { value: 'general', title: 'General' },
  { value: 'cancellation', title: 'Cancellation' },
  { value: 'bobopoints', title: 'Bobopoints' },
  { value: 'pod', title: 'Pod' },
  { value: 'cabin', title: 'Cabin' },
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['value'];

export const FOOTER_GROUP_KEYS = [
  { value: 'about', title: 'About' },
  { value: 'product', title: 'Product' },
  { value: 'business', title: 'Business' },
  { value: 'support', title: 'Support' },
  { value: 'contact', title: 'Contact' },
] as const;
export type FooterGroupKey = (typeof FOOTER_GROUP_KEYS)[number]['value'];

/** Generic pages and the route each one is published at. */
export const PAGE_KEYS = [
  { value: 'about', title: 'About', path: '/about/' },
  { value: 'career', title: 'Career', path: '/career/' },
  { value: 'why-bobobox', title: 'Why Bobobox', path: '/why-bobobox/' },
  { value: 'download-app', title: 'Download app', path: '/download-app/' },
  { value: 'carbon-offset', title: 'Carbon offset', path: '/carbon-offset/' },
  { value: 'contact', title: 'Contact (intro)', path: '/contact/' },
  { value: 'partnership', title: 'Partnership (intro)', path: '/partnership/' },
  { value: 'blog', title: 'Blog', path: '/blog/' },
] as const;
export type PageKey = (typeof PAGE_KEYS)[number]['value'];

export const LANDING_KEYS = [
  { value: 'pod', title: 'Pod', path: '/pod/' },
  { value: 'cabin', title: 'Bobocabin', path: '/bobocabin/' },
  { value: 'express', title: 'Boboexpress', path: '/boboexpress/' },
  { value: 'living', title: 'Boboliving', path: '/boboliving/' },
  { value: 'members-club', title: 'Members club', path: '/members-club/' },
] as const;
export type LandingKey = (typeof LANDING_KEYS)[number]['value'];

export const LEGAL_KEYS = [
  { value: 'terms', title: 'Terms and conditions', path: '/terms-condition/', items: 17 },
  { value: 'privacy', title: 'Privacy policy', path: '/privacy-policy/', items: 13 },
  { value: 'bobopoints-terms', title: 'Bobopoints terms', path: '/term/', items: undefined },
] as const;
export type LegalKey = (typeof LEGAL_KEYS)[number]['value'];

/** Route sections a destination page can live under. */
export const DESTINATION_SECTIONS = [
  { value: 'bobocabin', title: 'Bobocabin (/bobocabin/…)' },
  { value: 'campsite', title: 'Campsite (/campsite/…)' },
] as const;
export type DestinationSection = (typeof DESTINATION_SECTIONS)[number]['value'];

export const DESTINATION_KINDS = [
  { value: 'destination', title: 'Destination (a place with cabins)' },
  { value: 'collection', title: 'Collection (a theme across destinations)' },
] as const;

/** How a promo discounts: the booking API's discount_type values. */
export const DISCOUNT_TYPES = [
  { value: 'percent', title: 'Percent of the room price' },
  { value: 'amount', title: 'Fixed amount (Rp)' },
] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number]['value'];

/** Payment methods a promo can be restricted to; values are the booking API's channel codes. */
export const PAYMENT_METHODS = [
  { value: 'bca_va', title: 'BCA virtual account' },
  { value: 'mandiri_bill', title: 'Mandiri bill payment' },
  { value: 'bni_va', title: 'BNI virtual account' },
  { value: 'permata_va', title: 'Permata virtual account' },
  { value: 'ovo', title: 'OVO' },
  { value: 'linkaja', title: 'LinkAja' },
  { value: 'dana', title: 'DANA' },
  { value: 'jenius', title: 'Jenius' },
  { value: 'shopeepay', title: 'ShopeePay' },
  { value: 'shopee_qr', title: 'Shopee QR' },
  { value: 'gopay', title: 'GoPay' },
  { value: 'qris', title: 'QRIS' },
  { value: 'credit_card', title: 'Credit/debit card' },
] as const;

export const ANNOUNCEMENT_TONES = [
  { value: 'info', title: 'Information' },
  { value: 'promo', title: 'Promotion' },
  { value: 'warning', title: 'Service notice' },
] as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Safe link targets: http(s), mailto, tel, or a site-relative path. */
export const SAFE_URL_PATTERN = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/))/i;

/**
 * Every document type that renders a page (an announcement shows on the home page, a hotel's content
 * on its hotel page): what the site previews (site/lib/content/preview.ts) and the Studio's Preview
 * action offers (studio/editor-actions.tsx).
 */
export const PREVIEWABLE_TYPES = [
  'promo',
  'destinationPage',
  'homePage',
  'announcement',
  'landingPage',
  'legalDocument',
  'faqCategory',
  'page',
  'hotelContent',
] as const;
