// Astro writes the style its islands need (`astro-island{display:contents}`) inline before the first
// island, inside the body, where HTML allows no <style> (html-validate: element-permitted-content);
// site/middleware.ts moves it into the head with this.

export const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

/** The page with Astro's island style in its head (unchanged when it has none or no head). */
export function islandStyleInHead(html: string): string {
  const found = ISLAND_STYLE.exec(html);
  const head = html.indexOf('</head>');
  if (!found || head < 0 || found.index < head) return html;
  const moved = html.slice(0, found.index) + html.slice(found.index + found[0].length);
  return moved.replace('</head>', `${found[0]}</head>`);
}
