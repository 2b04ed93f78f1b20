import { defineField, defineType } from '@sanity/types';
import { ANNOUNCEMENT_TONES, SAFE_URL_PATTERN } from './constants.ts';

/** A short banner message shown across the site for a while. */
export const announcement = defineType({
  name: 'announcement',
  title: 'Announcement',
  type: 'document',
  fields: [
    defineField({
      name: 'message',
      title: 'Message',
      type: 'localeString',
      description: 'One short sentence.',
      validation: (rule) => rule.required().error('Write the message.'),
    }),
    defineField({
      name: 'tone',
      title: 'Tone',
      type: 'string',
      description: 'Changes the colour of the banner.',
      options: { list: ANNOUNCEMENT_TONES.map((t) => ({ value: t.value, title: t.title })), layout: 'radio' },
      initialValue: 'info',
      validation: (rule) => rule.required().error('Choose a tone.'),
    }),
    defineField({
      name: 'url',
      title: 'Link address',
      type: 'string',
      description: 'Optional: where the banner leads (a site path or https:// address).',
      validation: (rule) =>
        rule.regex(SAFE_URL_PATTERN, { name: 'safe link' }).error('Use a path starting with / or an https:// address.'),
    }),
    defineField({
      name: 'publishAt',
      title: 'Show from',
      type: 'datetime',
      description: 'When the banner appears.',
      validation: (rule) => rule.required().error('Enter when the banner appears.'),
    }),
    defineField({
      name: 'unpublishAt',
      title: 'Show until',
      type: 'datetime',
      description: 'When the banner disappears; leave empty to keep it.',
    }),
  ],
  preview: { select: { title: 'message.en', subtitle: 'publishAt' } },
});
