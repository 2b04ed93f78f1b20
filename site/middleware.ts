import { defineMiddleware } from 'astro:middleware';
import { islandStyleInHead } from './lib/island-style.ts';

// Language routing (the /en/ redirect, unknown language prefixes, trailing slashes) happens in the
// one server before Astro sees a request; Astro renders the page it is given.
//
// One fix-up of what Astro writes (issue 31, item 7): the style its islands need
// (`astro-island{display:contents}`) comes inline before the first island, inside the body, where
// HTML allows no <style>; it is moved into the head, where it belongs. Static pages get it at build
// time (the middleware runs when they are prerendered), on-demand pages as they are served.

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = await response.text();
  return new Response(islandStyleInHead(html), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
