import http from 'node:http';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../api/app.ts';
import type { AppDeps } from '../api/platform/deps.ts';
import { apiErrorHandler, errors, requestLang } from '../api/http/errors.ts';
import type { Database } from '../api/platform/database.ts';
import type { Env } from '../api/platform/env.ts';
import { BuildManager, siteBuildsDir, type BuildOutcome, type SiteBuild } from './build-manager.ts';
import { computeInputHash } from './build-info.ts';
import { createSiteHandler } from './site-handler.ts';
import { decideRoute } from './routing.ts';
import type { JobQueue } from '../api/jobs/queue.ts';
import { startOutboxSender } from '../api/outbox/outbox.sender.ts';
import { backgroundSettled } from '../api/auth/background.ts';
import { startContentSync } from './content-sync.ts';
import { funnel } from '../api/events/events.service.ts';
import { syncPromotionsFromContent } from './promo-sync.ts';
import { syncPlaceAliasesFromContent } from './place-alias-sync.ts';
import { startBackgroundJobs } from './jobs.ts';
import { contentHookRoutes } from './content-hooks/content-hooks.routes.ts';
import { editorCheck } from './content-hooks/editors.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import {
  createRebuildScheduler,
  nextScheduledChange,
  publishEmbargoed,
} from './content-hooks/content-hooks.service.ts';
import { devTools, insurerFor, startGateway, startMail } from './compose.ts';
import { isLocalNodeRequest, productionProblems, refusalMessage } from './modes.ts';
import { guardConnections } from './connection-guard.ts';
import {
  applySecurityHeaders,
  baseSecurityHeaders,
  contentSecurityPolicy,
  framedByStudio,
  isPreviewRequest,
} from './security-headers.ts';
import { trustProxy } from '../api/http/client-address.ts';
import { logger, requestContext } from '../api/observability/logger.ts';
import type { Lifecycle } from '../api/platform/deps.ts';
import { markRoute, recordRoute, requestIdOf, routeOf } from '../api/http/requests.ts';
import { bindMetrics, metricsAllowed, observeRequest, serveMetrics } from '../api/observability/metrics.ts';
import { startStockCache } from '../api/availability/stock-cache.ts';

const log = logger('server');
/**
 * Debug lines, not info: a proxy's health checks (every second or so, and 503 by design while a node
 * starts or drains) and pre-rendered files (the bulk of the traffic, answered from memory; the
 * proxy's access log has them, the metrics count them): a line each would cost more than the answer.
 */
// Refused requests (a client past its requests in flight) are counted by the metrics, not logged one by one.
const QUIET = new Set(['/api/ready', '/api/health', '(static)', '(refused)']);

/** How a node stops (scripts/start.ts reads SHUTDOWN_DELAY_SECONDS and SHUTDOWN_GRACE_SECONDS). */
export interface CloseOptions {
  /** Keep accepting (answering /api/ready with 503) this long, so a proxy's health check sees it go. */
  delayMs?: number;
  /** Then wait at most this long for requests in flight before cutting their connections. */
  graceMs?: number;
}

export interface OneServer {
  server: http.Server;
  /** The development tools' paths mounted (none in production). */
  devPaths: string[];
  builds: BuildManager;
  deps: AppDeps;
  scheduler: ReturnType<typeof createRebuildScheduler>;
  lifecycle: Lifecycle;
  /** Drain and stop: unready at once, then stop accepting, finish requests in flight, hand jobs back. */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * A signed webhook is applied once across every node on the database: its signature is claimed as a
 * row of the shared window table (rate_limits, pruned with it once expired); a replay finds it taken.
 */
async function claimWebhook(database: Database, signature: string, signedAt: Date): Promise<boolean> {
  const { rows } = await database.executeSql(
    `insert into rate_limits (key, window_start, count, expires_at)
     values ($1, $2, 1, now() + interval '15 minutes') on conflict do nothing returning key`,
    [`sanity-webhook:${signature}`, signedAt.toISOString()],
  );
  return rows.length === 1;
}

/**
 * The one process: the Hono API under /api (and developer tools under /dev while their embedded
 * defaults are active), Astro's pre-rendered pages and on-demand routes for everything else.
 */
export async function createOneServer(opts: {
  env: Env;
  database: Database;
  root: string;
  build: SiteBuild;
  now?: () => Date;
  /** Tests inject the site build step and the content schedule. */
  runSiteBuild?: (outDir: string) => Promise<void>;
  nextContentChange?: (now: Date) => Promise<{ at: Date; documentId: string } | null>;
  /** Where content rebuilds go (default DATA_DIR/builds). */
  buildsDir?: string;
  /** How often this node checks the shared content version (default 10 s). */
  contentPollMs?: number;
  /** The first wait before a failed content rebuild is tried again (server/content-sync.ts; 5 s). */
  contentRetryMs?: number;
  /** How long the webhook's answer waits for the rebuild (default 20 s). */
  webhookWaitMs?: number;
}): Promise<OneServer> {
  const { env, database, root } = opts;
  // Production refuses unsafe settings here too, whoever starts the server (scripts/start.ts says why).
  const problems = productionProblems(env);
  if (problems.length) throw new Error(refusalMessage(problems));
  const now = opts.now ?? (() => new Date());
  const builds = new BuildManager({
    root,
    buildsDir: opts.buildsDir ?? siteBuildsDir(env.DATA_DIR, root),
    initial: opts.build,
    build: opts.runSiteBuild,
  });
  // Scheduled content goes live (or comes down) by itself: a timer armed for the next publish or
  // unpublish time rebuilds the site; the Sanity webhook rebuilds on every published change.
  const nextContentChange = opts.nextContentChange ?? ((at: Date) => nextScheduledChange(at));
  // The work of a scheduled change runs once across nodes (a job keyed by the change); each node's
  // timer only asks for it. the queue is started below, before the timer is first armed.
  const started: { jobs?: JobQueue } = {};
  const scheduler = createRebuildScheduler({
    next: nextContentChange,
    now,
    requestRebuild: (reason, change) =>
      started.jobs?.at('content.publish', new Date(), reason, {
        reason,
        documentId: change.documentId,
        kind: change.kind,
      }),
  });
  // The API's advertised promos follow the content the live build shows (server/promo-sync.ts).
  // So do the place names of the place search (server/place-alias-sync.ts).
  const syncPromos = () =>
    Promise.all([
      syncPromotionsFromContent(database).catch((error: unknown) =>
        log.error({ err: error }, 'could not sync the advertised promos from the content'),
      ),
      syncPlaceAliasesFromContent(database).catch((error: unknown) =>
        log.error({ err: error }, 'could not sync the place names from the content'),
      ),
    ]);
  const rebuildAndRearm = (reason: string, version?: number): Promise<BuildOutcome> =>
    builds.rebuild(reason, version).then(async (outcome) => {
      if (outcome.published) await syncPromos();
      await scheduler.arm().catch((error: unknown) => log.error({ err: error }, 'could not arm the content schedule'));
      return outcome;
    });
  // The content sync starts after the API's dependencies (it rebuilds through them); health reads it.
  let sync: { seen(): number } | null = null;
  // Hashing the site's sources walks the whole tree: do it once, not on every health probe.
  const sourcesHash = computeInputHash(root);
  const lifecycle: Lifecycle = { draining: false };
  const deps: AppDeps = {
    lifecycle,
    env,
    database,
    now: opts.now,
    // The build's state for /api/health; the failure's text is for editors only (build status).
    buildInfo: () => {
      const { state, builtAt, contentVersion } = builds.status();
      return {
        present: true,
        stale: builds.current.info.inputHash !== sourcesHash,
        state,
        builtAt,
        contentVersion,
        // The newest shared version this node knows of: above contentVersion while it catches up.
        newestContentVersion: sync?.seen() ?? contentVersion,
      };
    },
  };
  // Stock reads (availability, search) through this node's cache, invalidated by every commit's
  // stock_changed notification (api/availability/README.md); it listens on its own connection.
  const stock = await startStockCache(database);
  // The server decides what the API talks to (Midtrans or the sandbox, a relay or the sink).
  const payments = await startGateway(deps);
  deps.gateway = payments.gateway;
  deps.insurer = insurerFor(deps.env);
  const mail = await startMail(deps);
  deps.mail = mail.mail;
  const sender = await startOutboxSender(deps);
  deps.outbox = sender;
  const content = await startContentSync({
    database,
    retryBaseMs: opts.contentRetryMs,
    rebuild: rebuildAndRearm,
    builtVersion: builds.current.info.contentVersion ?? 0,
    intervalMs: opts.contentPollMs,
    goLive: (documentId) => publishEmbargoed(documentId),
  });
  sync = content;
  const jobs = await startBackgroundJobs({ deps, sender, content });
  started.jobs = jobs;
  const root$ = new Hono();
  // The route template that answered, for the request's log line and metrics (never the raw URL).
  root$.use('*', recordRoute());
  // The content webhook lives under /api with the API (and in its document), ahead of its middleware.
  const hooks = contentHookRoutes({
    secret: env.SANITY_WEBHOOK_SECRET,
    publish: (reason) => content.publish(reason),
    status: () => builds.status(),
    isEditor: editorCheck({ projectId: readContentEnv().projectId }),
    studioOrigins: env.STUDIO_ORIGINS,
    claim: (signature, signedAt) => claimWebhook(database, signature, signedAt),
    previewSecret: () => readContentEnv().previewSecret,
    armSchedule: () => scheduler.arm(),
    funnel: (range) => funnel(deps, range, 'campaign', { perDay: true }),
    waitMs: opts.webhookWaitMs,
    now: opts.now,
  });
  root$.route('/', createApp(deps, { beside: hooks }));
  // Mounted apps keep their own error handler but not their not-found handler: the root needs both.
  root$.onError(apiErrorHandler);
  root$.notFound((c) => c.json(errors.notFound().toJSON(requestLang(c)), 404));
  // The sandbox delivers its notifications to this process directly, not to SITE_URL: the public
  // origin may be a proxy, another port or not resolvable here, and the simulator must work anyway.
  if (payments.sandbox)
    payments.sandbox.notify = async (_url, body) => {
      const res = await root$.request('/api/payments/notifications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
  // Developer tools exist only while their embedded defaults are the active transport/gateway.
  const dev = await devTools(deps, payments.sandbox);
  const devPrefixes = dev?.prefixes ?? [];
  const devRawPrefixes = dev ? [dev.oidc.prefix] : [];
  if (dev) root$.route('/', dev.app);
  const apiListener = getRequestListener(root$.fetch);
  // The pages reach the API in process: the root app's own request(), no socket (site/lib/page-api.ts).
  const siteHandler = createSiteHandler(() => builds.current, {
    faultRoutes: env.TEST_FAULT_ROUTES,
    locals: {
      apiFetch: (input: Request | string, init?: RequestInit) => root$.request(input, init),
      ...(env.MAP_STYLE_URL ? { mapStyleUrl: env.MAP_STYLE_URL } : {}),
    },
  });
  const compress = compression({ threshold: 1024 });

  // Security headers on every answer; the CSP allows the inline scripts of the live build by hash.
  const baseHeaders = baseSecurityHeaders(env);
  const policies = new WeakMap<SiteBuild, string>();
  const cspOf = (build: SiteBuild) => {
    let csp = policies.get(build);
    if (!csp) policies.set(build, (csp = contentSecurityPolicy(build.files.scriptHashes, env)));
    return csp;
  };

  // Metrics (api/observability/metrics.ts) describe this node's database and build.
  bindMetrics({
    database,
    build: () => ({
      builtAt: builds.current.info.builtAt,
      stale: builds.current.info.inputHash !== sourcesHash,
      rebuilding: builds['running'] !== null,
      lastError: builds.lastError,
      contentVersion: builds.current.info.contentVersion ?? 0,
      newestContentVersion: content.seen(),
    }),
  });
  const trust = trustProxy(env.TRUST_PROXY);

  // Every request: an id (a trusted proxy's X-Request-Id, else a new one) echoed in the answer and
  // carried by every log line written for it; one log line and the metrics when it is answered.
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const reqId = requestIdOf(req, trust);
    res.setHeader('x-request-id', reqId);
    // Draining: answers close their connection, so keep-alive clients reconnect to another node.
    if (lifecycle.draining) res.setHeader('connection', 'close');
    const done = () => {
      const route = routeOf(req);
      const seconds = (performance.now() - started) / 1000;
      observeRequest(req.method ?? 'GET', route, res.statusCode, seconds);
      requestContext.run({ reqId }, () =>
        log[QUIET.has(route) ? 'debug' : res.statusCode >= 500 ? 'error' : 'info'](
          {
            method: req.method,
            route,
            status: res.statusCode,
            ms: Math.round(seconds * 10_000) / 10,
            aborted: !res.writableFinished || undefined,
          },
          'request',
        ),
      );
    };
    res.once('close', done);
    const csp = cspOf(builds.current);
    // An editor's preview shows inside the Studio's Preview dialog (its frames): only there.
    const previewing = isPreviewRequest(req.url ?? '/');
    applySecurityHeaders(res, baseHeaders, previewing ? framedByStudio(csp, env.STUDIO_ORIGINS ?? []) : csp);
    // One client's requests in flight on this node are bounded (server/connection-guard.ts).
    if (!guard.admit(req, res)) return markRoute(req, '(refused)');
    requestContext.run({ reqId }, () => handle(req, res));
  });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // The local OpenID provider (development): loopback only, like every development tool.
    if (dev && pathname.startsWith(dev.oidc.prefix)) {
      if (!isLocalNodeRequest(req)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'not_found' }));
        return;
      }
      dev.oidc.handle(req, res).catch((error: unknown) => {
        log.error({ err: error }, 'local OpenID provider error');
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    const toApi =
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      (devPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(prefix)) &&
        decideRoute(pathname).kind === 'continue');
    // /metrics on the site's port only with METRICS_TOKEN (else as unknown as any other path).
    if (pathname === '/metrics' && env.METRICS_TOKEN) {
      void serveMetrics(req, res, metricsAllowed(req.headers.authorization, env.METRICS_TOKEN));
      return;
    }
    // Pre-rendered files answer from memory with their build-time .br/.gz bytes: no middleware.
    if (!toApi && siteHandler.serveFile(req, res)) return markRoute(req, '(static)');
    compress(req as never, res as never, () => {
      if (toApi) {
        void apiListener(req, res);
        return;
      }
      siteHandler.handle(req, res).catch((error: unknown) => {
        log.error({ err: error }, 'unhandled site error');
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  };
  const guard = guardConnections(server, env);

  await syncPromos();
  // A change that fell due while the process was down (the build predates it) rebuilds at once.
  const missed = await nextContentChange(new Date(builds.current.info.builtAt)).catch(() => null);
  if (missed && missed.at.getTime() <= now().getTime())
    void rebuildAndRearm(`scheduled change of ${missed.documentId} since the last build`);
  else await scheduler.arm().catch((error: unknown) => log.error({ err: error }, 'could not arm the content schedule'));

  return {
    server,
    devPaths: dev
      ? [...devPrefixes, ...devRawPrefixes, ...(env.TEST_FIXTURE_ROUTES ? ['/api/dev/fixtures/'] : [])]
      : [],
    builds,
    deps,
    scheduler,
    lifecycle,
    async close({ delayMs = 0, graceMs = 5_000 }: CloseOptions = {}) {
      lifecycle.draining = true;
      scheduler.stop();
      content.stop();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // Stop accepting; idle keep-alive connections close now, busy ones after their answer
      // (Connection: close above), and whatever is still running after graceMs is cut.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        idle.unref();
        server.once('close', () => clearInterval(idle));
        setTimeout(() => server.closeAllConnections(), graceMs).unref();
      });
      // No request reads this process's build any more: other processes may prune it now.
      builds.release();
      // A job still running when the queue's own grace ends is failed back to it (retried by another node).
      await jobs.stop();
      await backgroundSettled();
      await sender.stop();
      await mail.close();
      await payments.close();
      bindMetrics(null);
      await stock.close();
      await database.close();
    },
  };
}
