import { expect, FROM_THIS_MACHINE, test } from './fixtures.ts';
import { schemaTypes } from '../../content-schemas/index.ts';
import { createTranslationChecker } from '../../content-schemas/translation-report.ts';
import { readAllDocuments } from '../../site/lib/content/content-source.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { contentStrings } from '../../core/i18n/content-strings.ts';

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

  // Development tools answer this machine only (the test's own client address is not loopback).
  await page.setExtraHTTPHeaders(FROM_THIS_MACHINE);
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

test('preview shows a draft and a scheduled promo before they go live, to signed links only', async ({
  page,
  request,
}) => {
  const draft = (await readAllDocuments(readContentEnv({}), ['promo'])).find((d) =>
    String(d._id).startsWith('drafts.'),
  )!;
  const draftTitle = (draft.title as { en: string }).en;
  const draftSlug = (draft.slug as { current: string }).current;
  // Not on the public site.
  expect((await request.get(`/promo/${draftSlug}/`)).status()).toBe(404);

  await page.setExtraHTTPHeaders(FROM_THIS_MACHINE);
  await page.goto('/dev/preview/');
  const item = page.locator(`[data-preview-item="${String(draft._id)}"]`);
  const href = (await item.getByRole('link', { name: 'English' }).getAttribute('href'))!;
  await item.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('[data-preview-banner]')).toContainText(contentStrings('en').preview.draft);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(draftTitle);
  expect((await request.get(href)).headers()['cache-control']).toBe('private, no-store');

  // Its Indonesian text is not written yet: the preview names the field instead of failing.
  await page.goto('/dev/preview/');
  await item.getByRole('link', { name: 'Bahasa Indonesia' }).click();
  await expect(page.locator('[data-preview-incomplete]')).toContainText('title');

  // A link whose signature does not match is no preview at all.
  const forged = new URL(href, 'http://x');
  forged.searchParams.set('id', 'promo-endless-summer');
  expect((await request.get(`${forged.pathname}${forged.search}`)).status()).toBe(404);
  expect((await request.get('/preview/?id=promo-endless-summer')).status()).toBe(404);

  // A promo scheduled for later, in Indonesian.
  const scheduled = (await readAllDocuments(readContentEnv({}), ['promo'])).find(
    (d) => typeof d.publishAt === 'string' && Date.parse(d.publishAt) > Date.now(),
  )!;
  await page.goto('/dev/preview/');
  await page
    .locator(`[data-preview-item="${String(scheduled._id)}"]`)
    .getByRole('link', { name: 'Bahasa Indonesia' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText((scheduled.title as { id: string }).id);
  await expect(page.locator('[data-preview-banner]')).toContainText('Tayang');
});
