import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseLangFromPath, type Lang } from '../core/locales.ts';
import { renderErrorPage, fallbackErrorHtml } from './error-pages.ts';
import { decideRoute, requestPath, resolveError } from './routing.ts';
import { needsCompression, sendStaticFile } from './static-files.ts';
import type { SiteBuild } from './build-manager.ts';
import { logger } from '../api/observability/logger.ts';

const log = logger('site');

export async function sendErrorPage(
  res: ServerResponse,
  clientDir: string,
  status: number,
  lang: Lang,
  method = 'GET',
): Promise<void> {
  const html = await renderErrorPage(clientDir, status, lang);
  if (res.headersSent) {
    res.end();
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(method === 'HEAD' ? undefined : html);
}

/**
 * The site side of the one server: routing rules, pre-rendered files, Astro's on-demand routes,
 * and the error pages, in that order.
 */
export interface SiteHandlerOptions {
  /**
   * Test-only fault routes (TEST_FAULT_ROUTES=1): /__fault/<status>/ throws an error carrying that
   * status, /__fault/error-page/ makes the error page itself fail. Never enabled by default.
   */
  faultRoutes?: boolean;
  /** Handed to every on-demand render as Astro.locals (the API in process: site/lib/page-api.ts). */
  locals?: object;
}

const FAULT = /^(?:\/id)?\/__fault\/(\d{3}|error-page)\/$/;

export interface SiteHandler {
  /**
   * Answer a request for a pre-rendered file from the build's in-memory index, synchronously and
   * without the compression middleware (its bytes are precompressed). False when the request needs
   * handle(): a redirect, an error, an on-demand route, a file to compress or to stream from disk.
   */
  serveFile(req: IncomingMessage, res: ServerResponse): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function createSiteHandler(getBuild: () => SiteBuild, options: SiteHandlerOptions = {}): SiteHandler {
  function serveFile(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = requestPath(req.url);
    if (decideRoute(url.pathname, url.search).kind !== 'continue') return false;
    if (options.faultRoutes && FAULT.test(url.pathname)) return false;
    const file = getBuild().files.lookup(url.pathname);
    if (!file?.body || needsCompression(req, file)) return false;
    const br = file.br;
    const gz = file.gz;
    if ((br && !br.body) || (gz && !gz.body)) return false;
    void sendStaticFile(req, res, url.pathname, file);
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const build = getBuild();
    const url = requestPath(req.url);
    const decision = decideRoute(url.pathname, url.search);
    if (decision.kind === 'redirect') {
      res.statusCode = decision.status;
      res.setHeader('Location', decision.location);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end();
      return;
    }
    if (decision.kind === 'not-found') {
      await sendErrorPage(res, build.clientDir, 404, decision.lang, req.method);
      return;
    }
    const { lang } = decision;
    try {
      const fault = options.faultRoutes ? FAULT.exec(url.pathname) : null;
      if (fault?.[1] === 'error-page') {
        await sendErrorPage(res, '/nonexistent-build', 500, lang, req.method);
        return;
      }
      if (fault?.[1]) throw Object.assign(new Error('Injected fault'), { statusCode: Number(fault[1]) });
      const file = req.method === 'GET' || req.method === 'HEAD' ? build.files.lookup(url.pathname) : null;
      if (file) {
        await sendStaticFile(req, res, url.pathname, file);
        return;
      }
      // Astro answers its on-demand routes and calls next() for anything it does not know.
      let passed = false;
      let passedError: unknown;
      await build.handler(
        req,
        res,
        (err?: unknown) => {
          passed = true;
          passedError = err;
        },
        options.locals,
      );
      if (passedError) throw passedError;
      if (passed) await sendErrorPage(res, build.clientDir, 404, lang, req.method);
    } catch (error) {
      const { status } = resolveError(error);
      log.error({ err: error, method: req.method, path: url.pathname }, 'page failed');
      if (res.headersSent) {
        res.end();
        return;
      }
      try {
        await sendErrorPage(res, build.clientDir, status, parseLangFromPath(url.pathname).lang, req.method);
      } catch {
        res.statusCode = status;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(fallbackErrorHtml(lang, status));
      }
    }
  }

  return { serveFile, handle };
}
