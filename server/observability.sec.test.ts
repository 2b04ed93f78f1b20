import { afterAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../api/observability/metrics.ts';
import { startOneServer } from '../tests/helpers/one-server.ts';
import type { OneServer } from './server.ts';

// Security tier: the metrics are the operator's, never the public's. On the site's port /metrics
// does not exist unless METRICS_TOKEN is set, and then only with that bearer token; the metrics'
// own listener binds loopback. A request id is the node's own unless a trusted proxy hands one over.

const TOKEN = 'a-metrics-token-of-more-than-32-characters';

const running: OneServer[] = [];
afterAll(async () => {
  for (const one of running) await one.close();
});

describe('/metrics', () => {
  it('is refused to an anonymous public request (no such page without METRICS_TOKEN)', async () => {
    const { one, base } = await startOneServer({});
    running.push(one);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
  });

  it('with METRICS_TOKEN answers only that bearer token, with series per route template', async () => {
    const { one, base } = await startOneServer({ METRICS_TOKEN: TOKEN });
    running.push(one);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const refused = await fetch(`${base}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('http_requests_total');
    }
    // Two orders on a route with parameters: one route template; an unknown path: no path at all.
    for (const order of ['ORDER-123456789', 'ORDER-987654321'])
      await fetch(`${base}/dev/payment-simulator/${order}/settle/`, { method: 'POST' }).then((r) => r.arrayBuffer());
    await fetch(`${base}/api/nowhere-555555555`).then((r) => r.arrayBuffer());
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('route="/dev/payment-simulator/:orderId/:action/"');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\(unmatched\)",status="404"\} [1-9]/,
    );
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('555555555');
    for (const series of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'outbox_pending_messages',
      'outbox_oldest_pending_age_seconds',
      'reservation_holds_open',
      'site_build_age_seconds',
      'site_build_state{state="stale"}',
      'site_content_version{which="served"}',
      'site_content_version{which="newest"}',
      'jobs{',
    ])
      expect(text, series).toContain(series);
  });

  it('has its own listener on loopback (METRICS_PORT), where it answers', async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const { address, port } = server.address() as { address: string; port: number };
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the request id', () => {
  it('is generated per request and echoed; a client cannot choose it', async () => {
    const { one, base } = await startOneServer({});
    running.push(one);
    const a = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
    const b = await fetch(`${base}/api/health`);
    const idA = a.headers.get('x-request-id');
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(idA);
  });

  it("is the trusted proxy's X-Request-Id when TRUST_PROXY names it (well-formed ids only)", async () => {
    const { one, base } = await startOneServer({ TRUST_PROXY: 'loopback' });
    running.push(one);
    const given = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'proxy-7f3a9c' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-7f3a9c');
    const odd = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'two words\tand a tab' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
