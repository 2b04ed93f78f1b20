import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { EMBEDDED_SECRETS, loadEnv } from '../api/platform/env.ts';
import { freshPgDatabase } from '../tests/helpers/pg-nodes.ts';
import { loadBuild } from './build-manager.ts';
import { createOneServer, type OneServer } from './server.ts';

// Two nodes on one PostgreSQL, each with its own builds: a publish that reaches one of them (the
// webhook hits a single node) is served by the other within its poll, and the same delivery replayed
// to the other node is refused.

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required: run through `npm run test:pg`');

let published = 'initial';
function fakeBuild(dir: string, text: string) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'index.html'), `<h1>${text}</h1>`);
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
  );
}

const nodes: OneServer[] = [];
afterAll(async () => {
  for (const one of nodes) await one.close();
});

/** Nodes whose next rebuild fails once (a transient failure: a killed build, a full disk for a moment). */
const failNext = new Set<string>();
const failed: string[] = [];

async function node(name: string) {
  const env = loadEnv({ DATABASE_URL: url!, DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
  const database = await openDatabase(env);
  const root = mkdtempSync(path.join(os.tmpdir(), `pg-node-${name}-`));
  fakeBuild(path.join(root, 'dist'), published);
  const one = await createOneServer({
    env,
    database,
    root,
    build: await loadBuild(path.join(root, 'dist')),
    // The content each node's build reads: the same published source for every node.
    runSiteBuild: async (outDir) => {
      if (failNext.delete(name)) {
        failed.push(name);
        throw new Error('the build was killed');
      }
      fakeBuild(outDir, published);
    },
    nextContentChange: async () => null,
    contentPollMs: 500,
  });
  nodes.push(one);
  await new Promise<void>((r) => one.server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`;
}

describe('publishing across two nodes on PostgreSQL', () => {
  it('the node the webhook did not reach serves the publish within its poll, a replay to it is refused, and a node whose rebuild failed catches up alone', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const setup = await freshPgDatabase(url!);
    await migrate(setup);
    await setup.close();
    const a = await node('a');
    const b = await node('b');
    expect(await (await fetch(`${b}/`)).text()).toContain('initial');

    published = 'spring promo';
    const body = JSON.stringify({ _id: 'promo-spring', _type: 'promo' });
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), EMBEDDED_SECRETS.SANITY_WEBHOOK_SECRET),
    };
    const answer = await fetch(`${a}/api/hooks/sanity`, { method: 'POST', body, headers });
    expect(await answer.json()).toMatchObject({ version: 1, published: true });
    expect(await (await fetch(`${a}/`)).text()).toContain('spring promo');
    const started = Date.now();
    await expect
      .poll(async () => (await fetch(`${b}/`)).text(), { timeout: 10_000, interval: 200 })
      .toContain('spring promo');
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await (await fetch(`${b}/api/site/build-status`)).json()).toMatchObject({ contentVersion: 1 });

    // The recorded delivery, replayed to the other node: refused there too.
    const replay = await fetch(`${b}/api/hooks/sanity`, { method: 'POST', body, headers });
    expect(replay.status).toBe(401);
    expect(await (await fetch(`${a}/api/site/build-status`)).json()).toMatchObject({ contentVersion: 1 });

    // A node's rebuild of the next version fails once: it serves that version within a minute
    // anyway, by its own retry, with no other publish.
    failNext.add('b');
    published = 'summer promo';
    const next = JSON.stringify({ _id: 'promo-summer', _type: 'promo' });
    const signed = await encodeSignatureHeader(next, Date.now(), EMBEDDED_SECRETS.SANITY_WEBHOOK_SECRET);
    const second = await fetch(`${a}/api/hooks/sanity`, {
      method: 'POST',
      body: next,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signed },
    });
    expect(await second.json()).toMatchObject({ version: 2, published: true });
    await expect.poll(() => failed, { timeout: 10_000 }).toEqual(['b']);
    // Behind for now, and it says so (health names both versions).
    const behind = (await (await fetch(`${b}/api/health`)).json()).build;
    expect(behind).toMatchObject({ newestContentVersion: 2 });
    const retryStarted = Date.now();
    await expect
      .poll(async () => (await fetch(`${b}/`)).text(), { timeout: 60_000, interval: 500 })
      .toContain('summer promo');
    expect(Date.now() - retryStarted).toBeLessThan(60_000);
    expect((await (await fetch(`${b}/api/health`)).json()).build).toMatchObject({
      contentVersion: 2,
      newestContentVersion: 2,
    });
    expect(failed).toEqual(['b']);
    vi.restoreAllMocks();
  }, 90_000);
});
