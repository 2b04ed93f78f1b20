// The booking API as the on-demand pages reach it: in process. The one server hands every render the
// API app's own `request` (Astro.locals.apiFetch, server/server.ts): no socket, no loopback HTTP,
// and the answers are the API's own, with its rules (a page never talks to the database, STYLE.md).
export type ApiFetch = (input: Request | string, init?: RequestInit) => Promise<Response>;

/** The API of the process rendering this page. */
export function pageApi(locals: App.Locals): ApiFetch {
  if (!locals.apiFetch) throw new Error('No API in Astro.locals: the pages run inside the one server (npm start)');
  return locals.apiFetch;
}

/** The origin ky prefixes paths with; an in-process request never leaves the process. */
export const IN_PROCESS_ORIGIN = 'http://api.in-process';
