import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  BuildManager,
  FOREIGN_MARK_MS,
  MARK_TOUCH_MS,
  failureFromOutput,
  linkModules,
  listBuilds,
  loadBuild,
  newestGoodBuild,
  SiteBuildError,
  siteBuildsDir,
} from './build-manager.ts';
import { logger } from '../api/observability/logger.ts';

// A fake build: what scripts/build.ts would leave behind, with a handler that names its build.
function writeFakeBuild(dir: string, name: string, info: { contentVersion?: number; builtAt?: string } = {}) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export const handler = async (req, res) => { res.end(${JSON.stringify(name)}); };`,
  );
  writeFileSync(path.join(dir, 'client', 'which.txt'), name);
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: 'h', builtAt: info.builtAt ?? new Date().toISOString(), ...info }),
  );
}

const quiet = () => {
  for (const level of ['info', 'warn', 'error'] as const)
    vi.spyOn(logger('site'), level).mockImplementation(() => undefined as never);
};

describe('BuildManager', () => {
  it('swaps in a complete new build and keeps serving the old one until then', async () => {
    quiet();
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v1');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const manager = new BuildManager({
      root,
      buildsDir: path.join(root, 'builds'),
      initial: await loadBuild(path.join(root, 'initial')),
      build: async (outDir) => {
        await gate;
        writeFakeBuild(outDir, 'v2');
      },
    });
    const pending = manager.rebuild('test', 3);
    expect(manager.status().state).toBe('building');
    expect(readFileSync(path.join(manager.current.clientDir, 'which.txt'), 'utf8')).toBe('v1');
    release();
    expect(await pending).toEqual({ published: true, failure: null });
    expect(readFileSync(path.join(manager.current.clientDir, 'which.txt'), 'utf8')).toBe('v2');
    // The publish's content version is recorded in the build, for the next start-up to find.
    expect(manager.status()).toMatchObject({ state: 'ok', contentVersion: 3, lastFailure: null });
    expect(JSON.parse(readFileSync(path.join(manager.current.dir, 'build-info.json'), 'utf8')).contentVersion).toBe(3);
    vi.restoreAllMocks();
  });

  it('a failed build leaves the live site untouched and names the document and field; a fixed one goes live', async () => {
    quiet();
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v1');
    let broken = true;
    const manager = new BuildManager({
      root,
      buildsDir: path.join(root, 'builds'),
      initial: await loadBuild(path.join(root, 'initial')),
      build: async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        if (broken)
          throw new SiteBuildError('Content error in document "promo-x", field "title": Invalid', 'promo-x', 'title');
        writeFakeBuild(outDir, 'v2');
      },
    });
    const outcome = await manager.rebuild('sanity webhook: promo-x', 1);
    expect(outcome.published).toBe(false);
    expect(outcome.failure).toMatchObject({
      reason: 'sanity webhook: promo-x',
      documentId: 'promo-x',
      field: 'title',
      contentVersion: 1,
    });
    expect(manager.status()).toMatchObject({ state: 'failed', contentVersion: 0 });
    expect(readFileSync(path.join(manager.current.clientDir, 'which.txt'), 'utf8')).toBe('v1');
    expect(manager.lastError).toContain('promo-x');
    // The failed attempt's folder is gone.
    expect(listBuilds(path.join(root, 'builds'))).toEqual([]);

    broken = false;
    expect((await manager.rebuild('sanity webhook: promo-x', 2)).published).toBe(true);
    expect(manager.status()).toMatchObject({ state: 'ok', contentVersion: 2 });
    // The last failure stays on record (when and why), with the state saying it is over.
    expect(manager.status().lastFailure?.documentId).toBe('promo-x');
    expect(manager.lastError).toBeNull();
    vi.restoreAllMocks();
  });

  it('folds requests that arrive during a build into one more build, whose outcome they all get', async () => {
    quiet();
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v0');
    let count = 0;
    const manager = new BuildManager({
      root,
      buildsDir: path.join(root, 'builds'),
      initial: await loadBuild(path.join(root, 'initial')),
      build: async (outDir) => {
        count += 1;
        await new Promise((r) => setTimeout(r, 20));
        writeFakeBuild(outDir, `v${count}`);
      },
    });
    const first = manager.rebuild('a', 1);
    const second = manager.rebuild('b', 2);
    const third = manager.rebuild('c', 3);
    await first;
    expect(await second).toEqual({ published: true, failure: null });
    expect(await third).toEqual({ published: true, failure: null });
    expect(count).toBe(2);
    expect(manager.status().contentVersion).toBe(3);
    vi.restoreAllMocks();
  });

  it('two managers on one builds folder (two servers from one checkout) never delete each other’s live build', async () => {
    quiet();
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v0');
    const buildsDir = path.join(root, 'builds');
    let count = 0;
    const make = async () =>
      new BuildManager({
        root,
        buildsDir,
        initial: await loadBuild(path.join(root, 'initial')),
        build: async (outDir) => writeFakeBuild(outDir, `v${++count}`),
      });
    const a = await make();
    const b = await make();
    for (const manager of [a, b, a, b, a, b]) {
      await manager.rebuild('publish');
      for (const live of [a, b]) expect(existsSync(path.join(live.current.clientDir, 'which.txt'))).toBe(true);
    }
    // What neither serves is still removed: each one's live build and the one before it remain.
    expect(listBuilds(buildsDir).length).toBeLessThanOrEqual(4);
    vi.restoreAllMocks();
  });
});

describe('builds other hosts marked (a fleet sharing one volume)', () => {
  it("prunes a build another host's process marked a day ago and not since, keeps one it touched lately", async () => {
    quiet();
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v0');
    const buildsDir = path.join(root, 'builds');
    const foreign = (name: string, ageMs: number) => {
      const dir = path.join(buildsDir, name);
      writeFakeBuild(dir, name, { builtAt: '2026-01-01T00:00:00.000Z' });
      mkdirSync(path.join(dir, '.users'), { recursive: true });
      const mark = path.join(dir, '.users', 'container-7f3a~1');
      writeFileSync(mark, 'x');
      const at = new Date(Date.now() - ageMs);
      utimesSync(mark, at, at);
      return dir;
    };
    const gone = foreign('gone-container', FOREIGN_MARK_MS + 60_000);
    const alive = foreign('live-container', MARK_TOUCH_MS);
    let count = 0;
    const manager = new BuildManager({
      root,
      buildsDir,
      initial: await loadBuild(path.join(root, 'initial')),
      build: async (outDir) => writeFakeBuild(outDir, `v${++count}`),
    });
    await manager.rebuild('publish');
    await manager.rebuild('publish');
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(alive)).toBe(true);
    manager.release();
    vi.restoreAllMocks();
  });
});

describe('where builds live', () => {
  it('content rebuilds live under DATA_DIR/builds (an in-memory DATA_DIR keeps them in the checkout)', () => {
    expect(siteBuildsDir('.data', '/srv/app')).toBe('/srv/app/.data/builds');
    expect(siteBuildsDir('/var/lib/bobobox', '/srv/app')).toBe('/var/lib/bobobox/builds');
    expect(siteBuildsDir('memory://', '/srv/app')).toBe('/srv/app/.builds');
  });

  it('a builds folder outside the checkout gets a node_modules link, so server chunks find their packages', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'checkout-'));
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'data-')), 'builds');
    linkModules(outside, root);
    expect(lstatSync(path.join(outside, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(outside, 'node_modules'))).toBe(path.join(root, 'node_modules'));
    linkModules(outside, root); // again: unchanged, no error
    const inside = path.join(root, '.data', 'builds');
    linkModules(inside, root);
    expect(existsSync(path.join(inside, 'node_modules'))).toBe(false);
    // The link is not a build.
    expect(listBuilds(outside)).toEqual([]);
  });

  it('start-up picks the build of the newest publish made from these sources', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pick-'));
    const dist = path.join(root, 'dist');
    writeFakeBuild(dist, 'dist', { builtAt: '2031-01-03T00:00:00.000Z' });
    writeFakeBuild(path.join(root, 'b', '1'), 'v4', { contentVersion: 4, builtAt: '2031-01-01T00:00:00.000Z' });
    writeFakeBuild(path.join(root, 'b', '2'), 'v5', { contentVersion: 5, builtAt: '2031-01-02T00:00:00.000Z' });
    mkdirSync(path.join(root, 'b', '3'), { recursive: true }); // still being written
    const candidates = [dist, ...listBuilds(path.join(root, 'b'))];
    expect(newestGoodBuild(candidates, 'h')).toBe(path.join(root, 'b', '2'));
    // Built from other sources: none fits.
    expect(newestGoodBuild(candidates, 'other')).toBeNull();
  });
});

describe('why a build failed', () => {
  it('reads the broken document and field from the build output', () => {
    const output =
      '\u001b[31m[ContentError]\u001b[39m Content error in document "promo-endless-summer", field "couponCode": Invalid length: Expected >=1 but received 0 (query PROMOS)\n    at validateResult';
    const error = failureFromOutput(output, 1);
    expect(error).toMatchObject({ documentId: 'promo-endless-summer', field: 'couponCode' });
    expect(error.message).toBe(
      'Content error in document "promo-endless-summer", field "couponCode": Invalid length: Expected >=1 but received 0',
    );
    expect(failureFromOutput('building...\nError: out of memory\n', 137)).toMatchObject({
      documentId: null,
      message: 'site build exited with 137: Error: out of memory',
    });
  });
});
