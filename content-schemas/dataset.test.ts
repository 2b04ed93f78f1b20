import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { FAQ_CATEGORIES, LANDING_KEYS, LEGAL_KEYS, PAGE_KEYS } from './constants.ts';
import { schemaTypes } from './index.ts';
import { createDocumentValidator, formatIssues } from './validate-documents.ts';

const file = fileURLToPath(new URL('../content/dataset/production.ndjson', import.meta.url));
const docs = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, any>);
const validate = createDocumentValidator(schemaTypes as never, docs);
const clone = <T>(x: T): T => structuredClone(x);
const byId = (id: string) => clone(docs.find((d) => d._id === id)!);

describe('bundled dataset against the Studio schema', () => {
  test('every published document passes every required-field, format and both-language rule', async () => {
    // Drafts are work in progress: the Studio validates a draft when it is published.
    const published = docs.filter((doc) => !doc._id.startsWith('drafts.'));
    const issues = (await Promise.all(published.map((doc) => validate(doc)))).flat();
    expect(formatIssues(issues)).toBe('');
  });

  test('document ids are unique', () => {
    const ids = docs.map((d) => d._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('covers every content page of spec section 2', () => {
    const keys = (type: string) =>
      docs
        .filter((d) => d._type === type)
        .map((d) => d.key)
        .sort();
    expect(keys('page')).toEqual(PAGE_KEYS.map((p) => p.value).sort());
    expect(keys('landingPage')).toEqual(LANDING_KEYS.map((p) => p.value).sort());
    expect(keys('legalDocument')).toEqual(LEGAL_KEYS.map((p) => p.value).sort());
    expect(keys('faqCategory')).toEqual(FAQ_CATEGORIES.map((c) => c.value).sort());
    const cabinSlugs = docs
      .filter((d) => d._type === 'destinationPage' && d.section === 'bobocabin' && !d.publishAt)
      .map((d) => d.slug.current)
      .sort();
    expect(cabinSlugs).toEqual([
      'baturraden',
      'cobanrondo',
      'early-bird',
      'family-fun',
      'gunungmas',
      'honeymoon',
      'kintamani',
      'last-minute',
      'madasari',
      'memory-maker',
      'nature-break',
      'padusan',
      'perfect-feast',
      'sumba',
      'ubud',
      'work-from-cabin',
    ]);
    expect(
      docs.some((d) => d._type === 'destinationPage' && d.section === 'campsite' && d.slug.current === 'mandalika'),
    ).toBe(true);
    expect(docs.filter((d) => d._type === 'promo').length).toBeGreaterThanOrEqual(8);
    expect(docs.filter((d) => d._type === 'hotelContent').map((d) => d.hotelId)).toEqual(
      expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8]),
    );
  });

  test('legal documents: 17 terms points effective 14 September 2023, 13 privacy items version October 2023', () => {
    const terms = byId('legal-terms');
    expect(terms.items).toHaveLength(17);
    expect(terms.effectiveDate).toBe('2023-09-14');
    const privacy = byId('legal-privacy');
    expect(privacy.items).toHaveLength(13);
    expect(privacy.versionLabel.en).toBe('Version October 2023');
  });

  test('members club offers 20% cabin / 15% pod to the first 100 new members', () => {
    expect(byId('landing-members-club').memberOffer).toEqual({
      cabinDiscountPercent: 20,
      podDiscountPercent: 15,
      memberLimit: 100,
    });
  });
});

describe('a broken document fails the check and names the document', () => {
  test('a missing required field', async () => {
    const doc = byId('promo-endless-summer');
    delete doc.couponCode;
    const issues = await validate(doc);
    expect(issues).toContainEqual({
      documentId: 'promo-endless-summer',
      path: 'couponCode',
      message: 'Use 4–20 capital letters or digits, no spaces.',
    });
    expect(formatIssues(issues)).toContain('promo-endless-summer couponCode');
  });

  test('a field filled in one language only', async () => {
    const doc = byId('page-about');
    doc.title = { _type: 'localeString', en: 'About Bobobox' };
    expect(await validate(doc)).toContainEqual({
      documentId: 'page-about',
      path: 'title',
      message: 'Fill in both languages: Bahasa Indonesia is missing.',
    });
  });

  test('rich text missing English inside a list item', async () => {
    const doc = byId('legal-privacy');
    doc.items[4].body.en = [];
    expect(await validate(doc)).toContainEqual({
      documentId: 'legal-privacy',
      path: 'items[4].body',
      message: 'Fill in both languages: English is missing.',
    });
  });

  test('the wrong number of terms points', async () => {
    const doc = byId('legal-terms');
    doc.items.pop();
    expect(formatIssues(await validate(doc))).toContain(
      'legal-terms items: This document must have exactly 17 items (it has 16).',
    );
  });

  test('an unsafe link in rich text', async () => {
    const doc = byId('page-contact');
    doc.body.en[0].markDefs[0].href = 'javascript:alert(1)';
    expect(formatIssues(await validate(doc))).toContain(
      'page-contact body.en[0].markDefs[0].href: Use an https://, mailto:, tel: address or a path starting with /.',
    );
  });

  test('unpublish before publish, and a wrong option value', async () => {
    const doc = byId('destination-labuan-bajo');
    doc.unpublishAt = '2020-01-01T00:00:00Z';
    doc.section = 'beach';
    const text = formatIssues(await validate(doc));
    expect(text).toContain('destination-labuan-bajo unpublishAt: Unpublish time must be after the publish time.');
    expect(text).toContain('destination-labuan-bajo section: "beach" is not one of bobocabin, campsite');
  });

  test('site settings need exactly six SEO sections', async () => {
    const doc = byId('siteSettings');
    doc.seoSections.pop();
    expect(formatIssues(await validate(doc))).toContain(
      'siteSettings seoSections: The footer needs exactly six SEO sections.',
    );
  });

  test('a second document for a page that already has one (each page exists once)', async () => {
    const copy = { ...byId('page-about'), _id: 'page-about-copy' };
    const withCopy = createDocumentValidator(schemaTypes as never, [...docs, copy]);
    const message = 'Another page document already fills this page: edit that one instead.';
    expect(await withCopy(copy)).toContainEqual({ documentId: 'page-about-copy', path: 'key', message });
    expect(await withCopy(byId('page-about'))).toContainEqual({ documentId: 'page-about', path: 'key', message });
    // A document's own draft is the same document, not a second one.
    const draft = { ...byId('page-about'), _id: 'drafts.page-about' };
    expect(await createDocumentValidator(schemaTypes as never, [...docs, draft])(draft)).toEqual([]);
    // Landing pages and legal documents follow the same rule.
    const landing = { ...byId(docs.find((d) => d._type === 'landingPage')!._id), _id: 'landing-copy' };
    const legal = { ...byId('legal-terms'), _id: 'legal-copy' };
    const both = createDocumentValidator(schemaTypes as never, [...docs, landing, legal]);
    expect(formatIssues(await both(landing))).toContain('landing-copy key: Another landing page already sells');
    expect(formatIssues(await both(legal))).toContain('legal-copy key: Another legal document already fills');
  });
});
