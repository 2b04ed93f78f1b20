import type { APIRoute } from 'astro';
import { content } from '../lib/content/content.ts';
import { sitemapPaths, sitemapXml } from '../lib/content/sitemap.ts';

export const prerender = true;

export const GET: APIRoute = async ({ site }) =>
  new Response(sitemapXml(await sitemapPaths(content()), site ?? 'http://127.0.0.1:4321'), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
