import { defineField, defineType } from '@sanity/types';
import { LANDING_KEYS } from './constants.ts';
import { imageField, seoDescriptionField, titleField, uniqueKey } from './fields.ts';
import { highlightsField } from './highlights.ts';

/** Product landing pages: pod, cabin, express, living and the members club. */
export const landingPage = defineType({
  name: 'landingPage',
  title: 'Landing page',
  type: 'document',
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'offer', title: 'Members offer' },
  ],
  fields: [
    defineField({
      name: 'key',
      title: 'Landing page',
      type: 'string',
      group: 'content',
      description: 'Which product this page sells. Each exists once.',
      options: { list: LANDING_KEYS.map((p) => ({ value: p.value, title: `${p.title} (${p.path})` })) },
      validation: (rule) => [
        rule.required().error('Choose the product.'),
        rule.custom(uniqueKey('Another landing page already sells this product: edit that one instead.')),
      ],
    }),
    { ...titleField(), group: 'content' },
    { ...seoDescriptionField(), group: 'content' },
    defineField({
      name: 'headline',
      title: 'Headline',
      type: 'localeString',
      group: 'content',
      description: 'The selling line in the hero.',
      validation: (rule) => rule.required().error('Write the headline.'),
    }),
    defineField({
      name: 'intro',
      title: 'Intro',
      type: 'localeText',
      group: 'content',
      description: 'Paragraph under the headline.',
      validation: (rule) => rule.required().error('Write the intro.'),
    }),
    { ...imageField('heroImage', 'Hero image', 'Picture of the product.'), group: 'content' },
    { ...highlightsField('features', 'Features', 'What the guest gets.'), group: 'content' },
    defineField({
      name: 'body',
      title: 'Body',
      type: 'localePortableText',
      group: 'content',
      description: 'Longer text below the features.',
    }),
    defineField({
      name: 'cta',
      title: 'Call to action',
      type: 'object',
      group: 'content',
      description: 'The main button.',
      fields: [
        defineField({
          name: 'label',
          title: 'Button label',
          type: 'localeString',
          description: 'Short, e.g. "Book a cabin".',
          validation: (rule) => rule.required().error('Give the button a label.'),
        }),
        defineField({
          name: 'url',
          title: 'Link address',
          type: 'string',
          description: 'A site path such as /search/ or a full https:// address.',
          validation: (rule) =>
            rule
              .required()
              .regex(/^(?:https:\/\/|\/(?!\/))/)
              .error('Use a path starting with / or an https:// address.'),
        }),
      ],
      validation: (rule) => rule.required().error('Add the call to action.'),
    }),
    defineField({
      name: 'memberOffer',
      title: 'Members offer',
      type: 'object',
      group: 'offer',
      description: 'Only for the members club: the welcome discounts for the first new members.',
      fields: [
        defineField({
          name: 'cabinDiscountPercent',
          title: 'Cabin discount (%)',
          type: 'number',
          description: 'Whole percent off cabin stays.',
          validation: (rule) =>
            rule.required().integer().min(1).max(100).error('Enter a whole percentage between 1 and 100.'),
        }),
        defineField({
          name: 'podDiscountPercent',
          title: 'Pod discount (%)',
          type: 'number',
          description: 'Whole percent off pod stays.',
          validation: (rule) =>
            rule.required().integer().min(1).max(100).error('Enter a whole percentage between 1 and 100.'),
        }),
        defineField({
          name: 'memberLimit',
          title: 'For the first … new members',
          type: 'number',
          description: 'How many new members get the offer.',
          validation: (rule) => rule.required().integer().positive().error('Enter how many members get the offer.'),
        }),
      ],
      validation: (rule) =>
        rule.custom((offer: unknown, context) => {
          const key = (context.document as { key?: string } | undefined)?.key;
          if (key === 'members-club' && !offer) return 'The members club page needs its offer.';
          return true;
        }),
    }),
  ],
  preview: { select: { title: 'title.en', subtitle: 'key', media: 'heroImage' } },
});
