import { defineField, defineType } from '@sanity/types';
import { CONTENT_LANGS } from './constants.ts';
import { bothLanguages } from './locale-rules.ts';

/** A plain paragraph (no formatting) in Indonesian and English, side by side. */
export const localeText = defineType({
  name: 'localeText',
  title: 'Paragraph (id + en)',
  type: 'object',
  description: 'Plain text without formatting. Write both languages.',
  options: { columns: 2 },
  fields: CONTENT_LANGS.map((lang) =>
    defineField({
      name: lang.key,
      title: lang.title,
      type: 'text',
      rows: 4,
      description: `Paragraph shown on the ${lang.title} site.`,
    }),
  ),
  validation: (rule) => rule.custom(bothLanguages),
});
