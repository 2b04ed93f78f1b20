import { DEFAULT_LANG, parseLangFromPath, type Lang } from '../core/locales.ts';

// The routing rules of spec section 2, decided before any file or page is looked up.
export type RouteDecision =
  | { kind: 'redirect'; status: 308; location: string }
  | { kind: 'not-found'; lang: Lang; reason: 'unknown-language' | 'internal' | 'unsafe-path' }
  | { kind: 'continue'; lang: Lang };

/** A first segment shaped like a language tag (fr, xx, pt-br) that is not a language we serve. */
const LANGUAGE_LIKE = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i;
/** Pre-rendered error pages are only ever sent as error bodies. */
const INTERNAL = /^\/(?:id\/)?errors\/|^\/(?:404|500)(?:\.html)?\/?$/;

function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * An empty segment or a backslash: a redirect built from such a path ("//evil.example/",
 * "/\\evil.example/") would leave the site, so no such path is ever answered with one.
 */
const UNSAFE = /\/\/|\\/;

/**
 * The path and query of a request as the client sent them. Resolving the raw target against a base
 * (`new URL('//whatever/', base)`) would read a leading "//" as a host ("//whatever/" became "/", the
 * home page) or throw on "///"; the target is appended to a fixed origin instead, so every slash stays
 * in the path and the routing rules see it.
 */
export function requestPath(target: string | undefined): { pathname: string; search: string } {
  const raw = target ?? '/';
  let url: URL;
  try {
    // Absolute-form targets ("http://host/path", sent to proxies) keep only their path.
    url = raw.startsWith('/') ? new URL(`http://localhost${raw}`) : new URL(raw);
  } catch {
    // Unreadable: a path no rule continues with, so it ends as the 404 page.
    return { pathname: '//', search: '' };
  }
  return { pathname: url.pathname, search: url.search };
}

export function decideRoute(pathname: string, search = ''): RouteDecision {
  let path = pathname;
  let redirect = false;
  if (UNSAFE.test(path)) return { kind: 'not-found', lang: parseLangFromPath(path).lang, reason: 'unsafe-path' };

  // /en/... is the default language: answer a real redirect to the unprefixed URL.
  if (path === '/en' || path.startsWith('/en/')) {
    path = path.slice(3) || '/';
    redirect = true;
  }
  if (!path.endsWith('/') && !hasFileExtension(path)) {
    path += '/';
    redirect = true;
  }
  // Same origin only: a location is a single-slash path of this site.
  if (redirect && path.startsWith('/') && !UNSAFE.test(path))
    return { kind: 'redirect', status: 308, location: path + search };
  if (redirect) return { kind: 'not-found', lang: DEFAULT_LANG, reason: 'unsafe-path' };

  const first = path.split('/')[1] ?? '';
  if (first !== 'id' && first !== 'en' && LANGUAGE_LIKE.test(first)) {
    return { kind: 'not-found', lang: DEFAULT_LANG, reason: 'unknown-language' };
  }
  const { lang } = parseLangFromPath(path);
  if (INTERNAL.test(path)) return { kind: 'not-found', lang, reason: 'internal' };
  return { kind: 'continue', lang };
}

/**
 * Status resolution of spec section 8: a message if there is one; the status from statusCode,
 * status or response.status; otherwise 500.
 */
export function resolveError(error: unknown): { status: number; message: string | null } {
  const e = (error ?? {}) as {
    message?: unknown;
    statusCode?: unknown;
    status?: unknown;
    response?: { status?: unknown };
  };
  const candidates = [e.statusCode, e.status, e.response?.status];
  const found = candidates.find(
    (value) => typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599,
  );
  const message = typeof e.message === 'string' && e.message.trim() !== '' ? e.message : null;
  return { status: typeof found === 'number' ? found : 500, message };
}
