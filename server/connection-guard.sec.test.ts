import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneServer } from '../tests/helpers/one-server.ts';
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_CONNECTIONS_PER_CLIENT,
  REQUEST_TIMEOUT_MS,
} from './connection-guard.ts';
import type { OneServer } from './server.ts';

// Security tier (rate limits that protect): idle connections from one address cannot starve other
// guests. 300 idle sockets from 127.0.0.1 (a client of its own: no proxy is trusted here) leave a
// guest on 127.0.0.2 (another loopback address, another client) served at once, and the server
// keeps at most MAX_CONNECTIONS_PER_CLIENT of the attacker's sockets.

let one: OneServer;
let port: number;
const sockets: net.Socket[] = [];
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development' });
  one = started.one;
  port = Number(new URL(started.base).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await one.close();
});

const connect = (localAddress: string) =>
  new Promise<net.Socket>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress });
    s.on('error', () => undefined);
    s.once('connect', () => resolve(s));
    s.once('close', () => resolve(s));
  });

describe('connections per client', () => {
  it('300 idle sockets from one address do not keep another guest out', async () => {
    for (let i = 0; i < 300; i++) sockets.push(await connect('127.0.0.1'));
    // Give the server a moment to close the sockets past the cap.
    await new Promise((r) => setTimeout(r, 300));
    const alive = sockets.filter((s) => !s.destroyed && s.readyState === 'open');
    expect(alive.length).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_CLIENT);
    const guest = await new Promise<number>((resolve, reject) => {
      const s = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () =>
        s.write('GET /api/health HTTP/1.1\r\nHost: bobobox.test\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      s.on('data', (d) => (text += d));
      s.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
      s.on('error', reject);
    });
    expect(guest).toBe(200);
  });

  it('a request must send its headers within 10 s and finish within 30 s (slow clients do not hold sockets)', () => {
    expect(one.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(one.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it("keeps an idle connection open longer than Caddy keeps it to reuse, so a reused socket is never the node's closing one", () => {
    const caddy = readFileSync(path.join(import.meta.dirname, '..', 'deploy', 'Caddyfile'), 'utf8');
    const upstream = /transport http \{[^}]*keepalive (\d+)s/.exec(caddy);
    expect(upstream, 'the Caddyfile names its upstream keepalive').not.toBeNull();
    expect(one.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(Number(upstream![1]) * 1000);
  });
});
