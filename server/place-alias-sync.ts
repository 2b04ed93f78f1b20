import type { Database } from '../api/platform/database.ts';
import { syncContentAliases } from '../api/places/place-aliases.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { createContent, type Content } from '../site/lib/content/content.ts';

// The place names editors keep in the Studio (content-schemas/place-alias.ts) reach the booking API's
// place search the way advertised promos do (server/promo-sync.ts): copied from the published content
// at start and after every content build that published.

export async function syncPlaceAliasesFromContent(
  database: Database,
  content: Pick<Content, 'getPlaceAliases'> = createContent(readContentEnv()),
): Promise<number> {
  return syncContentAliases(database.db, await content.getPlaceAliases());
}
