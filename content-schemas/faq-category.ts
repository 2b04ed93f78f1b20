import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { FAQ_CATEGORIES } from './constants.ts';
import { titleField } from './fields.ts';

/** One FAQ category with its questions in display order (drag to reorder). */
export const faqCategory = defineType({
  name: 'faqCategory',
  title: 'FAQ category',
  type: 'document',
  fields: [
    defineField({
      name: 'key',
      title: 'Category',
      type: 'string',
      description: 'Each category exists once.',
      options: { list: FAQ_CATEGORIES.map((c) => ({ value: c.value, title: c.title })) },
      validation: (rule) => rule.required().error('Choose the category.'),
    }),
    titleField('Tab label on the FAQ page.'),
    defineField({
      name: 'order',
      title: 'Position',
      type: 'number',
      description: 'Tabs are shown from the lowest number.',
      validation: (rule) => rule.required().integer().min(0).error('Enter a whole number, 0 or more.'),
    }),
    defineField({
      name: 'items',
      title: 'Questions',
      type: 'array',
      description: 'Questions in the order guests see them.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'faqItem',
          fields: [
            defineField({
              name: 'question',
              title: 'Question',
              type: 'localeString',
              description: 'As a guest would ask it.',
              validation: (rule) => rule.required().error('Write the question.'),
            }),
            defineField({
              name: 'answer',
              title: 'Answer',
              type: 'localePortableText',
              description: 'Short, friendly answer.',
              validation: (rule) => rule.required().error('Write the answer.'),
            }),
          ],
          preview: { select: { title: 'question.en', subtitle: 'question.id' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).error('Add at least one question.'),
    }),
  ],
  orderings: [{ title: 'Position', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title.en', subtitle: 'key' } },
});
