import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/node-process.ts';
import { startCaddy } from './cluster.ts';
import type { CaddyProc } from './cluster.ts';

// Debian's Caddy on deploy/Caddyfile with one node out (draining: its /api/ready answers 503) and the
// other ready. Every POST, however many arrive at once, must reach the ready node: Caddy 2.6 answers
// a POST that finds "no upstreams available" with a 503 at once (it retries only lb_retry_match's
// methods). Its round_robin policy could get there with a node left (its counter moves on at each try
// of every request, so two requests at once can each try the missing node twice); the fault test
// (two-nodes.ops.test.ts) met it during a SIGTERM restart. The nodes here are stand-ins in this
// process, so only the proxy's choice is under test.

const servers: http.Server[] = [];
let caddy: CaddyProc | null = null;
afterAll(async () => {
  await caddy?.stop('SIGKILL');
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A stand-in node: /api/ready answers `ready`, anything else 200 with the node's name. */
async function standIn(name: string, ready: number): Promise<number> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(req.url === '/api/ready' ? ready : 200, { 'content-type': 'text/plain' });
      res.end(name);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('Caddy with one node out', () => {
  it('sends every POST to the node left, many at once', async () => {
    const draining = await standIn('draining', 503);
    const ready = await standIn('ready', 200);
    // The draining node first: the proxy's first choice is the one that is out.
    const port = await freePort();
    caddy = await startCaddy({ port, adminPort: await freePort(), nodes: [draining, ready] });
    // Two rounds of active health checks (every second): the draining node is known to be out.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const answers: string[] = [];
    for (let round = 0; round < 100; round++) {
      const batch = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`http://127.0.0.1:${port}/api/clients/v1/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'hotelId=1',
          }).then(async (res) => `${res.status} ${await res.text()}`),
        ),
      );
      answers.push(...batch);
    }
    const missed = answers.filter((a) => a !== '200 ready');
    expect(missed, caddy.notes().split('\n').slice(-5).join('\n')).toEqual([]);
    expect(answers).toHaveLength(4_000);
  });
});
