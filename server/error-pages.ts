import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, useTranslations } from '../core/i18n/translate.ts';
import { langPrefix, localizedPath, type Lang } from '../core/locales.ts';
import { logger } from '../api/observability/logger.ts';
import { escapeHtml } from '../core/html.ts';

const log = logger('site');

/** The pre-rendered page to use for a status: its own, else the generic 4xx or 5xx page. */
export function errorPageCode(status: number): string {
  const own = String(status);
  if ((ERROR_CODES as readonly string[]).includes(own)) return own;
  return status >= 500 ? '500' : '400';
}

/** The plain page shown when the error page itself cannot be produced. */
export function fallbackErrorHtml(lang: Lang, status: number): string {
  const t = useTranslations(lang);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.errors.fallbackTitle)} (${status})</title></head><body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(t.errors.fallbackTitle)} (${status})</h1><p data-error-fallback>${escapeHtml(t.errors.fallbackBody)}</p><p><a href="${localizedPath(lang, '/')}">${escapeHtml(t.errors.backHome)}</a></p></body></html>`;
}

/**
 * The generic page carries its own code (400 or 500) wherever the code is said: the visible code, the
 * `<title>` and Open Graph title, the description and the screen-reader sentence ("Error 400"), and the
 * `data-status` attribute. Each of those, and only those, gets the real one (418, 451, 504).
 */
export function withRealCode(html: string, generic: string, status: number): string {
  const real = String(status);
  const swap = (fragment: string) => fragment.replace(new RegExp(`\\b${generic}\\b`, 'g'), real);
  return html
    .replace(/<title>[^<]*<\/title>/, swap)
    .replace(/<meta (?:name="description"|property="og:(?:title|description)") content="[^"]*"/g, swap)
    .replace(/data-status="\d{3}"/, `data-status="${real}"`)
    .replace(/(data-error-code[^>]*>\s*)\d{3}(\s*<)/, `$1${real}$2`)
    .replace(
      /(data-error-sr[^>]*>)([^<]*)(<)/,
      (_all, open: string, text: string, close: string) => open + swap(text) + close,
    );
}

/**
 * Read the error page for a status and language from a build's client folder. Statuses without
 * a page of their own reuse the generic page with the real code shown.
 */
export async function renderErrorPage(clientDir: string, status: number, lang: Lang): Promise<string> {
  const code = errorPageCode(status);
  try {
    const file = path.join(clientDir, langPrefix(lang), 'errors', code, 'index.html');
    const html = await readFile(file, 'utf8');
    if (!html.includes('data-error-page')) throw new Error(`not an error page: ${file}`);
    return code === String(status) ? html : withRealCode(html, code, status);
  } catch (error) {
    log.error({ err: error, status }, 'could not render the error page');
    return fallbackErrorHtml(lang, status);
  }
}
