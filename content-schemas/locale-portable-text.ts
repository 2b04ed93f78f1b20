import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { CONTENT_LANGS, SAFE_URL_PATTERN } from './constants.ts';
import { bothLanguages } from './locale-rules.ts';

/**
 * Rich text used everywhere. Only paragraphs, two heading levels, lists, bold/italic and links;
 * links accept http(s), mailto, tel and site-relative paths, nothing else (the renderer drops
 * anything that slips through, too).
 */
export const richTextBlock = defineArrayMember({
  type: 'block',
  styles: [
    { title: 'Paragraph', value: 'normal' },
    { title: 'Heading', value: 'h3' },
    { title: 'Subheading', value: 'h4' },
  ],
  lists: [
    { title: 'Bullets', value: 'bullet' },
    { title: 'Numbers', value: 'number' },
  ],
  marks: {
    decorators: [
      { title: 'Bold', value: 'strong' },
      { title: 'Italic', value: 'em' },
    ],
    annotations: [
      {
        name: 'link',
        type: 'object',
        title: 'Link',
        fields: [
          defineField({
            name: 'href',
            type: 'string',
            title: 'Address',
            description: 'https://…, mailto:…, tel:… or a site path such as /promo/.',
            validation: (rule) =>
              rule
                .required()
                .regex(SAFE_URL_PATTERN, { name: 'safe link' })
                .error('Use an https://, mailto:, tel: address or a path starting with /.'),
          }),
        ],
      },
    ],
  },
});

export const localePortableText = defineType({
  name: 'localePortableText',
  title: 'Rich text (id + en)',
  type: 'object',
  description: 'Formatted text in both languages.',
  options: { columns: 2 },
  fields: CONTENT_LANGS.map((lang) =>
    defineField({
      name: lang.key,
      title: lang.title,
      type: 'array',
      description: `Formatted text shown on the ${lang.title} site.`,
      of: [richTextBlock],
    }),
  ),
  validation: (rule) => rule.custom(bothLanguages),
});
