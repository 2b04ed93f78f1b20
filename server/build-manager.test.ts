import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BuildManager, loadBuild } from './build-manager.ts';
import { logger } from '../api/observability/logger.ts';

// A fake build: what scripts/build.ts would leave behind, with a handler that names its build.
function writeFakeBuild(dir: string, name: string) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export const handler = async (req, res) => { res.end(${JSON.stringify(name)}); };`,
  );
  writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ inputHash: name, builtAt: new Date().toISOString() }),
  );
}

describe('BuildManager', () => {
  it('swaps in a complete new build and keeps serving the old one until then', async () => {
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
    const pending = manager.rebuild('test');
    expect(manager.current.info.inputHash).toBe('v1');
    release();
    expect(await pending).toBe(true);
    expect(manager.current.info.inputHash).toBe('v2');
  });

  it('a failed build leaves the live site untouched and is logged', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v1');
    const log = vi.spyOn(logger('site'), 'error').mockImplementation(() => {});
    const manager = new BuildManager({
      root,
      buildsDir: path.join(root, 'builds'),
      initial: await loadBuild(path.join(root, 'initial')),
      build: async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        throw new Error('astro build failed');
      },
    });
    expect(await manager.rebuild('broken content')).toBe(false);
    expect(manager.current.info.inputHash).toBe('v1');
    expect(manager.lastError).toContain('astro build failed');
    expect(log).toHaveBeenCalled();
    expect(existsSync(path.join(root, 'builds'))).toBe(true);
    vi.restoreAllMocks();
  });

  it('coalesces requests that arrive during a build into one more build', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
    writeFakeBuild(path.join(root, 'initial'), 'v0');
    vi.spyOn(logger('site'), 'info').mockImplementation(() => {});
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
    const first = manager.rebuild('a');
    void manager.rebuild('b');
    void manager.rebuild('c');
    await first;
    await vi.waitFor(() => expect(manager.current.info.inputHash).toBe('v2'));
    expect(count).toBe(2);
    vi.restoreAllMocks();
  });
});
