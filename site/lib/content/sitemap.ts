import { LANDING_KEYS, LEGAL_KEYS, PAGE_KEYS } from '../../../content-schemas/constants.ts';
import { DEFAULT_LANG, LANGS, LOCALES, localizedPath } from '../../../core/locales.ts';
import type { Content } from './content.ts';
import { escapeHtml } from '../../../core/html.ts';

/** Unprefixed paths of every public content page that exists at the content clock's now. */
export async function sitemapPaths(content: Pick<Content, 'getSitemapDocuments'>): Promise<string[]> {
  const docs = await content.getSitemapDocuments();
  const fixed = [
    '/',
    '/faq/',
    '/promo/',
    ...PAGE_KEYS.map((p) => p.path),
    ...LANDING_KEYS.map((p) => p.path),
    ...LEGAL_KEYS.map((p) => p.path),
  ];
  const dynamic = [
    ...docs.promos.map((p) => `/promo/${p.slug}/`),
    ...docs.destinations.map((d) => `/${d.section}/${d.slug}/`),
  ];
  return [...new Set([...fixed, ...dynamic])].sort();
}

/** sitemap.xml with one <url> per language and hreflang pairs (id, en, x-default) on each. */
export function sitemapXml(paths: string[], siteUrl: string | URL): string {
  const abs = (p: string) => escapeHtml(new URL(p, siteUrl).href);
  const urls = paths.flatMap((path) =>
    LANGS.map((lang) => {
      const alternates = [
        ...LANGS.map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${LOCALES[alt].htmlLang}" href="${abs(localizedPath(alt, path))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizedPath(DEFAULT_LANG, path))}"/>`,
      ];
      return `<url><loc>${abs(localizedPath(lang, path))}</loc>${alternates.join('')}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string | URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /my-account/',
    'Disallow: /id/my-account/',
    'Disallow: /reservation/',
    'Disallow: /id/reservation/',
    'Disallow: /payment/',
    'Disallow: /id/payment/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
}
