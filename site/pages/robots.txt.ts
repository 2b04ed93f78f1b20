import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/content/sitemap.ts';

export const prerender = true;

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? 'http://127.0.0.1:4321'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
