import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBuildInfo, type BuildInfo } from './build-info.ts';
import { StaticIndex } from './static-files.ts';
import { directiveScriptHashes } from './security-headers.ts';
import { logger } from '../api/observability/logger.ts';

const log = logger('site');

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;

export interface SiteBuild {
  dir: string;
  clientDir: string;
  handler: AstroHandler;
  info: BuildInfo;
  /** The client folder's files, indexed before the build goes live. */
  files: StaticIndex;
}

export async function loadBuild(dir: string): Promise<SiteBuild> {
  const info = readBuildInfo(dir);
  if (!info) throw new Error(`No complete site build in ${dir}; run npm run build`);
  const entry = (await import(pathToFileURL(path.join(dir, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };
  const clientDir = path.join(dir, 'client');
  const files = await StaticIndex.load(clientDir, await serverScriptHashes(path.join(dir, 'server')));
  return { dir, clientDir, handler: entry.handler, info, files };
}

/**
 * The CSP hashes of the inline scripts the build's server writes into on-demand pages besides those
 * of the pre-rendered HTML: Astro's hydration directives, from the manifest in its server code (the
 * entry, else a chunk; server/security-headers.ts).
 */
async function serverScriptHashes(serverDir: string): Promise<string[]> {
  const files = [path.join(serverDir, 'entry.mjs')];
  for (const entry of readdirSync(serverDir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.mjs')) files.push(path.join(entry.parentPath, entry.name));
  for (const file of new Set(files)) {
    const hashes = directiveScriptHashes(await readFile(file, 'utf8').catch(() => ''));
    if (hashes.length) return hashes;
  }
  return [];
}

/** Run scripts/build.ts into outDir with the same Node that runs this process. */
export function runBuild(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.ts')], {
      cwd: root,
      env: { ...env, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`site build exited with ${code}`))));
  });
}

/**
 * Holds the live build and swaps in a new one only when it is complete. A failed build leaves
 * the live site untouched. Rebuild requests that arrive while one runs are coalesced into one more.
 */
export class BuildManager {
  current: SiteBuild;
  private readonly root: string;
  private readonly buildsDir: string;
  private readonly build: (outDir: string) => Promise<void>;
  private running: Promise<boolean> | null = null;
  private queued = false;
  lastError: string | null = null;

  constructor(opts: {
    root: string;
    buildsDir: string;
    initial: SiteBuild;
    build?: (outDir: string) => Promise<void>;
  }) {
    this.root = opts.root;
    this.buildsDir = opts.buildsDir;
    this.current = opts.initial;
    this.build = opts.build ?? ((outDir) => runBuild(this.root, outDir));
  }

  /** Request a rebuild; resolves true when a new build went live. */
  rebuild(reason: string): Promise<boolean> {
    if (this.running) {
      this.queued = true;
      return this.running;
    }
    this.running = this.runOnce(reason).finally(() => {
      this.running = null;
      if (this.queued) {
        this.queued = false;
        void this.rebuild('queued');
      }
    });
    return this.running;
  }

  private async runOnce(reason: string): Promise<boolean> {
    const outDir = path.join(this.buildsDir, `${Date.now()}`);
    mkdirSync(this.buildsDir, { recursive: true });
    log.info({ reason, outDir }, 'rebuilding the site');
    try {
      await this.build(outDir);
      const next = await loadBuild(outDir);
      const previous = this.current;
      this.current = next;
      this.lastError = null;
      log.info({ builtAt: next.info.builtAt }, 'new build is live');
      this.prune(previous.dir);
      return true;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      log.error({ err: error }, 'rebuild failed; the live site is unchanged');
      rmSync(outDir, { recursive: true, force: true });
      return false;
    }
  }

  /** Keep the live build and the one before it (requests may still be streaming from it). */
  private prune(previousDir: string): void {
    let names: string[];
    try {
      names = readdirSync(this.buildsDir);
    } catch {
      return;
    }
    for (const name of names) {
      const dir = path.join(this.buildsDir, name);
      if (dir !== this.current.dir && dir !== previousDir) rmSync(dir, { recursive: true, force: true });
    }
  }
}
