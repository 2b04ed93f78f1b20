import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp } from '../api/db/test-booking.ts';
import { contentAliases } from '../api/places/place-aliases.ts';
import { findPlaces } from '../api/places/places.service.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { createContent } from '../site/lib/content/content.ts';
import type { PlaceAliasDoc } from '../site/lib/content/models.ts';
import { syncPlaceAliasesFromContent } from './place-alias-sync.ts';

// Issue 28, item 1: place names editors keep in the Studio reach the place search. The bundled
// dataset's documents ("kota gudeg" for Yogyakarta, "pulau dewata" for the three Bali cities) are
// copied at sync; a later sync without a name removes it; the migration's own names stay.

const DATASET = fileURLToPath(new URL('../content/dataset/production.ndjson', import.meta.url));
const content = createContent(readContentEnv({ CONTENT_DATASET: DATASET }));

let t: Awaited<ReturnType<typeof bookingTestApp>>;
beforeAll(async () => {
  t = await bookingTestApp();
});

const slugs = async (q: string) => (await findPlaces(t.db.db, q, 'en')).map((p) => p.slug).sort();

describe('place names from the content', () => {
  it('finds the branches of a name only the editors gave, once synced', async () => {
    expect(await slugs('kota gudeg')).toEqual([]);
    expect(await slugs('pulau dewata')).toEqual([]);
    await syncPlaceAliasesFromContent(t.db, content);
    expect(await slugs('kota gudeg')).toEqual(['bobobox-malioboro', 'bobobox-tugu-jogja']);
    expect(await slugs('pulau dewata')).toEqual([
      'bobobox-ngurah-rai-transit',
      'bobobox-teuku-umar-denpasar',
      'bobocabin-kintamani',
      'bobocabin-ubud',
    ]);
    // A typo of an editor's name still finds it, as for any other name.
    expect(await slugs('kota gudek')).toEqual(['bobobox-malioboro', 'bobobox-tugu-jogja']);
  });

  it("replaces the editors' names on every sync, never the seeded ones", async () => {
    const docs: PlaceAliasDoc[] = await content.getPlaceAliases();
    expect(docs.length).toBeGreaterThan(0);
    // The editors remove "kota gudeg" and add "Kota  Batik " for Yogyakarta (written loosely).
    const edited = docs.map((d) => (d._id === 'placeAlias-yogyakarta' ? { ...d, aliases: ['Kota  Batik '] } : d));
    await syncPlaceAliasesFromContent(t.db, { getPlaceAliases: async () => edited });
    expect(await slugs('kota gudeg')).toEqual([]);
    expect(await slugs('kota batik')).toEqual(['bobobox-malioboro', 'bobobox-tugu-jogja']);
    expect((await contentAliases(t.db.db)).filter((a) => a.city === 'Yogyakarta')).toEqual([
      { alias: 'kota batik', city: 'Yogyakarta' },
    ]);
    // No documents at all: the editors' names are gone, the migration's ("jogja") still match.
    await syncPlaceAliasesFromContent(t.db, { getPlaceAliases: async () => [] });
    expect(await contentAliases(t.db.db)).toEqual([]);
    expect(await slugs('jogja')).toEqual(['bobobox-malioboro', 'bobobox-tugu-jogja']);
  });
});
