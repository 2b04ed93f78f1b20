import type { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database, Db } from '../platform/database.ts';
import { clientOf } from '../db/client.ts';
import { statementRows } from '../db/query.ts';
import type { Statement } from '../db/query.ts';
import { logger } from '../observability/logger.ts';
import {
  stockCacheHeartbeatAge,
  stockCacheInvalidations,
  stockCacheListenerUp,
  stockCacheReads,
} from '../observability/metrics.ts';

// The node's cache of stock-and-rates reads (availability calendar, maximum stay, search), invalidated
// by the change itself: every statement that writes what these reads read notifies `stock_changed`
// with the hotel's id (or '*') in its own transaction (migration 0015_stock_notify), and every node
// LISTENs on a dedicated connection. See README.md in this folder for the guarantee and its window.

export const STOCK_CHANNEL = 'stock_changed';
/** Each node's listener notifies itself here, on its own connection, to prove the connection carries notifications. */
export const HEARTBEAT_CHANNEL = 'stock_heartbeat';
/**
 * The staleness bound (api/availability/README.md): a listener sends its heartbeat every
 * HEARTBEAT_MS; one that has not heard its own for STALE_AFTER_MS is taken as lost, so the node
 * reads the database until a new connection listens and hears it. A TCP connection that stops
 * carrying anything without closing (a NAT or firewall timeout, a proxy in transaction pooling that
 * never delivers notifications) is therefore noticed within STALE_AFTER_MS plus one tick.
 */
export const HEARTBEAT_MS = 1000;
export const STALE_AFTER_MS = 5000;
/** The backstop: no answer is served older than this, whatever the listener says. */
export const MAX_ENTRY_AGE_MS = 60_000;
const log = logger('stock-cache');

const hits = stockCacheReads.labels('hit');
const misses = stockCacheReads.labels('miss');
const bypasses = stockCacheReads.labels('bypass');
const byNotify = stockCacheInvalidations.labels('notify');
const byLocal = stockCacheInvalidations.labels('local');
const byReset = stockCacheInvalidations.labels('reset');

type Entry = { value: unknown; seq: number };

/**
 * Answers keyed by statement name and parameters, per hotel. Each hotel has a version: the value of a
 * node-wide sequence at its last invalidation ('*' versions every hotel at once). A read notes the
 * sequence BEFORE it queries and keeps its answer only if no invalidation of its hotel came in
 * meanwhile; an entry is served only while its hotel has not been invalidated since it was read. So
 * an answer read before a change, arriving after the change's notification, is never kept, and one
 * kept just before the notification is dropped by it. Nothing is served while the listener is down.
 */
export class StockCache {
  readonly #entries: LRUCache<string, Entry>;
  /** Loads in flight: a read of the same key and still-valid version joins one instead of querying again. */
  readonly #loading = new Map<string, { seq: number; promise: Promise<unknown> }>();
  #seq = 0;
  readonly #hotelChanged = new Map<number, number>();
  #allChanged = 0;
  #live = false;
  /** Notifications received per payload (tests wait on it). */
  readonly received = new Map<string, number>();

  constructor(max = 4096, maxAgeMs = MAX_ENTRY_AGE_MS) {
    this.#entries = new LRUCache<string, Entry>({ max, ttl: maxAgeMs });
  }

  /** True while the listener is connected: only then does the cache serve or keep anything. */
  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#entries.size;
  }

  #valid(hotelId: number, seq: number): boolean {
    return this.#allChanged <= seq && (this.#hotelChanged.get(hotelId) ?? 0) <= seq;
  }

  /**
   * `shape(rows of statement(params))`, from the cache when this hotel has not changed since it was
   * read. The shaped value is shared by every caller that hits it: callers must not mutate it.
   */
  async read<T>(
    db: Db,
    hotelId: number,
    statement: Statement,
    params: readonly (string | number)[],
    shape: (rows: unknown[]) => T,
  ): Promise<T> {
    if (!this.#live) {
      bypasses.inc();
      return shape(await statementRows(db, statement, params as unknown[]));
    }
    const key = `${statement.name}\u0000${params.join('\u0001')}`;
    const hit = this.#entries.get(key);
    if (hit !== undefined && this.#valid(hotelId, hit.seq)) {
      hits.inc();
      return hit.value as T;
    }
    const loading = this.#loading.get(key);
    if (loading !== undefined && this.#valid(hotelId, loading.seq)) {
      hits.inc();
      return loading.promise as Promise<T>;
    }
    misses.inc();
    const seq = this.#seq;
    const promise = statementRows(db, statement, params as unknown[]).then(shape);
    this.#loading.set(key, { seq, promise });
    try {
      const value = await promise;
      if (this.#live && this.#valid(hotelId, seq)) this.#entries.set(key, { value, seq });
      return value;
    } finally {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    }
  }

  /** A hotel's stock (or every hotel's, '*') changed: nothing read before now is served again. */
  invalidate(hotel: number | '*', source: 'notify' | 'local' | 'reset' = 'local'): void {
    this.#seq++;
    if (hotel === '*') {
      this.#allChanged = this.#seq;
      this.#entries.clear();
      this.#loading.clear();
    } else this.#hotelChanged.set(hotel, this.#seq);
    (source === 'notify' ? byNotify : source === 'reset' ? byReset : byLocal).inc();
  }

  /** A `stock_changed` notification: its payload is a hotel id or '*'. */
  notified(payload: string): void {
    this.received.set(payload, (this.received.get(payload) ?? 0) + 1);
    const id = Number(payload);
    this.invalidate(payload !== '' && Number.isInteger(id) ? id : '*', 'notify');
  }

  /** The listener connected (true) or was lost (false): either way what was kept may have missed a change. */
  setLive(live: boolean): void {
    this.invalidate('*', 'reset');
    this.#live = live;
    stockCacheListenerUp.set(live ? 1 : 0);
  }
}

/** The cache of a database handle, when the node started one (tests and tools without one read directly). */
const caches = new WeakMap<object, StockCache>();

/** `shape(rows)` of a stock read of `hotelId`, through the node's stock cache when it has one. */
export function readStock<T>(
  db: Db,
  hotelId: number,
  statement: Statement,
  params: readonly (string | number)[],
  shape: (rows: unknown[]) => T,
): Promise<T> {
  const cache = caches.get(db);
  if (cache) return cache.read(db, hotelId, statement, params, shape);
  return statementRows(db, statement, params as unknown[]).then(shape);
}

/**
 * This node committed a stock change of `hotel` ('*': unknown or several): its next read must not
 * serve the old answer even before the notification comes back. Call it after the commit.
 */
export function stockChanged(db: Db, hotel: number | '*'): void {
  caches.get(db)?.invalidate(hotel, 'local');
}

export interface StockListener {
  cache: StockCache;
  /** Stop listening and forget every answer (the node is shutting down). */
  close(): Promise<void>;
  /** The PostgreSQL backend pid of the listening connection (null on PGlite or while down); tests. */
  backendPid(): number | null;
}

/**
 * Start this node's stock cache on `database`: LISTEN on a dedicated connection (a pg.Client outside
 * the pool on PostgreSQL; the instance itself on PGlite). The cache serves once LISTEN is in place;
 * when the connection drops it empties itself and reads go to the database until a new connection
 * listens (retried every `retryMs`), when it empties itself again (notifications may have been missed).
 */
export async function startStockCache(
  database: Database,
  opts: {
    max?: number;
    retryMs?: number;
    /** Where the listener connects, when not where the pool does (a test puts a TCP proxy there). */
    listenVia?: { host: string; port: number };
  } = {},
): Promise<StockListener> {
  const cache = new StockCache(opts.max);
  const db = database.db;
  caches.set(db, cache);
  if (database.kind === 'pglite') {
    const client = clientOf(db) as PGlite;
    const unlisten = await client.listen(STOCK_CHANNEL, (payload) => cache.notified(payload));
    cache.setLive(true);
    return {
      cache,
      backendPid: () => null,
      async close() {
        cache.setLive(false);
        caches.delete(db);
        await unlisten().catch(() => undefined);
      },
    };
  }

  const poolOptions = (clientOf(db) as pg.Pool).options;
  // The connection string names the server; a listenVia host and port take its place.
  const via = (connectionString: string | undefined) => {
    if (!connectionString || !opts.listenVia) return connectionString;
    const u = new URL(connectionString);
    u.hostname = opts.listenVia.host;
    u.port = String(opts.listenVia.port);
    return u.toString();
  };
  const retryMs = opts.retryMs ?? 1000;
  let closed = false;
  let current: pg.Client | null = null;
  let pid: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Heartbeat: this listener's own token, and when it last came back as a notification.
  const token = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let heardAt = 0;

  const lost = (client: pg.Client, error?: unknown) => {
    if (current !== client) return;
    current = null;
    pid = null;
    cache.setLive(false);
    // A stalled connection may never answer a goodbye: drop its socket too.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    client.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error }, 'stock listener lost: reading past the cache until it reconnects');
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
  };
  const connect = async () => {
    timer = null;
    if (closed) return;
    const client = new pg.Client({
      ...poolOptions,
      connectionString: via(poolOptions.connectionString),
      // TCP keepalive: the kernel notices a dead peer even when nothing is sent.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    client.on('notification', (m) => {
      if (m.channel === STOCK_CHANNEL) cache.notified(m.payload ?? '*');
      else if (m.channel === HEARTBEAT_CHANNEL && m.payload === token) heardAt = Date.now();
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    heardAt = 0;
    try {
      await client.connect();
      await client.query(`LISTEN ${STOCK_CHANNEL}; LISTEN ${HEARTBEAT_CHANNEL}`);
      // Live once the connection has carried a notification back: its first heartbeat.
      await client.query('select pg_notify($1, $2)', [HEARTBEAT_CHANNEL, token]);
      const deadline = Date.now() + STALE_AFTER_MS;
      while (heardAt === 0 && Date.now() < deadline && current === client)
        await new Promise((resolve) => setTimeout(resolve, 10));
      if (current !== client) return;
      if (heardAt === 0) throw new Error('the listener never heard its own heartbeat');
      pid = (client as unknown as { processID: number | null }).processID ?? null;
      stockCacheHeartbeatAge.set((Date.now() - heardAt) / 1000);
      cache.setLive(true);
    } catch (error) {
      lost(client, error);
    }
  };
  // Every HEARTBEAT_MS: send the next heartbeat on the listener's own connection (never the pool),
  // and give the connection up when the last one came back more than STALE_AFTER_MS ago.
  const beat = setInterval(() => {
    const client = current;
    if (!client || !cache.live) return;
    const age = Date.now() - heardAt;
    stockCacheHeartbeatAge.set(age / 1000);
    if (age > STALE_AFTER_MS) {
      lost(client, new Error(`no heartbeat for ${age} ms`));
      return;
    }
    client.query('select pg_notify($1, $2)', [HEARTBEAT_CHANNEL, token]).catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  await connect();
  return {
    cache,
    backendPid: () => pid,
    async close() {
      closed = true;
      clearInterval(beat);
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      cache.setLive(false);
      caches.delete(db);
      await client?.end().catch(() => undefined);
    },
  };
}
