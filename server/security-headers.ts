import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Env } from '../api/platform/env.ts';

// The headers every answer of the one server carries (pages, files, API, error pages, dev tools),
// and the Content-Security-Policy of its HTML. Scripts run from this origin or by the hash of an
// inline script the build itself wrote (Astro's island bootstraps and hydration directives, small
// page scripts): no 'unsafe-inline' for scripts, no plugins, no <base>, no framing, forms post to
// this site only.

/** Inline scripts the browser executes: not data blocks such as JSON-LD. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The CSP hash source of every executable inline script of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(m[1] ?? '')) continue;
    out.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...out];
}

/**
 * The end of the JSON value that starts at `from` (an array or object): brackets are counted outside
 * strings, whose escapes are skipped. -1 when the source ends first.
 */
function jsonEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const ch = source[i];
    if (ch === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const CLIENT_DIRECTIVES_KEY = '"clientDirectives":';

/**
 * The CSP hash sources of Astro's hydration directive scripts (client:load, idle, visible, media,
 * only), which its server renders inline into on-demand pages as `<script>{directive}</script>`
 * before the first island of each kind. The pre-rendered HTML holds only the kinds its pages use,
 * so they are read from where the server takes them: the manifest Astro serialises into the build's
 * server code (`"clientDirectives":[["idle","(()=>{…})();"],…]`). Empty when the source has none.
 */
export function directiveScriptHashes(serverSource: string): string[] {
  const at = serverSource.indexOf(CLIENT_DIRECTIVES_KEY);
  if (at < 0) return [];
  const start = at + CLIENT_DIRECTIVES_KEY.length;
  const end = serverSource[start] === '[' ? jsonEnd(serverSource, start) : -1;
  if (end < 0) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(serverSource.slice(start, end));
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries
    .map((entry) => (Array.isArray(entry) ? (entry as unknown[])[1] : undefined))
    .filter((script): script is string => typeof script === 'string')
    .flatMap((script) => inlineScriptHashes(`<script>${script}</script>`));
}

/**
 * The tag manager's origins, allowed only when GTM_ID configures one (its script, and the calls of
 * the Google Analytics tags it usually loads). Without GTM_ID the site calls no third party.
 */
export const TAG_MANAGER_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';
const TAG_MANAGER_CONNECT_ORIGINS = [
  TAG_MANAGER_SCRIPT_ORIGIN,
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

type CspEnv = Pick<Env, 'MIDTRANS_SERVER_KEY' | 'MIDTRANS_BASE_URL'> & Partial<Pick<Env, 'GTM_ID' | 'MAP_STYLE_URL'>>;

/**
 * Origins the browser may call besides this one: the card tokeniser of a live gateway, the tag
 * manager, a hosted map style (its tiles and fonts must be served from the same origin).
 */
function connectOrigins(env: CspEnv): string[] {
  return [
    ...(env.MIDTRANS_SERVER_KEY ? [new URL(env.MIDTRANS_BASE_URL).origin] : []),
    ...(env.GTM_ID ? TAG_MANAGER_CONNECT_ORIGINS : []),
    ...(env.MAP_STYLE_URL ? [new URL(env.MAP_STYLE_URL).origin] : []),
  ];
}

export function contentSecurityPolicy(scriptHashes: readonly string[], env: CspEnv): string {
  const scriptOrigins = env.GTM_ID ? [TAG_MANAGER_SCRIPT_ORIGIN] : [];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptOrigins, ...[...scriptHashes].sort()].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectOrigins(env).join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Preview pages (/preview/, /id/preview/): the Studio shows them in frames, from its own origins. */
export const PREVIEW_PATH = /^(\/id)?\/preview\/?$/;
/** A preview page, or a hotel page showing an editor's preview of its content (`?preview=`). */
export function isPreviewRequest(url: string): boolean {
  const [pathname = '/', query = ''] = url.split('?');
  return PREVIEW_PATH.test(pathname) || (/^(\/id)?\/search\/[^/]+\/$/.test(pathname) && /(^|&)preview=/.test(query));
}
export function framedByStudio(csp: string, studioOrigins: readonly string[]): string {
  return csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${studioOrigins.join(' ')}`.trim());
}

/** The headers of every answer, whatever produced it. HSTS only when the public origin is https. */
export function baseSecurityHeaders(env: Pick<Env, 'SITE_URL'>): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (new URL(env.SITE_URL).protocol === 'https:')
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function applySecurityHeaders(res: ServerResponse, base: [string, string][], csp: string): void {
  for (const [name, value] of base) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', csp);
}
