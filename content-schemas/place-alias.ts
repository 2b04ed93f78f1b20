import { defineArrayMember, defineField, defineType } from '@sanity/types';

/**
 * Other names guests type for a place (issue 28): "kota gudeg" for Yogyakarta, "pulau dewata" for
 * the Bali branches. The server copies the published documents into the booking API's place search
 * (server/place-alias-sync.ts) at start and after every publish; the search then matches these names
 * like the hotels' own names, cities, areas and landmarks.
 */
export const placeAlias = defineType({
  name: 'placeAlias',
  title: 'Place names',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      title: 'Place',
      type: 'string',
      description: 'What editors call this place (for example Bali, Yogyakarta).',
      validation: (rule) => rule.required().min(2).max(60).error('Name the place.'),
    }),
    defineField({
      name: 'cities',
      title: 'Cities of its branches',
      type: 'array',
      description:
        'Each city exactly as the hotels name it (for example Denpasar, Gianyar and Bangli for Bali): the names below find the branches of every city listed.',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.min(2).max(60) })],
      validation: (rule) => rule.required().min(1).unique().error('List at least one city, each once.'),
    }),
    defineField({
      name: 'aliases',
      title: 'Other names',
      type: 'array',
      description: 'What guests type for this place: local names, nicknames, common misspellings.',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.min(2).max(60) })],
      validation: (rule) => rule.required().min(1).unique().error('Add at least one name, each once.'),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'aliases.0' } },
});
