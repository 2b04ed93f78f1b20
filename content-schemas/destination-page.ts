import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { DESTINATION_KINDS, DESTINATION_SECTIONS } from './constants.ts';
import { imageField, schedulingFields, seoDescriptionField, slugField, titleField } from './fields.ts';
import { highlightsField } from './highlights.ts';

/** Cabin destinations and themed collections under /bobocabin/…, plus /campsite/…. */
export const destinationPage = defineType({
  name: 'destinationPage',
  title: 'Destination page',
  type: 'document',
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'place', title: 'Place' },
    { name: 'schedule', title: 'Schedule' },
  ],
  fields: [
    defineField({
      name: 'section',
      title: 'Section',
      type: 'string',
      group: 'content',
      description: 'The first part of the address: /bobocabin/… or /campsite/….',
      options: { list: DESTINATION_SECTIONS.map((s) => ({ value: s.value, title: s.title })), layout: 'radio' },
      initialValue: 'bobocabin',
      validation: (rule) => rule.required().error('Choose the section.'),
    }),
    defineField({
      name: 'kind',
      title: 'Kind',
      type: 'string',
      group: 'content',
      description: 'A destination is one place; a collection groups places around a theme.',
      options: { list: DESTINATION_KINDS.map((s) => ({ value: s.value, title: s.title })), layout: 'radio' },
      validation: (rule) => rule.required().error('Choose destination or collection.'),
    }),
    { ...titleField(), group: 'content' },
    { ...slugField('Last part of the address, e.g. "ubud" for /bobocabin/ubud/.'), group: 'content' },
    { ...seoDescriptionField(), group: 'content' },
    defineField({
      name: 'summary',
      title: 'Summary',
      type: 'localeText',
      group: 'content',
      description: 'Shown on cards in lists and under the heading.',
      validation: (rule) => rule.required().error('Write a summary.'),
    }),
    { ...imageField('heroImage', 'Hero image', 'Landscape picture of the place or theme.'), group: 'content' },
    defineField({
      name: 'body',
      title: 'Body',
      type: 'localePortableText',
      group: 'content',
      description: 'The story of the place.',
      validation: (rule) => rule.required().error('Write the page text.'),
    }),
    { ...highlightsField('highlights', 'Highlights', 'What makes this place or theme special.'), group: 'content' },
    defineField({
      name: 'priceFrom',
      title: 'Price from (Rp)',
      type: 'number',
      group: 'content',
      description: 'Lowest nightly price in whole Rupiah, e.g. 650000.',
      validation: (rule) => rule.integer().positive().error('Enter whole Rupiah, no dots.'),
    }),
    defineField({
      name: 'location',
      title: 'Location',
      type: 'object',
      group: 'place',
      description: 'Required for destinations; used for the map and search engines.',
      fields: [
        defineField({
          name: 'locality',
          title: 'Town / regency',
          type: 'string',
          description: 'E.g. Kintamani.',
          validation: (rule) => rule.required().error('Enter the town.'),
        }),
        defineField({
          name: 'region',
          title: 'Province',
          type: 'string',
          description: 'E.g. Bali.',
          validation: (rule) => rule.required().error('Enter the province.'),
        }),
        defineField({
          name: 'streetAddress',
          title: 'Street address',
          type: 'string',
          description: 'The street and district, e.g. Jl. Raya Sayan, Ubud: the page adds the town and province above.',
          validation: (rule) => rule.required().error('Enter the address.'),
        }),
        defineField({
          name: 'latitude',
          title: 'Latitude',
          type: 'number',
          description: 'Decimal degrees, e.g. -8.2776.',
          validation: (rule) => rule.required().min(-90).max(90).error('Latitude is between -90 and 90.'),
        }),
        defineField({
          name: 'longitude',
          title: 'Longitude',
          type: 'number',
          description: 'Decimal degrees, e.g. 115.3436.',
          validation: (rule) => rule.required().min(-180).max(180).error('Longitude is between -180 and 180.'),
        }),
      ],
      validation: (rule) =>
        rule.custom((location: unknown, context) => {
          const kind = (context.document as { kind?: string } | undefined)?.kind;
          return kind !== 'destination' || Boolean(location) || 'A destination needs its location.';
        }),
    }),
    defineField({
      name: 'hotelIds',
      title: 'Booking API hotel ids',
      type: 'array',
      group: 'place',
      description:
        'Hotels of the booking system at this destination. "Check availability" opens the search with the first one chosen.',
      of: [defineArrayMember({ type: 'number' })],
      hidden: ({ document }) => document?.kind === 'collection',
      validation: (rule) => rule.unique().error('Each hotel only once.'),
    }),
    defineField({
      name: 'destinations',
      title: 'Destinations in this collection',
      type: 'array',
      group: 'content',
      description: 'The destinations this collection lists, in the order guests see them. Drag to reorder.',
      of: [
        defineArrayMember({
          type: 'reference',
          to: [{ type: 'destinationPage' }],
          options: { filter: 'kind == "destination"', disableNew: true },
        }),
      ],
      hidden: ({ document }) => document?.kind !== 'collection',
      validation: (rule) =>
        rule.custom((value: unknown, context: { document?: unknown }) => {
          const kind = (context.document as { kind?: string } | undefined)?.kind;
          const refs = Array.isArray(value) ? value.map((item) => (item as { _ref?: string })._ref) : [];
          if (kind === 'collection' && refs.length === 0) return 'Choose at least one destination for the collection.';
          if (kind !== 'collection' && refs.length > 0) return 'Only a collection lists destinations.';
          if (new Set(refs).size !== refs.length) return 'Each destination only once.';
          return true;
        }),
    }),
    ...schedulingFields('schedule'),
  ],
  orderings: [{ title: 'Publish time', name: 'publishAtDesc', by: [{ field: 'publishAt', direction: 'desc' }] }],
  preview: {
    select: { title: 'title.en', slug: 'slug.current', section: 'section', publishAt: 'publishAt', media: 'heroImage' },
    prepare: ({ title, slug, section, publishAt, media }: Record<string, string | undefined>) => ({
      title,
      subtitle: `/${section}/${slug}/${publishAt && Date.parse(publishAt) > Date.now() ? ` · scheduled ${String(publishAt).slice(0, 16)}` : ''}`,
      media,
    }),
  },
});
