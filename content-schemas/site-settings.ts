import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { FOOTER_GROUP_KEYS } from './constants.ts';
import { linkUrlField } from './fields.ts';

const linkMember = defineArrayMember({
  type: 'object',
  name: 'settingsLink',
  title: 'Link',
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'localeString',
      description: 'What the guest reads.',
      validation: (rule) => rule.required().error('Give the link a label.'),
    }),
    linkUrlField('A site path without language prefix (e.g. /promo/) or a full https:// address.'),
    defineField({
      name: 'external',
      title: 'Opens another site',
      type: 'boolean',
      description: 'Turn on for links that leave the website (they open in a new tab).',
      initialValue: false,
    }),
  ],
  preview: { select: { title: 'label.en', subtitle: 'url' } },
});

const urlField = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'url',
    description: `Full https:// address of the ${title} page.`,
    validation: (rule) =>
      rule
        .required()
        .uri({ scheme: ['https'] })
        .error(`Enter the https:// address for ${title}.`),
  });

/** One document for the whole site: brand, header navigation, footer and contact values. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({
      name: 'productName',
      title: 'Product name',
      type: 'string',
      description: 'Brand name used in page titles and the logo text.',
      validation: (rule) => rule.required().error('The product name is needed for page titles.'),
    }),
    defineField({
      name: 'tagline',
      title: 'Tagline',
      type: 'localeString',
      description: 'Follows the product name in the home page title.',
      validation: (rule) => rule.required().error('Write the tagline in both languages.'),
    }),
    defineField({
      name: 'nav',
      title: 'Header navigation',
      type: 'array',
      description: 'Links shown in the header and the mobile menu.',
      of: [linkMember],
      validation: (rule) => rule.required().min(1).error('Add at least one navigation link.'),
    }),
    defineField({
      name: 'seoSections',
      title: 'Footer SEO text',
      type: 'array',
      description: 'Exactly six sections: the first is always visible, five more sit behind "see more".',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'seoSection',
          fields: [
            defineField({
              name: 'title',
              title: 'Heading',
              type: 'localeString',
              description: 'Short heading of the section.',
              validation: (rule) => rule.required().error('Give the section a heading.'),
            }),
            defineField({
              name: 'body',
              title: 'Text',
              type: 'localeText',
              description: 'One paragraph of plain text.',
              validation: (rule) => rule.required().error('Write the section text.'),
            }),
          ],
          preview: { select: { title: 'title.en' } },
        }),
      ],
      validation: (rule) => rule.required().length(6).error('The footer needs exactly six SEO sections.'),
    }),
    defineField({
      name: 'footerGroups',
      title: 'Footer link groups',
      type: 'array',
      description: 'The five groups: about, product, business, support, contact.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'footerGroup',
          fields: [
            defineField({
              name: 'key',
              title: 'Group',
              type: 'string',
              description: 'Which footer column this is.',
              options: { list: FOOTER_GROUP_KEYS.map((g) => ({ value: g.value, title: g.title })) },
              validation: (rule) => rule.required().error('Choose the footer group.'),
            }),
            defineField({
              name: 'title',
              title: 'Heading',
              type: 'localeString',
              description: 'Heading above the links.',
              validation: (rule) => rule.required().error('Give the group a heading.'),
            }),
            defineField({
              name: 'links',
              title: 'Links',
              type: 'array',
              description: 'Links in display order.',
              of: [linkMember],
            }),
          ],
          preview: { select: { title: 'title.en', subtitle: 'key' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(FOOTER_GROUP_KEYS.length)
          .custom((groups: { key?: string }[] | undefined) => {
            const keys = new Set((groups ?? []).map((g) => g.key));
            const missing = FOOTER_GROUP_KEYS.filter((g) => !keys.has(g.value)).map((g) => g.value);
            return missing.length === 0 || `Missing footer group(s): ${missing.join(', ')}.`;
          })
          .error('Keep exactly one of each footer group: about, product, business, support, contact.'),
    }),
    defineField({
      name: 'contact',
      title: 'Contact',
      type: 'object',
      description: 'Fixed contact values shown in the footer and on the contact page.',
      fields: [
        defineField({
          name: 'whatsapp',
          title: 'WhatsApp number',
          type: 'string',
          description: 'International format with country code, e.g. +62 811 1234 5678.',
          validation: (rule) =>
            rule
              .required()
              .regex(/^\+62[\d ]{8,16}$/, { name: 'Indonesian number' })
              .error('Use +62 followed by the number.'),
        }),
        defineField({
          name: 'email',
          title: 'E-mail',
          type: 'string',
          description: 'Customer service address.',
          validation: (rule) => rule.required().email().error('Enter a valid e-mail address.'),
        }),
        defineField({
          name: 'tradeRegistrations',
          title: 'Trade registration lines',
          type: 'array',
          description: 'Exactly two lines (company registration and tourism licence).',
          of: [defineArrayMember({ type: 'localeString' })],
          validation: (rule) => rule.required().length(2).error('Enter exactly two trade registration lines.'),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'social',
      title: 'Social links',
      type: 'object',
      description: 'Profiles linked from the footer icons.',
      fields: [
        urlField('facebook', 'Facebook'),
        urlField('instagram', 'Instagram'),
        urlField('twitter', 'Twitter'),
        urlField('youtube', 'YouTube'),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'appStores',
      title: 'App store links',
      type: 'object',
      description: 'Where the app badges lead.',
      fields: [urlField('ios', 'App Store'), urlField('android', 'Google Play')],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
});
