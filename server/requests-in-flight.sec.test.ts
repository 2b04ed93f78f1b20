import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOneServer } from '../tests/helpers/one-server.ts';
import { MAX_REQUESTS_IN_FLIGHT_PER_CLIENT } from './connection-guard.ts';
import type { OneServer } from './server.ts';

// Security tier (issue 26, item 3): behind a trusted proxy every guest arrives on the proxy's
// connections, so the node counts requests per forwarded client (the address X-Forwarded-For names,
// IPv6 by its /64). A client trickling request bodies holds at most MAX_REQUESTS_IN_FLIGHT_PER_CLIENT
// requests of this node; the next is refused at once (429, in the client's language) and another
// client, forwarded by the same proxy, is served. The real proxy drill is
// tests/ops/slow-clients.ops.test.ts.

let one: OneServer;
let port: number;
const sockets: net.Socket[] = [];
beforeAll(async () => {
  const started = await startOneServer({ NODE_ENV: 'development', TRUST_PROXY: 'loopback' });
  one = started.one;
  port = Number(new URL(started.base).port);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await one.close();
});

/** A request through "the proxy" (a loopback peer) for `client`; the body is announced, never sent. */
function trickle(client: string, lang = 'en') {
  return new Promise<{ socket: net.Socket; answer: () => string }>((resolve) => {
    let answer = '';
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.write(
        `POST /api/events HTTP/1.1\r\nHost: bobobox.test\r\nX-Forwarded-For: ${client}\r\nAccept-Language: ${lang}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 9000\r\n\r\n{"a":`,
      );
      resolve({ socket: s, answer: () => answer });
    });
    s.on('data', (d: Buffer) => (answer += d.toString()));
    s.on('error', () => undefined);
    sockets.push(s);
  });
}

/** A GET with a raw request target, as a client may send it; the answer's text. */
function rawGet(target: string, client: string) {
  return new Promise<string>((resolve) => {
    let answer = '';
    const s = net.connect({ host: '127.0.0.1', port }, () =>
      s.write(
        `GET ${target} HTTP/1.1\r\nHost: bobobox.test\r\nX-Forwarded-For: ${client}\r\nConnection: close\r\n\r\n`,
      ),
    );
    s.on('data', (d: Buffer) => (answer += d.toString()));
    s.on('close', () => resolve(answer));
    s.on('error', () => resolve(answer));
  });
}

async function get(client: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-forwarded-for': client } });
  return res.status;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('requests in flight per forwarded client', () => {
  it('a client trickling bodies holds at most the limit; the next is refused at once, another client is served', async () => {
    const held = [];
    for (let i = 0; i < MAX_REQUESTS_IN_FLIGHT_PER_CLIENT; i++) held.push(await trickle('203.0.113.9'));
    await settle();
    expect(held.every((h) => h.answer() === '')).toBe(true);

    const over = await trickle('203.0.113.9', 'id');
    await settle();
    expect(over.answer()).toMatch(/^HTTP\/1\.1 429/);
    expect(over.answer()).toContain('"code":"too_many_requests"');
    expect(over.answer()).toContain('Masih banyak permintaan kamu');
    expect(over.answer().toLowerCase()).toContain('retry-after: 1');
    // Even a quick GET from that client waits for one of its own to finish...
    expect(await get('203.0.113.9')).toBe(429);
    // ...while another client behind the same proxy is served.
    expect(await get('203.0.113.10')).toBe(200);

    // Any request target is answered, even one a URL parser refuses.
    for (const target of ['//', '///x?lang=id', 'http://x:99999/']) {
      const odd = await rawGet(target, '203.0.113.9');
      expect(odd, target).toMatch(/^HTTP\/1\.1 429/);
    }
    // A held request that ends (its client gave up) frees its slot.
    held[0]!.socket.destroy();
    await settle();
    expect(await get('203.0.113.9')).toBe(200);
  });

  it('addresses of one IPv6 /64 share their slots; another /64 does not', async () => {
    for (let i = 0; i < MAX_REQUESTS_IN_FLIGHT_PER_CLIENT; i++) await trickle(`2001:db8:1:2::${(i + 1).toString(16)}`);
    await settle();
    expect(await get('2001:db8:1:2:ffff::1')).toBe(429);
    expect(await get('2001:db8:1:3::1')).toBe(200);
  });
});
