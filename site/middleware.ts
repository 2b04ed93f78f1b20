import { defineMiddleware } from 'astro:middleware';

// Language routing (the /en/ redirect, unknown language prefixes, trailing slashes) happens in the
// one server before Astro sees a request; Astro renders the page it is given.
export const onRequest = defineMiddleware((_context, next) => next());
