import { defineField, defineType } from '@sanity/types';
import { CONTENT_LANGS } from './constants.ts';
import { bothLanguages } from './locale-rules.ts';

/** A short text in Indonesian and English, edited side by side. */
export const localeString = defineType({
  name: 'localeString',
  title: 'Text (id + en)',
  type: 'object',
  description: 'Write both languages; a document with only one language cannot be published.',
  options: { columns: 2 },
  fields: CONTENT_LANGS.map((lang) =>
    defineField({
      name: lang.key,
      title: lang.title,
      type: 'string',
      description: `Text shown on the ${lang.title} site.`,
    }),
  ),
  validation: (rule) => rule.custom(bothLanguages),
});
