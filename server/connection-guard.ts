import type http from 'node:http';
import type { Socket } from 'node:net';
import { trustProxy } from '../api/http/client-address.ts';

// One client cannot starve the others of connections. Each peer address holds at most
// MAX_CONNECTIONS_PER_CLIENT open sockets on this node (further ones are closed at once); a
// connection must send its headers within HEADERS_TIMEOUT_MS and its whole request within
// REQUEST_TIMEOUT_MS; idle keep-alive sockets close after 5 s. A trusted proxy (TRUST_PROXY) carries
// many guests on its connections, so it is not capped: cap clients at the proxy instead.

export const MAX_CONNECTIONS_PER_CLIENT = 64;
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export function guardConnections(server: http.Server, trustSetting: string, perClient = MAX_CONNECTIONS_PER_CLIENT) {
  const trusted = trustProxy(trustSetting);
  const open = new Map<string, number>();
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? 'unknown';
    if (trusted(peer, 0)) return;
    const count = (open.get(peer) ?? 0) + 1;
    if (count > perClient) {
      socket.destroy();
      return;
    }
    open.set(peer, count);
    socket.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left <= 0) open.delete(peer);
      else open.set(peer, left);
    });
  });
  return { openFrom: (peer: string) => open.get(peer) ?? 0 };
}
