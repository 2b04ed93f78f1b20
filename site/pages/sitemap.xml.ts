import type { APIRoute } from 'astro';
import { content } from '../lib/content/content.ts';
import { sitemapPaths, sitemapXml } from '../lib/content/sitemap.ts';
import { listHotelShells } from './[...lang]/search/_components/hotel-api.ts';
import { pageApi } from '../lib/page-api.ts';

// On demand, like the hotel pages it lists: the content pages (at the content clock's now) and every
// hotel page /search/{id-slug}/ from the booking API (a new hotel is listed without a rebuild), each
// in both languages with its hreflang pairs. When the API does not answer, the content pages are
// still listed.
export const prerender = false;

/** Hotel pages change rarely: browsers and crawlers may keep the sitemap five minutes. */
const SITEMAP_CACHE_SECONDS = 300;

async function hotelPaths(locals: App.Locals): Promise<string[]> {
  try {
    // A fresh list (crawlers ask rarely, and the answer is cached below): a hotel opened a moment ago is listed.
    const hotels = await listHotelShells('en', pageApi(locals), 0);
    return hotels.map((h) => `/search/${h.id}-${h.slug}/`);
  } catch {
    return [];
  }
}

export const GET: APIRoute = async ({ site, locals }) => {
  const [pages, hotels] = await Promise.all([sitemapPaths(content()), hotelPaths(locals)]);
  return new Response(sitemapXml([...pages, ...hotels], site ?? 'http://127.0.0.1:4321'), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': `public, max-age=${SITEMAP_CACHE_SECONDS}`,
    },
  });
};
