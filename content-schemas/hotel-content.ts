import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { imageAltField } from './fields.ts';

const namedText = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'array',
    description,
    of: [
      defineArrayMember({
        type: 'object',
        name: `${name}Item`,
        fields: [
          defineField({
            name: 'title',
            title: 'Title',
            type: 'localeString',
            description: 'A few words.',
            validation: (rule) => rule.required().error('Give it a title.'),
          }),
          defineField({
            name: 'body',
            title: 'Text',
            type: 'localeText',
            description: 'One or two sentences.',
            validation: (rule) => rule.required().error('Write the text.'),
          }),
        ],
        preview: { select: { title: 'title.en', subtitle: 'title.id' } },
      }),
    ],
  });

/** Editorial content for a hotel of the booking API (matched by its numeric id). */
export const hotelContent = defineType({
  name: 'hotelContent',
  title: 'Hotel editorial content',
  type: 'document',
  fields: [
    defineField({
      name: 'hotelId',
      title: 'Booking API hotel id',
      type: 'number',
      description: 'The id of the hotel in the booking system (the number before the slug in /search/12-…/).',
      validation: (rule) => rule.required().integer().positive().error('Enter the hotel id from the booking system.'),
    }),
    defineField({
      name: 'name',
      title: 'Internal name',
      type: 'string',
      description: 'Only for editors, to recognise the hotel in lists.',
      validation: (rule) => rule.required().error('Name the hotel for the editor list.'),
    }),
    defineField({
      name: 'facilities',
      title: 'Facilities',
      type: 'array',
      description: 'Facility tab: short labels such as "Free Wi-Fi".',
      of: [defineArrayMember({ type: 'localeString' })],
      validation: (rule) => rule.required().min(1).error('List at least one facility.'),
    }),
    defineField({
      name: 'fieldNotes',
      title: 'Field notes',
      type: 'localePortableText',
      description: 'Field Notes tab: what our team noticed when staying there.',
      validation: (rule) => rule.required().error('Write the field notes.'),
    }),
    namedText('exploreAround', 'Explore around', 'Explore Around tab: places nearby.'),
    namedText('policies', 'Policies', 'Policy tab: check-in, quiet hours, smoking and so on.'),
    defineField({
      name: 'gallery',
      title: 'Gallery',
      type: 'array',
      description: 'Extra pictures beside the ones from the booking system.',
      of: [
        defineArrayMember({
          type: 'image',
          title: 'Gallery image',
          options: { hotspot: true },
          fields: [imageAltField()],
        }),
      ],
    }),
  ],
  orderings: [{ title: 'Hotel id', name: 'hotelIdAsc', by: [{ field: 'hotelId', direction: 'asc' }] }],
  preview: {
    select: { name: 'name', hotelId: 'hotelId' },
    prepare: ({ name, hotelId }: Record<string, string | number | undefined>) => ({
      title: String(name ?? ''),
      subtitle: `Hotel #${hotelId}`,
    }),
  },
});
