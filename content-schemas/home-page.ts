import { defineField, defineType } from '@sanity/types';
import { imageField, seoDescriptionField } from './fields.ts';
import { highlightsField } from './highlights.ts';

/** The editorial parts of the home page; search and listings come from the booking API. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({
      name: 'heroTitle',
      title: 'Hero heading',
      type: 'localeString',
      description: 'The big line above the search box.',
      validation: (rule) => rule.required().error('Write the hero heading.'),
    }),
    defineField({
      name: 'heroSubtitle',
      title: 'Hero subheading',
      type: 'localeText',
      description: 'One sentence under the heading.',
      validation: (rule) => rule.required().error('Write the hero subheading.'),
    }),
    seoDescriptionField(),
    imageField('heroImage', 'Hero image', 'Background picture of the hero.'),
    highlightsField('features', 'Features', 'Why guests book with us (instant confirmation, app check-in, …).'),
    defineField({
      name: 'promoHeading',
      title: 'Promo section heading',
      type: 'localeString',
      description: 'Heading above the active promos.',
      validation: (rule) => rule.required().error('Write the promo heading.'),
    }),
    defineField({
      name: 'destinationHeading',
      title: 'Destination section heading',
      type: 'localeString',
      description: 'Heading above the cabin destinations.',
      validation: (rule) => rule.required().error('Write the destination heading.'),
    }),
    defineField({
      name: 'publishAt',
      title: 'Publish at',
      type: 'datetime',
      description:
        'For a change that should go live later (a season, a campaign): the Studio then schedules it instead of publishing, and the site publishes it at this time. Leave empty to publish at once.',
    }),
  ],
  preview: { prepare: () => ({ title: 'Home page' }) },
});
