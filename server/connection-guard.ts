import type http from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressOf, trustProxy } from '../api/http/client-address.ts';
import { langOf } from '../api/http/errors.ts';
import { msg } from '../api/http/messages.ts';
import { addressKey } from '../api/rate-limit/address-key.ts';

// One client cannot starve the others of this node. A client is counted by its network, as every
// per-address limit is (api/rate-limit/address-key.ts: IPv4 by address, IPv6 by its /64):
//
// - Connections: a client connecting straight to the node holds at most MAX_CONNECTIONS_PER_CLIENT
//   open sockets (further ones are closed at once). A trusted proxy (TRUST_PROXY) carries many
//   guests on its pooled connections, so its sockets are not counted; its clients are counted by
//   their requests instead, and the proxy bounds their connections (deploy/Caddyfile).
// - Requests: a client, direct or forwarded (the address X-Forwarded-For names through trusted
//   hops), has at most MAX_REQUESTS_IN_FLIGHT_PER_CLIENT requests in progress on this node; one more
//   is answered 429 (Retry-After: 1) before anything reads its body. A request stays in flight until
//   its answer is sent or its connection closes, so 2,000 trickled bodies through the proxy hold 32
//   of this node's request slots, not 2,000.
// - Time: a connection must send its headers within HEADERS_TIMEOUT_MS and its whole request within
//   REQUEST_TIMEOUT_MS; idle keep-alive sockets close after KEEP_ALIVE_TIMEOUT_MS, longer than any
//   client keeps one to reuse (Caddy's upstream keepalive is 30 s, deploy/Caddyfile; Node's agents
//   about 5 s): a node closing a socket as its client sends on it answers that request with a reset,
//   and a POST is not retried (CI saw Playwright's token calls reset by the 5 s it was).
//
// These are this node's own resources (sockets, open requests), so the counts live in this process;
// quotas that must hold across nodes (sign-ups, codes, guesses) are counted in PostgreSQL.
//
// Many Indonesian mobile guests share one carrier-grade NAT address: a request in flight lasts
// milliseconds, so 32 at once is some thousands of requests a second from one address per node,
// and a phone's slow ID-card upload holds one slot while it lasts.

export const MAX_CONNECTIONS_PER_CLIENT = 64;
export const MAX_REQUESTS_IN_FLIGHT_PER_CLIENT = 32;
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface GuardSettings {
  TRUST_PROXY: string;
  RATE_LIMIT_IPV6_PREFIX: number;
}

export function guardConnections(
  server: http.Server,
  settings: GuardSettings,
  limits = { connections: MAX_CONNECTIONS_PER_CLIENT, inFlight: MAX_REQUESTS_IN_FLIGHT_PER_CLIENT },
) {
  const trusted = trustProxy(settings.TRUST_PROXY);
  const keyOf = (address: string) => addressKey(address, settings.RATE_LIMIT_IPV6_PREFIX);
  const open = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const release = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left <= 0) counts.delete(key);
    else counts.set(key, left);
  };
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? 'unknown';
    if (trusted(peer, 0)) return;
    const key = keyOf(peer);
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.connections) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => release(open, key));
  });
  return {
    openFrom: (peer: string) => open.get(keyOf(peer)) ?? 0,
    inFlightFrom: (client: string) => inFlight.get(keyOf(client)) ?? 0,
    /**
     * Count a request against its client; false when the client already has the limit in flight,
     * and then the request has been answered (429, in the client's language, the API's one error
     * shape) without its body being read.
     */
    admit(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      const key = keyOf(clientAddressOf(req, trusted));
      const count = (inFlight.get(key) ?? 0) + 1;
      if (count > limits.inFlight) {
        // The raw target, split by hand: `new URL` throws on targets a client may send ("//").
        const target = req.url ?? '/';
        const query = target.indexOf('?');
        const pathname = query < 0 ? target : target.slice(0, query);
        const params = new URLSearchParams(query < 0 ? '' : target.slice(query + 1));
        const lang = pathname.startsWith('/id/') ? 'id' : langOf(params.get('lang'), req.headers['accept-language']);
        // The connection stays open: Node discards the unread body as it comes. Closing it mid-body
        // would reset a proxy still forwarding that body, which then takes the node for a dead one
        // (Caddy's passive health check) and answers other guests 502 or 503.
        res.writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': '1',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify({ code: 'too_many_requests', message: msg('http.tooManyInFlight')[lang] }));
        return false;
      }
      inFlight.set(key, count);
      res.once('close', () => release(inFlight, key));
      return true;
    },
  };
}
