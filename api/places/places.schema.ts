import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Other names of a place (issue 28): what guests type for a city or region that the hotels do not
 * carry themselves ("jogja" for Yogyakarta, "bali" for the Denpasar, Gianyar and Bangli branches,
 * "cgk" for the airport). One row per alias and city; the place search (places.service.ts) matches
 * them like the hotels' own names, cities, areas and landmarks. Editors add more in the Studio
 * (content-schemas/place-alias.ts), copied here by syncContentAliases.
 */
export const placeAliases = pgTable(
  'place_aliases',
  {
    alias: text('alias').notNull(),
    city: text('city').notNull(),
    /** 'seed': the migration's list; 'content': the editors' place-names documents (replaced on every sync). */
    source: text('source').notNull().default('seed'),
  },
  (t) => [primaryKey({ columns: [t.alias, t.city] })],
);
