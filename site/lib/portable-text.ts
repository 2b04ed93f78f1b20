import { PortableText } from '@portabletext/react';
import type { PortableTextComponents } from '@portabletext/react';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { safeHref } from './safe-link.ts';

// Server-side Portable Text -> static HTML through @portabletext/react (rendered to markup at build
// time, so pages ship zero JavaScript for it). React escapes all text and attribute values; this module
// only decides which links may exist and drops every node type it does not know, so an editor (or a
// compromised dataset) cannot inject markup or script through rich text.

type Block = { _type: string } & Record<string, unknown>;

export { safeHref };

export function portableTextComponents(lang: Lang): PortableTextComponents {
  return {
    marks: {
      link: ({ children, value }) => {
        const href = safeHref((value as { href?: unknown } | undefined)?.href);
        if (!href) return createElement(Fragment, null, children);
        if (href.startsWith('/')) return createElement('a', { href: localizedPath(lang, href) }, children);
        const external = /^https?:/i.test(href) ? { rel: 'noopener noreferrer', target: '_blank' } : {};
        return createElement('a', { href, ...external }, children);
      },
    },
    // Anything that is not a known block, list or mark renders as nothing.
    unknownType: () => null,
    unknownMark: ({ children }) => createElement(Fragment, null, children),
    unknownBlockStyle: ({ children }) => createElement('p', null, children),
  };
}

/** Render rich text to static HTML; internal links get the language prefix of `lang`. */
export function renderPortableText(blocks: Block[] | null | undefined, lang: Lang): string {
  if (!blocks || blocks.length === 0) return '';
  return renderToStaticMarkup(
    createElement(PortableText, {
      value: blocks as never,
      components: portableTextComponents(lang),
      onMissingComponent: false,
    }),
  );
}

/** Plain text of rich text (for JSON-LD answers and meta descriptions). */
export function portableTextToPlain(blocks: Block[] | null | undefined): string {
  return (blocks ?? [])
    .filter((b) => b._type === 'block' && Array.isArray(b.children))
    .map((b) => (b.children as { text?: unknown }[]).map((c) => (typeof c.text === 'string' ? c.text : '')).join(''))
    .join('\n')
    .trim();
}
