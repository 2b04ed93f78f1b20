import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { clientOf } from '../db/client.ts';
import type { Database } from '../platform/database.ts';
import { logger } from './logger.ts';

// The node's metrics in Prometheus' text format (prom-client), read by an operator's Prometheus
// (deploy/prometheus.yml), never by the public: on their own port (METRICS_PORT, loopback by
// default) and, when METRICS_TOKEN is set, at /metrics on the site's port with that bearer token.
// Requests are counted and timed per route template and status (never per raw URL); the database,
// job queue, outbox, holds and site build are read when Prometheus scrapes (a few indexed counts).

const log = logger('metrics');

/** One registry per process: the payment notifications and request timings below count into it. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const requests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const durations = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request (to the last byte), by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const notifications = new Counter({
  name: 'payment_notifications_total',
  help: 'Payment notifications received by this node, by result (ok, duplicate, rejected_*, unknown_order, invalid, ...)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** The stock cache (api/availability/stock-cache.ts): reads answered from it, from the database, or past it. */
export const stockCacheReads = new Counter({
  name: 'stock_cache_reads_total',
  help: 'Availability and search reads by result: hit (from the cache), miss (from the database, then kept), bypass (the listener is down)',
  labelNames: ['result'] as const,
  registers: [registry],
});
/** Invalidations of the stock cache, by source: notify (a commit anywhere), local (a write of this node), reset (listener lost or regained). */
export const stockCacheInvalidations = new Counter({
  name: 'stock_cache_invalidations_total',
  help: 'Stock cache invalidations by source: notify (stock_changed from any node), local (this node wrote), reset (listener down or back)',
  labelNames: ['source'] as const,
  registers: [registry],
});

/** Whether this node's stock listener is connected and hearing its heartbeat (1) or not (0: reads go past the cache). */
export const stockCacheListenerUp = new Gauge({
  name: 'stock_cache_listener_up',
  help: 'Whether the stock cache listener is connected and its heartbeat comes back (1), or not (0: every read goes to the database)',
  registers: [registry],
});
/** Seconds since this node last heard its own heartbeat on the stock listener's connection. */
export const stockCacheHeartbeatAge = new Gauge({
  name: 'stock_cache_heartbeat_age_seconds',
  help: 'Seconds since the stock listener last received its own heartbeat notification (PostgreSQL only)',
  registers: [registry],
});

/** Counts one answered request. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  requests.inc(labels);
  durations.observe(labels, seconds);
}

/** Counts one payment notification by the outcome it was recorded with. */
export function countPaymentNotification(result: string): void {
  notifications.inc({ result });
}

/** What the scrape-time gauges read: the node's database and its site build. */
export interface MetricSources {
  database: Database;
  build?: () => {
    builtAt: string | null;
    stale: boolean;
    rebuilding: boolean;
    lastError: string | null;
    /** The shared content version the live build shows, and the newest one this node knows of. */
    contentVersion?: number;
    newestContentVersion?: number;
  };
  /** The pg-boss schema (tests use their own). */
  jobSchema?: string;
}

let sources: MetricSources | null = null;

/** The node whose state the gauges report (the last server composed in this process). */
export function bindMetrics(next: MetricSources | null): void {
  sources = next;
}

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  if (!sources) return [];
  try {
    return (await sources.database.executeSql(sql)).rows;
  } catch (error) {
    log.warn({ err: error }, 'a metrics query failed');
    return [];
  }
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by state (in_use, idle, waiting: callers queued for one); PostgreSQL only',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = sources?.database.kind === 'postgres' ? poolOf(sources.database) : null;
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

function poolOf(database: Database): pg.Pool | null {
  const client = clientOf(database.db);
  return 'totalCount' in client ? client : null;
}

new Gauge({
  name: 'jobs',
  help: 'Jobs on the queue by name and state (created and retry: waiting; active: running; failed: kept failures)',
  labelNames: ['name', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const schema = sources?.jobSchema ?? 'pgboss';
    if (!/^\w+$/.test(schema)) return;
    for (const row of await rows(
      `select name, state::text as state, count(*)::int as n from ${schema}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    ))
      this.set({ name: String(row.name), state: String(row.state) }, Number(row.n));
  },
});

new Gauge({
  name: 'outbox_pending_messages',
  help: 'E-mails and SMS waiting to be delivered',
  registers: [registry],
  async collect() {
    const [row] = await rows(
      "select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age from outbox_messages where status = 'pending'",
    );
    this.set(Number(row?.n ?? 0));
    oldestOutbox.set(row?.age === null || row?.age === undefined ? 0 : Math.max(0, Number(row.age)));
  },
});
const oldestOutbox = new Gauge({
  name: 'outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest e-mail or SMS still waiting (0 when none)',
  registers: [registry],
});

new Gauge({
  name: 'reservation_holds_open',
  help: 'Unpaid reservations holding stock (waiting for payment, not yet expired)',
  registers: [registry],
  async collect() {
    const [row] = await rows(
      'select count(*)::int as n from reservations where hold_is_live(payment_status_id, expired_at, now())',
    );
    this.set(Number(row?.n ?? 0));
  },
});

new Gauge({
  name: 'site_build_age_seconds',
  help: 'Age of the live site build',
  registers: [registry],
  collect() {
    const builtAt = sources?.build?.().builtAt;
    this.set(builtAt ? Math.max(0, (Date.now() - Date.parse(builtAt)) / 1000) : 0);
  },
});
new Gauge({
  name: 'site_build_state',
  help: 'The site build: stale (sources changed since), rebuilding (a build runs), failed (the last rebuild failed); 1 when true',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const build = sources?.build?.();
    this.set({ state: 'stale' }, build?.stale ? 1 : 0);
    this.set({ state: 'rebuilding' }, build?.rebuilding ? 1 : 0);
    this.set({ state: 'failed' }, build?.lastError ? 1 : 0);
  },
});

new Gauge({
  name: 'site_content_version',
  help: 'Shared content versions on this node: served (what its live build shows) and newest (known from the database); they differ while it catches up',
  labelNames: ['which'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const build = sources?.build?.();
    if (build?.contentVersion === undefined) return;
    this.set({ which: 'served' }, build.contentVersion);
    this.set({ which: 'newest' }, build.newestContentVersion ?? build.contentVersion);
  },
});

/** Whether a request may read /metrics on the public port: only with the bearer METRICS_TOKEN. */
export function metricsAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics as Prometheus reads them. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Answers a metrics request: the metrics when `allowed`, else 401 (a bearer token is wanted). */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, allowed: boolean): Promise<void> {
  res.setHeader('cache-control', 'no-store');
  if (!allowed) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' });
    res.end('Unauthorized\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed\n');
    return;
  }
  try {
    const { contentType, body } = await metricsText();
    res.writeHead(200, { 'content-type': contentType });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (error) {
    log.error({ err: error }, 'could not collect the metrics');
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('metrics unavailable\n');
  }
}

/**
 * The metrics' own listener (METRICS_PORT on METRICS_HOST, loopback by default): /metrics to whoever
 * reaches it, so it must not be reachable from the public network; everything else is 404.
 */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/metrics') void serveMetrics(req, res, true);
    else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
