import { describe, expect, test } from 'vitest';
import { sitePathFor } from './site-path.ts';

describe('sitePathFor (Studio "Open on site" and production URL)', () => {
  test('maps each document type to its unprefixed page path', () => {
    expect(sitePathFor({ _type: 'promo', slug: { current: 'endless-summer' } })).toBe('/promo/endless-summer/');
    expect(sitePathFor({ _type: 'destinationPage', section: 'campsite', slug: { current: 'mandalika' } })).toBe(
      '/campsite/mandalika/',
    );
    expect(sitePathFor({ _type: 'page', key: 'why-bobobox' })).toBe('/why-bobobox/');
    expect(sitePathFor({ _type: 'landingPage', key: 'cabin' })).toBe('/bobocabin/');
    expect(sitePathFor({ _type: 'legalDocument', key: 'privacy' })).toBe('/privacy-policy/');
    expect(sitePathFor({ _type: 'faqCategory', key: 'pod' })).toBe('/faq/');
    expect(sitePathFor({ _type: 'siteSettings' })).toBe('/');
  });

  test('documents without a page of their own have no link', () => {
    expect(sitePathFor({ _type: 'announcement' })).toBeUndefined();
    expect(sitePathFor({ _type: 'destinationPage' })).toBeUndefined();
  });
});
