import { escapeHTML, toHTML, type PortableTextHtmlComponents } from '@portabletext/to-html';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';

// Server-side Portable Text -> HTML. Text is always escaped by the renderer; this module only
// decides which links may exist and drops every node type it does not know, so an editor (or a
// compromised dataset) cannot inject markup or script through rich text.

type Block = { _type: string } & Record<string, unknown>;

/** http(s), mailto, tel, or a site-relative path ("/…" but not protocol-relative "//…"). */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  // Browsers ignore ASCII whitespace and control characters inside schemes ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, '');
  if (/^(?:https?:\/\/|mailto:|tel:)/i.test(compact)) return compact;
  if (/^\/(?!\/)/.test(compact) && !compact.includes('\\')) return compact;
  return undefined;
}

function isInternal(href: string): boolean {
  return href.startsWith('/');
}

export function portableTextComponents(lang: Lang): Partial<PortableTextHtmlComponents> {
  return {
    marks: {
      link: ({ children, value }) => {
        const href = safeHref((value as { href?: unknown } | undefined)?.href);
        if (!href) return children;
        if (isInternal(href)) return `<a href="${escapeHTML(localizedPath(lang, href))}">${children}</a>`;
        const externalAttrs = /^https?:/i.test(href) ? ' rel="noopener noreferrer" target="_blank"' : '';
        return `<a href="${escapeHTML(href)}"${externalAttrs}>${children}</a>`;
      },
    },
    // Anything that is not a known block, list or mark renders as nothing.
    unknownType: () => '',
    unknownMark: ({ children }) => children,
    unknownBlockStyle: ({ children }) => `<p>${children ?? ''}</p>`,
  };
}

/** Render rich text to HTML; internal links get the language prefix of `lang`. */
export function renderPortableText(blocks: Block[] | null | undefined, lang: Lang): string {
  if (!blocks || blocks.length === 0) return '';
  return toHTML(blocks as never, { components: portableTextComponents(lang), onMissingComponent: false });
}

/** Plain text of rich text (for JSON-LD answers and meta descriptions). */
export function portableTextToPlain(blocks: Block[] | null | undefined): string {
  return (blocks ?? [])
    .filter((b) => b._type === 'block' && Array.isArray(b.children))
    .map((b) => (b.children as { text?: unknown }[]).map((c) => (typeof c.text === 'string' ? c.text : '')).join(''))
    .join('\n')
    .trim();
}
