// The content model's keys and labels the pages show (which pages, landings and legal texts exist;
// the payment methods a promo names), as the Sanity schemas define them: the one door from site/ to
// content-schemas/ besides the content module itself, so a page never reaches into the schemas.
export { LANDING_KEYS, LEGAL_KEYS, PAGE_KEYS, PAYMENT_METHODS } from '../../../content-schemas/constants.ts';
export type { LandingKey, LegalKey, PageKey } from '../../../content-schemas/constants.ts';
