import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { schemaTypes } from './index.ts';
import { createTranslationChecker, formatTranslationReport, missingLanguages } from './translation-report.ts';

const file = fileURLToPath(new URL('../content/dataset/production.ndjson', import.meta.url));
const docs = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, any>);
const checker = createTranslationChecker(schemaTypes as never);
const byId = (id: string) => structuredClone(docs.find((d) => d._id === id)!);

describe('translation completeness', () => {
  test('a localized value misses the languages without text; an absent value misses none', () => {
    expect(missingLanguages({ id: 'Halo', en: ' ' })).toEqual(['en']);
    expect(missingLanguages({ en: [{ _type: 'block', children: [{ text: 'Hi' }] }], id: [] })).toEqual(['id']);
    expect(missingLanguages({ id: [{ _type: 'block', children: [{ text: '' }] }], en: 'x' })).toEqual(['id']);
    expect(missingLanguages(undefined)).toEqual([]);
  });

  test('the published documents of the bundled dataset are complete', () => {
    const published = docs.filter((d) => !String(d._id).startsWith('drafts.'));
    const report = checker.report(published);
    expect(formatTranslationReport(report)).toBe('Translations: every document has Indonesian and English text.');
    expect(report.types.find((t) => t.type === 'promo')?.checked).toBeGreaterThan(5);
  });

  test('names the document type, the document and each field with the language it lacks', () => {
    const promo = byId('promo-endless-summer');
    promo.title.id = '';
    promo.terms.en = [];
    const page = byId(docs.find((d) => d._type === 'destinationPage' && d.kind === 'destination')!._id);
    page._id = `drafts.${page._id}`;
    page.highlights[1].body.id = '   ';
    const report = checker.report([promo, page, byId('siteSettings')]);
    expect(report.documents).toBe(2);
    expect(report.fields).toBe(3);
    const promos = report.types.find((t) => t.type === 'promo')!;
    expect(promos.documents).toEqual([
      {
        id: 'promo-endless-summer',
        title: promo.title.en,
        draft: false,
        fields: [
          { path: 'title', title: 'Title', missing: ['id'] },
          { path: 'terms', title: 'Terms', missing: ['en'] },
        ],
      },
    ]);
    const destinations = report.types.find((t) => t.type === 'destinationPage')!;
    expect(destinations.documents[0]).toMatchObject({ id: page._id, draft: true });
    expect(destinations.documents[0].fields).toEqual([
      {
        path: `highlights[_key=="${page.highlights[1]._key}"].body`,
        title: 'Highlights › #2 › Text',
        missing: ['id'],
      },
    ]);
    expect(formatTranslationReport(report)).toContain(`(${page._id}, draft) highlights[`);
  });

  test("the bundle's unfinished draft is listed with every field that lacks Indonesian", () => {
    const promos = checker.report(docs).types.find((t) => t.type === 'promo')!;
    const draft = promos.documents.find((d) => d.id === 'drafts.promo-natal-ceria')!;
    expect(draft.draft).toBe(true);
    expect(draft.fields.map((f) => [f.path, f.missing])).toEqual(
      expect.arrayContaining([
        ['title', ['id']],
        ['summary', ['id']],
        ['terms', ['id']],
      ]),
    );
  });
});
