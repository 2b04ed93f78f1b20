import { expect, test } from './fixtures.ts';
import { readContentEnv } from '../../site/lib/content/content-env.ts';
import { createContent } from '../../site/lib/content/content.ts';
import { LANG_CASES, localizedPath } from '../helpers/i18n.ts';

// Destination pages lead to their hotel; collections list what their editor chose, in that order.
// Expectations are read from the same content the build reads (bundled dataset, real clock).
const content = createContent(readContentEnv({}));

for (const { lang } of LANG_CASES) {
  test(`${lang}: "Check availability" on a destination opens the search with its hotel chosen`, async ({ page }) => {
    const all = await content.getDestinations(lang);
    const card = all.find((d) => d.kind === 'destination' && d.section === 'bobocabin')!;
    const destination = (await content.getDestination(card.section, card.slug, lang))!;
    const hotelId = destination.hotelIds[0];
    expect(hotelId).toBeDefined();
    await page.goto(localizedPath(lang, `/${card.section}/${card.slug}/`));
    await page.locator(`[data-check-availability="${hotelId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(lang, '/search/')}${hotelId}-[a-z0-9-]+/$`));
    const select = page.locator('[data-search-filter] select[name=hotel]');
    await expect(select).toHaveValue(new RegExp(`^${hotelId}-`));
    await expect(page.locator('[data-search-filter] button[type=submit]')).toBeEnabled();
  });
}

test('every collection shows exactly the destinations its editor chose, in the editor order', async ({ page }) => {
  const collections = (await content.getDestinations('en')).filter((d) => d.kind === 'collection');
  expect(collections.length).toBeGreaterThan(2);
  const shown = new Set<string>();
  for (const collection of collections) {
    const chosen = (await content.getDestination(collection.section, collection.slug, 'en'))!.destinations;
    expect(chosen.length).toBeGreaterThan(0);
    await page.goto(`/${collection.section}/${collection.slug}/`);
    const links = page.locator('[data-destination-list="collection"] li a');
    await expect(links).toHaveCount(chosen.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      chosen.map((d) => `/${d.section}/${d.slug}/`),
    );
    shown.add(chosen.map((d) => d.slug).join(','));
  }
  // Not one list for all: the collections differ.
  expect(shown.size).toBe(collections.length);
});
