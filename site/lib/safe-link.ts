// The one rule for links that come from content (rich text, and the site settings' footer, menu,
// social and app-store links): only these schemes may become an href, whoever wrote the content.

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

/** A safe link that leaves the site over http(s) (social profiles, app stores). */
export function safeWebHref(href: unknown): string | undefined {
  const safe = safeHref(href);
  return safe && /^https?:\/\//i.test(safe) ? safe : undefined;
}
