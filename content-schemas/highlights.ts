import { defineArrayMember, defineField } from '@sanity/types';

/** A list of short "title + paragraph" cards (features, reasons, perks). */
export function highlightsField(
  name = 'highlights',
  title = 'Highlights',
  description = 'Short cards shown as a grid.',
) {
  return defineField({
    name,
    title,
    type: 'array',
    description,
    of: [
      defineArrayMember({
        type: 'object',
        name: 'highlight',
        fields: [
          defineField({
            name: 'title',
            title: 'Title',
            type: 'localeString',
            description: 'A few words.',
            validation: (rule) => rule.required().error('Give the card a title.'),
          }),
          defineField({
            name: 'body',
            title: 'Text',
            type: 'localeText',
            description: 'One or two sentences.',
            validation: (rule) => rule.required().error('Write the card text.'),
          }),
        ],
        preview: { select: { title: 'title.en', subtitle: 'title.id' } },
      }),
    ],
  });
}
