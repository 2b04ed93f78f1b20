import { expect, test } from './fixtures.ts';
import { schemaTypes } from '../../content-schemas/index.ts';
import { createTranslationChecker } from '../../content-schemas/translation-report.ts';
import { readAllDocuments } from '../../site/lib/content/content-source.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';

// Editors' tools on a development server: the Translations view (the Studio's tool, served at
// /dev/translations/ since the Studio cannot reach a Sanity project here) lists the documents that
// miss a language. The expectation is computed from the same content the server reads.

test('the translation view lists a document that misses a language, with its fields', async ({ page }) => {
  const docs = await readAllDocuments(
    readContentEnv({}),
    schemaTypes.filter((t) => t.type === 'document').map((t) => t.name),
  );
  const report = createTranslationChecker(schemaTypes as never).report(docs);
  const incomplete = report.types.flatMap((t) => t.documents.map((d) => ({ type: t.type, doc: d })));
  expect(incomplete.length).toBeGreaterThan(0);
  const { type, doc } = incomplete[0];

  await page.goto('/dev/translations/');
  await expect(page.locator('[data-summary]')).toContainText(`${report.documents} document(s) miss a language`);
  const rows = page.locator(`[data-document-type="${type}"] tr[data-document-id="${doc.id}"]`);
  await expect(rows).toHaveCount(doc.fields.length);
  await expect(rows.first()).toContainText(doc.title);
  for (const [i, field] of doc.fields.entries()) {
    await expect(rows.nth(i)).toContainText(field.path);
    await expect(rows.nth(i).locator('[data-missing]')).toHaveText(
      field.missing.map((lang) => (lang === 'id' ? 'Bahasa Indonesia' : 'English')).join(', '),
    );
  }
  // A complete type says so.
  await expect(page.locator('[data-document-type="faqCategory"]')).toContainText('Complete in both languages.');
});
