import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { EMBEDDED_SECRETS, loadEnv } from '../api/platform/env.ts';
import { readContentEnv } from '../site/lib/content/content-env.ts';
import { bundledSource, parseNdjson } from '../site/lib/content/content-source.ts';
import { createContent } from '../site/lib/content/content.ts';
import { failureFromOutput, listBuilds, loadBuild, newestGoodBuild, siteBuildsDir } from './build-manager.ts';
import { createOneServer, type OneServer } from './server.ts';

// Publishing tells the truth and never goes backwards. The site build is a stand-in that reads the
// real content module over a dataset file this test edits (as an editor publishing in the Studio
// would), so a broken document fails it exactly as it fails `astro build`: with the document and field.

const here = path.dirname(new URL(import.meta.url).pathname);
const DATASET = path.join(here, '..', 'content', 'dataset', 'production.ndjson');
const SECRET = EMBEDDED_SECRETS.SANITY_WEBHOOK_SECRET;

type Doc = Record<string, any>;

function datasetCopy() {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pub-dataset-')), 'production.ndjson');
  copyFileSync(DATASET, file);
  const edit = (change: (settings: Doc) => void) => {
    const docs = parseNdjson(readFileSync(file, 'utf8'));
    change(docs.find((d) => d._type === 'siteSettings') as Doc);
    writeFileSync(file, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
  };
  return { file, edit };
}

/** The stand-in `astro build`: the home page shows the English tagline of the published settings. */
function siteBuild(datasetFile: string, counter = { builds: 0 }) {
  return async (outDir: string) => {
    counter.builds += 1;
    const docs = parseNdjson(readFileSync(datasetFile, 'utf8'));
    const content = createContent(
      readContentEnv({ CONTENT_NOW: '2026-06-01T00:00:00Z' }),
      bundledSource(async () => docs),
    );
    let tagline: string;
    try {
      tagline = (await content.getSiteSettings('en')).tagline;
    } catch (error) {
      // What scripts/build.ts prints, read back as runBuild reads it.
      throw failureFromOutput(String((error as Error).message), 1);
    }
    mkdirSync(path.join(outDir, 'server'), { recursive: true });
    mkdirSync(path.join(outDir, 'client', 'errors', '404'), { recursive: true });
    writeFileSync(path.join(outDir, 'client', 'index.html'), `<!doctype html><h1>${tagline}</h1>`);
    writeFileSync(
      path.join(outDir, 'client', 'errors', '404', 'index.html'),
      '<main data-error-page><p data-error-code>404</p></main>',
    );
    writeFileSync(path.join(outDir, 'server', 'entry.mjs'), 'export const handler = async (req, res, next) => next();');
    writeFileSync(
      path.join(outDir, 'build-info.json'),
      JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
    );
  };
}

async function webhook(base: string, documentId = 'siteSettings') {
  const body = JSON.stringify({ _id: documentId, _type: 'siteSettings' });
  const res = await fetch(`${base}/api/hooks/sanity`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET),
    },
  });
  expect(res.status).toBe(202);
  return (await res.json()) as {
    version: number;
    published: boolean | null;
    failure: { documentId: string | null; field: string | null; message: string } | null;
  };
}

const home = async (base: string) => (await fetch(`${base}/`)).text();
const health = async (base: string) =>
  (await (await fetch(`${base}/api/health`)).json()) as {
    status: string;
    build: { state: string; contentVersion: number; lastFailure?: unknown };
  };

const servers: OneServer[] = [];
afterAll(async () => {
  for (const one of servers) await one.close().catch(() => undefined);
});

async function serve(opts: {
  dataDir: string;
  root: string;
  buildDir: string;
  build: (outDir: string) => Promise<void>;
}) {
  const env = loadEnv({ DATA_DIR: opts.dataDir, SMTP_URL: 'smtp://127.0.0.1:9' });
  const database = await openDatabase(env);
  await migrate(database);
  const one = await createOneServer({
    env,
    database,
    root: opts.root,
    build: await loadBuild(opts.buildDir),
    runSiteBuild: opts.build,
    nextContentChange: async () => null,
  });
  servers.push(one);
  await new Promise<void>((r) => one.server.listen(0, '127.0.0.1', r));
  return { one, base: `http://127.0.0.1:${(one.server.address() as AddressInfo).port}` };
}

describe('publishing', () => {
  it('a broken document is reported by the webhook answer and health while the old build serves; fixing it publishes again', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataset = datasetCopy();
    const build = siteBuild(dataset.file);
    const root = mkdtempSync(path.join(os.tmpdir(), 'pub-root-'));
    await build(path.join(root, 'dist'));
    const { base } = await serve({ dataDir: 'memory://', root, buildDir: path.join(root, 'dist'), build });
    expect(await home(base)).toContain('Smart capsule hotels, your whole stay in one app');

    dataset.edit((s) => (s.tagline.en = 'Tagline one'));
    expect(await webhook(base)).toMatchObject({ version: 1, published: true, failure: null });
    expect(await home(base)).toContain('Tagline one');

    // An editor publishes a settings document with a broken e-mail address (and a new tagline).
    dataset.edit((s) => {
      s.contact.email = 'not an address';
      s.tagline.en = 'Tagline two';
    });
    const failed = await webhook(base);
    expect(failed).toMatchObject({ version: 2, published: false });
    expect(failed.failure).toMatchObject({ documentId: 'siteSettings', field: 'contact.email' });
    const sick = await health(base);
    expect(sick.status).toBe('degraded');
    expect(sick.build).toMatchObject({ state: 'failed', contentVersion: 1 });
    // Health (public) says the state only; the build status tells an editor (here: this machine,
    // no Sanity project) which document and field broke it, and a forwarded stranger the state only.
    expect(sick.build).not.toHaveProperty('lastFailure');
    const status = await fetch(`${base}/api/site/build-status`, { headers: { origin: 'https://evil.example' } });
    expect(status.headers.get('access-control-allow-origin')).toBeNull();
    expect(await status.json()).toMatchObject({ state: 'failed', lastFailure: { field: 'contact.email' } });
    const stranger = await fetch(`${base}/api/site/build-status`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(await stranger.json()).toEqual({ state: 'failed', builtAt: expect.any(String), contentVersion: 1 });
    // The last good build keeps serving.
    expect(await home(base)).toContain('Tagline one');

    dataset.edit((s) => (s.contact.email = 'halo@bobobox.example'));
    expect(await webhook(base)).toMatchObject({ version: 3, published: true, failure: null });
    expect(await home(base)).toContain('Tagline two');
    expect(await health(base)).toMatchObject({ status: 'ok', build: { state: 'ok', contentVersion: 3 } });
    vi.restoreAllMocks();
  });

  it('a restart after a publish serves the published content (the build under DATA_DIR, not the older one)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const dataset = datasetCopy();
    const counter = { builds: 0 };
    const build = siteBuild(dataset.file, counter);
    const root = mkdtempSync(path.join(os.tmpdir(), 'pub-root-'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pub-data-'));
    const dist = path.join(root, 'dist');
    await build(dist);

    const first = await serve({ dataDir, root, buildDir: dist, build });
    dataset.edit((s) => (s.tagline.en = 'Published before the restart'));
    expect((await webhook(first.base)).published).toBe(true);
    await first.one.close();
    servers.splice(servers.indexOf(first.one), 1);
    expect(listBuilds(siteBuildsDir(dataDir, root))).toHaveLength(1);

    // What scripts/start.ts does: the newest good build among SITE_BUILD_DIR and DATA_DIR/builds.
    const chosen = newestGoodBuild([dist, ...listBuilds(siteBuildsDir(dataDir, root))], 'x');
    expect(chosen).not.toBe(dist);
    const builds = counter.builds;
    const second = await serve({ dataDir, root, buildDir: chosen!, build });
    expect(await home(second.base)).toContain('Published before the restart');
    expect(await health(second.base)).toMatchObject({ build: { state: 'ok', contentVersion: 1 } });
    // Its build is current with the shared version: nothing rebuilds.
    await new Promise((r) => setTimeout(r, 300));
    expect(counter.builds).toBe(builds);
    vi.restoreAllMocks();
  });
});

// Two server processes from one checkout, sharing its builds folder: each rebuilds in turn and both
// keep answering every page, including one their server code reads from disk per request.
const NODE = `
const { loadEnv } = await import(${JSON.stringify(pathToFileURL(path.join(here, '../api/platform/env.ts')).href)});
const { openDatabase } = await import(${JSON.stringify(pathToFileURL(path.join(here, '../api/db/client.ts')).href)});
const { migrate } = await import(${JSON.stringify(pathToFileURL(path.join(here, '../api/db/migrate.ts')).href)});
const { loadBuild } = await import(${JSON.stringify(pathToFileURL(path.join(here, 'build-manager.ts')).href)});
const { createOneServer } = await import(${JSON.stringify(pathToFileURL(path.join(here, 'server.ts')).href)});
const fs = await import('node:fs');
const path = await import('node:path');
let count = 0;
const fake = (dir, name) => {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client', 'errors', '404'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), '<h1>' + name + '</h1>');
  fs.writeFileSync(path.join(dir, 'client', 'errors', '404', 'index.html'), '<main data-error-page><p data-error-code>404</p></main>');
  fs.writeFileSync(path.join(dir, 'page.txt'), name);
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'),
    "import { readFile } from 'node:fs/promises';" +
    "export const handler = async (req, res, next) => {" +
    "  if (req.url !== '/page/') return next();" +
    "  res.end(await readFile(new URL('../page.txt', import.meta.url)));" +
    "};");
  fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }));
};
const env = loadEnv({ DATA_DIR: 'memory://', SMTP_URL: 'smtp://127.0.0.1:9' });
const database = await openDatabase(env);
await migrate(database);
const one = await createOneServer({
  env, database, root: process.env.NODE_ROOT, build: await loadBuild(process.env.NODE_BUILD),
  buildsDir: process.env.NODE_BUILDS, nextContentChange: async () => null,
  runSiteBuild: async (outDir) => fake(outDir, process.env.NODE_NAME + '-' + ++count),
});
one.server.listen(0, '127.0.0.1', () => console.log('LISTENING ' + one.server.address().port));
process.on('SIGTERM', () => one.close().then(() => process.exit(0)));
`;

function startNode(name: string, root: string, build: string, buildsDir: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', NODE], {
    env: { ...process.env, NODE_NAME: name, NODE_ROOT: root, NODE_BUILD: build, NODE_BUILDS: buildsDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<{ child: ChildProcess; base: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`node ${name} exited (${code}):\n${out}`)));
  });
}

describe('two servers from one checkout', () => {
  it('both keep serving every page after either rebuilds', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'two-root-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'server'), { recursive: true });
    mkdirSync(path.join(dist, 'client'), { recursive: true });
    writeFileSync(path.join(dist, 'client', 'index.html'), '<h1>dist</h1>');
    writeFileSync(path.join(dist, 'page.txt'), 'dist');
    writeFileSync(
      path.join(dist, 'server', 'entry.mjs'),
      "import { readFile } from 'node:fs/promises'; export const handler = async (req, res, next) => { if (req.url !== '/page/') return next(); res.end(await readFile(new URL('../page.txt', import.meta.url))); };",
    );
    writeFileSync(
      path.join(dist, 'build-info.json'),
      JSON.stringify({ inputHash: 'x', builtAt: new Date().toISOString() }),
    );
    const buildsDir = path.join(root, '.data', 'builds');
    const a = await startNode('a', root, dist, buildsDir);
    const b = await startNode('b', root, dist, buildsDir);
    try {
      const expected = { a: 'dist', b: 'dist' };
      for (const [node, name] of [
        [a, 'a'],
        [b, 'b'],
        [a, 'a'],
        [b, 'b'],
      ] as const) {
        expect((await webhook(node.base, `promo-${name}`)).published).toBe(true);
        expected[name] = `${name}-${expected[name] === 'dist' ? 1 : 2}`;
        for (const [other, otherName] of [
          [a, 'a'],
          [b, 'b'],
        ] as const) {
          const page = await fetch(`${other.base}/page/`);
          expect(page.status).toBe(200);
          expect(await page.text()).toBe(expected[otherName]);
          const index = await fetch(`${other.base}/`);
          expect(index.status).toBe(200);
          expect(await index.text()).toContain(expected[otherName]);
          expect((await fetch(`${other.base}/missing/`)).status).toBe(404);
        }
      }
    } finally {
      for (const node of [a, b]) node.child.kill('SIGTERM');
    }
  });
});
