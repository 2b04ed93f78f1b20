import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { LEGAL_KEYS } from './constants.ts';
import { seoDescriptionField, titleField, uniqueKey } from './fields.ts';

/** Terms and conditions, privacy policy and the Bobopoints terms: numbered items of rich text. */
export const legalDocument = defineType({
  name: 'legalDocument',
  title: 'Legal document',
  type: 'document',
  fields: [
    defineField({
      name: 'key',
      title: 'Document',
      type: 'string',
      description: 'Which legal page this is. Each exists once.',
      options: { list: LEGAL_KEYS.map((d) => ({ value: d.value, title: `${d.title} (${d.path})` })) },
      validation: (rule) => [
        rule.required().error('Choose the document.'),
        rule.custom(uniqueKey('Another legal document already fills this page: edit that one instead.')),
      ],
    }),
    titleField(),
    seoDescriptionField(),
    defineField({
      name: 'effectiveDate',
      title: 'Effective from',
      type: 'date',
      description: 'The date this version takes effect; shown under the title.',
      validation: (rule) => rule.required().error('Enter the effective date.'),
    }),
    defineField({
      name: 'versionLabel',
      title: 'Version label',
      type: 'localeString',
      description: 'E.g. "Version October 2023".',
      validation: (rule) => rule.required().error('Enter the version label.'),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'localePortableText',
      description: 'Text before the numbered items.',
      validation: (rule) => rule.required().error('Write the introduction.'),
    }),
    defineField({
      name: 'items',
      title: 'Items',
      type: 'array',
      description: 'Numbered items, each a title and a description.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'legalItem',
          fields: [
            defineField({
              name: 'title',
              title: 'Title',
              type: 'localeString',
              description: 'Heading of the item.',
              validation: (rule) => rule.required().error('Give the item a title.'),
            }),
            defineField({
              name: 'body',
              title: 'Description',
              type: 'localePortableText',
              description: 'The legal text of the item.',
              validation: (rule) => rule.required().error('Write the item text.'),
            }),
          ],
          preview: { select: { title: 'title.en', subtitle: 'title.id' } },
        }),
      ],
      validation: (rule) =>
        rule.required().custom((items: unknown[] | undefined, context) => {
          const key = (context.document as { key?: string } | undefined)?.key;
          const expected = LEGAL_KEYS.find((d) => d.value === key)?.items;
          if (expected === undefined) return (items?.length ?? 0) > 0 || 'Add at least one item.';
          return (
            items?.length === expected ||
            `This document must have exactly ${expected} items (it has ${items?.length ?? 0}).`
          );
        }),
    }),
  ],
  preview: { select: { title: 'title.en', subtitle: 'effectiveDate' } },
});
