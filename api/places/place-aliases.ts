import { eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { placeAliases } from './places.schema.ts';
import { normaliseQuery } from './places.service.ts';

// The editors' place names (Studio documents, content-schemas/place-alias.ts) in the place search:
// each alias of a document names every city it lists. The copy is replaced whole on every sync (start
// and after every publish), in one transaction, so a removed name stops matching; the migration's own
// list (source 'seed') is never touched, and a name already there stays one row.

export type ContentPlaceNames = { cities: string[]; aliases: string[] };

/** Replace the content's aliases with these documents' names; returns how many rows they hold now. */
export async function syncContentAliases(db: Db, docs: ContentPlaceNames[]): Promise<number> {
  const pairs = new Map<string, { alias: string; city: string }>();
  for (const doc of docs)
    for (const rawAlias of doc.aliases)
      for (const rawCity of doc.cities) {
        const alias = normaliseQuery(rawAlias);
        const city = rawCity.replace(/\s+/g, ' ').trim();
        if (alias.length >= 2 && city.length >= 2) pairs.set(`${alias}\u0000${city.toLowerCase()}`, { alias, city });
      }
  return db.transaction(async (tx) => {
    await tx.delete(placeAliases).where(eq(placeAliases.source, 'content'));
    if (!pairs.size) return 0;
    const inserted = await tx
      .insert(placeAliases)
      .values([...pairs.values()].map((p) => ({ ...p, source: 'content' })))
      .onConflictDoNothing()
      .returning({ alias: placeAliases.alias });
    return inserted.length;
  });
}

/** The aliases the editors' documents hold now (for tests and operators). */
export async function contentAliases(db: Db): Promise<{ alias: string; city: string }[]> {
  return db
    .select({ alias: placeAliases.alias, city: placeAliases.city })
    .from(placeAliases)
    .where(eq(placeAliases.source, 'content'))
    .orderBy(placeAliases.alias, placeAliases.city);
}
