import { defineField } from '@sanity/types';
import { SAFE_URL_PATTERN, SLUG_PATTERN } from './constants.ts';

// Field builders shared by several document types, so the same field reads and validates the
// same way everywhere.

export function slugField(description: string) {
  return defineField({
    name: 'slug',
    title: 'URL slug',
    type: 'slug',
    description,
    options: { source: 'title.en', maxLength: 80 },
    validation: (rule) =>
      rule.required().custom((value: { current?: string } | undefined) => {
        if (!value?.current) return 'Give the page a URL slug.';
        return (
          SLUG_PATTERN.test(value.current) ||
          'Use lower-case letters, digits and single hyphens only (e.g. endless-summer).'
        );
      }),
  });
}

export function imageAltField() {
  return defineField({
    name: 'alt',
    title: 'Alternative text',
    type: 'localeString',
    description: 'Describe the picture for screen readers, in both languages.',
    validation: (rule) => rule.required().error('Describe the image for guests who cannot see it.'),
  });
}

export function imageField(name: string, title: string, description: string, required = true) {
  return defineField({
    name,
    title,
    type: 'image',
    description,
    options: { hotspot: true },
    fields: [imageAltField()],
    validation: required ? (rule) => rule.required().error(`Add the ${title.toLowerCase()}.`) : undefined,
  });
}

/** Publish/unpublish times marketers set; the site shows the document only in between. */
export function schedulingFields(group?: string) {
  return [
    defineField({
      name: 'publishAt',
      title: 'Publish at',
      type: 'datetime',
      group,
      description: 'Leave empty to show immediately. The site rebuilds itself at this time.',
    }),
    defineField({
      name: 'unpublishAt',
      title: 'Unpublish at',
      type: 'datetime',
      group,
      description: 'Leave empty to keep it online. The site takes it down at this time.',
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const publishAt = (context.document as { publishAt?: string } | undefined)?.publishAt;
          if (!value || !publishAt) return true;
          return Date.parse(value) > Date.parse(publishAt) || 'Unpublish time must be after the publish time.';
        }),
    }),
  ];
}

export function linkUrlField(description = 'A site path such as /promo/ or a full https:// address.') {
  return defineField({
    name: 'url',
    title: 'Link address',
    type: 'string',
    description,
    validation: (rule) =>
      rule
        .required()
        .regex(SAFE_URL_PATTERN, { name: 'safe link' })
        .error('Use a path starting with / or an https://, mailto: or tel: address.'),
  });
}

export function seoDescriptionField() {
  return defineField({
    name: 'description',
    title: 'Search description',
    type: 'localeText',
    description: 'One or two sentences for search engines and link previews (about 150 characters).',
    validation: (rule) => rule.required().error('Write a short description for search results.'),
  });
}

export function titleField(description = 'The page heading and browser title.') {
  return defineField({
    name: 'title',
    title: 'Title',
    type: 'localeString',
    description,
    validation: (rule) => rule.required().error('Give it a title in both languages.'),
  });
}

type KeyContext = {
  document?: { _id?: string; _type?: string };
  getClient: (options: { apiVersion: string }) => {
    fetch: (query: string, params: Record<string, unknown>) => Promise<unknown>;
  };
};

/**
 * A rule for the `key` of documents that each fill one page of the site: refused when another
 * published document of the same type already has this key (the document's own draft and
 * published version are one document). Asks the dataset through the Studio's client.
 */
export function uniqueKey(message: string) {
  return async (value: unknown, context: KeyContext): Promise<true | string> => {
    if (typeof value !== 'string' || !context.document?._id) return true;
    const id = context.document._id.replace(/^drafts\./, '');
    const others = await context
      .getClient({ apiVersion: '2025-02-19' })
      .fetch('count(*[_type == $type && key == $key && !(_id in [$id, $draft]) && !(_id in path("drafts.**"))])', {
        type: context.document._type,
        key: value,
        id,
        draft: `drafts.${id}`,
      });
    return others === 0 || message;
  };
}
