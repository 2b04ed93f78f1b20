import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  freshDatabase,
  root,
  standInBuild,
  startNode,
  type NodeProcess,
} from '../../tests/helpers/node-process.ts';

// Debian's Prometheus, with the scrape configuration kept in the repository (deploy/prometheus.yml;
// only its targets are pointed at this test's node), scrapes a node's metrics listener on loopback,
// and a request-duration series is read back through Prometheus' HTTP API.

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const build = standInBuild();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bbx-prometheus-'));
let node: NodeProcess | null = null;
let prometheus: ChildProcess | null = null;
afterAll(async () => {
  prometheus?.kill('SIGKILL');
  await node?.stop('SIGKILL');
  build.remove();
  rmSync(dir, { recursive: true, force: true });
});

type Vector = { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };

async function query(base: string, promql: string): Promise<Vector['data']['result']> {
  const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as Vector;
  return body.status === 'success' ? body.data.result : [];
}

describe('Prometheus', () => {
  it('scrapes a node with the repository config and serves its request durations back', async () => {
    const metricsPort = await freePort();
    node = await startNode({
      DATABASE_URL: await freshDatabase(),
      MIGRATE_ON_START: '1',
      SITE_BUILD_DIR: build.dir,
      METRICS_PORT: String(metricsPort),
    });
    for (let i = 0; i < 5; i++) await fetch(`${node.base}/api/health`).then((r) => r.arrayBuffer());

    const config = readFileSync(path.join(root, 'deploy', 'prometheus.yml'), 'utf8');
    const targets = /- targets: \[[^\]]*\]/;
    expect(config).toMatch(targets);
    writeFileSync(path.join(dir, 'prometheus.yml'), config.replace(targets, `- targets: ['127.0.0.1:${metricsPort}']`));
    const webPort = await freePort();
    let out = '';
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${webPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    prometheus.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const base = `http://127.0.0.1:${webPort}`;

    const series = 'http_request_duration_seconds_count{job="bobobox",route="/api/health",status="200"}';
    let result: Vector['data']['result'] = [];
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      result = await query(base, series).catch(() => []);
      if (result.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(result, out.slice(-2000)).toHaveLength(1);
    expect(result[0].metric).toMatchObject({ method: 'GET', route: '/api/health', service: 'bobobox' });
    expect(Number(result[0].value[1])).toBeGreaterThanOrEqual(5);
    // The buckets are there for quantiles, and the node's own state beside them.
    expect((await query(base, 'http_request_duration_seconds_bucket{route="/api/health",le="+Inf"}')).length).toBe(1);
    expect((await query(base, 'db_pool_connections{state="in_use"}')).length).toBe(1);
    expect((await query(base, 'up{job="bobobox"}'))[0]?.value[1]).toBe('1');
  });
});
