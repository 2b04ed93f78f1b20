import http from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { committedMigrations } from '../api/db/migrate.ts';
import {
  freshDatabase,
  runOps,
  standInBuild,
  startNode,
  waitFor,
  type NodeProcess,
} from '../tests/helpers/node-process.ts';

// Readiness, drain and once-per-deployment migrations, on real nodes (scripts/start.ts) and a real
// PostgreSQL (npm run test:ops): what a proxy and an operator see of a node starting and stopping.

const build = standInBuild();
const started: NodeProcess[] = [];
afterAll(async () => {
  for (const node of started) await node.stop('SIGKILL');
  build.remove();
});

async function ready(node: NodeProcess) {
  const res = await fetch(`${node.base}/api/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, boolean> } };
}

/** A POST whose body arrives in two parts: in flight from its headers until `finish()` sends the rest. */
function slowRequest(base: string) {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'bobobox-web' }).toString();
  const slow = {
    finish: (): void => undefined,
    answer: undefined as unknown as Promise<{ status: number; text: string }>,
  };
  slow.answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${base}/api/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        'x-api-key': 'dev-only-web-api-key',
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    slow.finish = () => req.end(body.slice(10));
  });
  return slow;
}

describe('a node on PostgreSQL', () => {
  it('is unready until `ops migrate` ran (two at once apply each migration once), then ready', async () => {
    const url = await freshDatabase();
    // A node that does not migrate itself (production's default), on an empty database.
    const node = await startNode(
      { DATABASE_URL: url, SITE_BUILD_DIR: build.dir, MIGRATE_ON_START: '0' },
      { ready: false },
    );
    started.push(node);
    // The starting port answers, unready, naming the missing check.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await ready(node);
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ status: 'unready', checks: { migrations: false, draining: false } });
    expect((await fetch(`${node.base}/api/health`)).status).toBe(503);

    const [a, b] = await Promise.all([
      runOps(['migrate'], { DATABASE_URL: url }),
      runOps(['migrate'], { DATABASE_URL: url }),
    ]);
    expect([a.code, b.code], `${a.out}\n${b.out}`).toEqual([0, 0]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(rows[0]).toEqual({ n: committedMigrations().length, distinct: committedMigrations().length });
    // One run applied them all, the other found the database current.
    expect(
      [a.out, b.out].filter((out) => out.includes(`applied ${committedMigrations().length} migration`)),
    ).toHaveLength(1);
    expect([a.out, b.out].filter((out) => out.includes('the database is current'))).toHaveLength(1);

    await waitFor(`${node.base}/api/ready`, { status: 200, timeoutMs: 30_000 });
    expect((await ready(node)).body).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, build: true, draining: false },
    });
    expect(await node.stop()).toBe(0);
  });

  it('on SIGTERM turns unready at once, finishes the request in flight, stops accepting and exits 0', async () => {
    const url = await freshDatabase();
    const node = await startNode({
      DATABASE_URL: url,
      SITE_BUILD_DIR: build.dir,
      MIGRATE_ON_START: '1',
      SHUTDOWN_DELAY_SECONDS: '1.5',
      SHUTDOWN_GRACE_SECONDS: '10',
    });
    started.push(node);
    const inFlight = slowRequest(node.base);
    await new Promise((resolve) => setTimeout(resolve, 300));
    node.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Unready from the moment SIGTERM arrived (while the delay keeps the port open for the probe).
    const draining = await ready(node);
    expect(draining.status).toBe(503);
    expect(draining.body.checks.draining).toBe(true);
    // Past the delay the node no longer accepts connections, while the request in flight still waits.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    await expect(fetch(`${node.base}/api/health`)).rejects.toThrow();
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('access_token');
    expect(await node.exited).toBe(0);
    // The drain was logged, as JSON lines.
    const messages = node.logs().map((line) => line.msg);
    expect(messages).toContain('stopped');
  });
});
