import { defineField, defineType } from '@sanity/types';
import { PAGE_KEYS } from './constants.ts';
import { imageField, seoDescriptionField, titleField, uniqueKey } from './fields.ts';
import { highlightsField } from './highlights.ts';

/** Company and information pages (about, career, why-bobobox, download-app, …). */
export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  fields: [
    defineField({
      name: 'key',
      title: 'Page',
      type: 'string',
      description: 'Which page of the site this document fills. Each page exists once.',
      options: { list: PAGE_KEYS.map((p) => ({ value: p.value, title: `${p.title} (${p.path})` })) },
      validation: (rule) => [
        rule.required().error('Choose which page this is.'),
        rule.custom(uniqueKey('Another page document already fills this page: edit that one instead.')),
      ],
    }),
    titleField(),
    seoDescriptionField(),
    defineField({
      name: 'intro',
      title: 'Intro',
      type: 'localeText',
      description: 'The lead paragraph under the heading.',
      validation: (rule) => rule.required().error('Write an intro paragraph.'),
    }),
    imageField('heroImage', 'Hero image', 'Wide picture at the top of the page.', false),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'localePortableText',
      description: 'The main text of the page.',
      validation: (rule) => rule.required().error('Write the page text in both languages.'),
    }),
    highlightsField(),
  ],
  preview: { select: { title: 'title.en', subtitle: 'key' } },
});
