import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBuildInfo, type BuildInfo } from './build-info.ts';
import { StaticIndex } from './static-files.ts';
import { directiveScriptHashes } from './security-headers.ts';
import { logger } from '../api/observability/logger.ts';
import type { BuildFailure } from '../core/contracts/responses.ts';

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
  // The real folder: a build is never moved or changed once complete, so the lazily imported server
  // chunks of this build stay where this process found them.
  const real = realpathSync(dir);
  const entry = (await import(pathToFileURL(path.join(real, 'server', 'entry.mjs')).href)) as { handler: AstroHandler };
  const clientDir = path.join(real, 'client');
  const files = await StaticIndex.load(clientDir, await serverScriptHashes(path.join(real, 'server')));
  return { dir: real, clientDir, handler: entry.handler, info, files };
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

/** Why a build failed, as an editor can act on it (core/contracts/responses.ts, BuildFailureSchema). */
export type { BuildFailure } from '../core/contracts/responses.ts';

/** A build that failed, with what its output said. */
export class SiteBuildError extends Error {
  readonly documentId: string | null;
  readonly field: string | null;
  constructor(message: string, documentId: string | null = null, field: string | null = null) {
    super(message);
    this.name = 'SiteBuildError';
    this.documentId = documentId;
    this.field = field;
  }
}

// site/lib/content/content.ts (ContentError): `Content error in document "<id>", field "<field>": <detail>`.
const CONTENT_ERROR = /Content error in document "([^"]*)", field "([^"]*)": ([^\n]*)/;
// eslint-disable-next-line no-control-regex -- colours in the build's output
const ANSI = /\u001b\[[0-9;]*m/g;

/** The failure a build's output names: the broken document and field, else its last error line. */
export function failureFromOutput(output: string, code: number | null): SiteBuildError {
  const text = output.replace(ANSI, '');
  const content = CONTENT_ERROR.exec(text);
  if (content) {
    const detail = (content[3] ?? '').replace(/\s*\(query [^)]*\)\s*$/, '').trim();
    return new SiteBuildError(
      `Content error in document "${content[1]}", field "${content[2]}": ${detail}`,
      content[1] ?? null,
      content[2] ?? null,
    );
  }
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.findLast((line) => /error/i.test(line)) ?? lines.at(-1);
  return new SiteBuildError(`site build exited with ${code}${last ? `: ${last.slice(0, 300)}` : ''}`);
}

/** Run scripts/build.ts into outDir with the same Node that runs this process. */
export function runBuild(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.ts')], {
      cwd: root,
      env: { ...env, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The output still reaches this process's log; its tail says why a build failed.
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-64_000);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(failureFromOutput(tail, code))));
  });
}

// ---------------------------------------------------------------------------------------------
// Where builds live. Content rebuilds go to DATA_DIR/builds (state of this installation, next to its
// database), each into a folder of its own that is never changed once complete. Several processes may
// share the folder (two servers from one checkout): each marks the builds it serves with a file named
// after its host and pid, and a build is removed only when no live process marks it and it is not the
// newest good one, so no process ever deletes a build another is serving. A process on another host
// (a container fleet sharing a volume) cannot be asked whether it lives: its mark counts while it is
// fresh, and every process touches its marks every hour, so a mark untouched for a day is a process
// gone (a container replaced) and its builds are pruned like any other.

/** The folder of content rebuilds: DATA_DIR/builds (an in-memory DATA_DIR keeps them in the checkout). */
export function siteBuildsDir(dataDir: string, root: string): string {
  return dataDir === 'memory://' ? path.join(root, '.builds') : path.resolve(root, dataDir, 'builds');
}

const USERS = '.users';
const thisProcess = () => `${os.hostname()}~${process.pid}`;
/** How long another host's mark counts without being touched, and how often a process touches its own. */
export const FOREIGN_MARK_MS = 24 * 3_600_000;
export const MARK_TOUCH_MS = 3_600_000;

function isLive(dir: string, marker: string, now = Date.now()): boolean {
  const at = marker.lastIndexOf('~');
  const host = marker.slice(0, at);
  const pid = Number(marker.slice(at + 1));
  // Another host's process cannot be asked: its mark counts while it is fresh.
  if (host !== os.hostname()) {
    try {
      return now - statSync(path.join(dir, USERS, marker)).mtimeMs < FOREIGN_MARK_MS;
    } catch {
      return false;
    }
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Mark a build as served (or being written) by this process. */
export function markInUse(dir: string): void {
  try {
    mkdirSync(path.join(dir, USERS), { recursive: true });
    writeFileSync(path.join(dir, USERS, thisProcess()), new Date().toISOString());
  } catch (error) {
    // A read-only build (an image's) is never removed by anyone anyway.
    log.warn({ err: error, dir }, 'could not mark a build as in use');
  }
}

export function releaseBuild(dir: string): void {
  try {
    unlinkSync(path.join(dir, USERS, thisProcess()));
  } catch {
    // Not marked (or already gone).
  }
}

/** Whether a live process other than this one marks the build. */
export function usedByOthers(dir: string): boolean {
  let markers: string[];
  try {
    markers = readdirSync(path.join(dir, USERS));
  } catch {
    return false;
  }
  return markers.some((marker) => marker !== thisProcess() && isLive(dir, marker));
}

function usedByAnyone(dir: string): boolean {
  let markers: string[];
  try {
    markers = readdirSync(path.join(dir, USERS));
  } catch {
    return false;
  }
  return markers.some((marker) => (marker === thisProcess() ? true : isLive(dir, marker)));
}

/** A complete build's place in line: the newest published content first, then the newest build. */
function newer(a: BuildInfo, b: BuildInfo): boolean {
  const va = a.contentVersion ?? 0;
  const vb = b.contentVersion ?? 0;
  return va !== vb ? va > vb : a.builtAt > b.builtAt;
}

/** The complete builds in a builds folder (not the ones still being written). */
export function listBuilds(buildsDir: string): string[] {
  try {
    return readdirSync(buildsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .map((entry) => path.join(buildsDir, entry.name));
  } catch {
    return [];
  }
}

/**
 * The build start-up serves: among the candidates, the complete ones made from these sources
 * (`inputHash`), the one with the newest published content, then the newest. A restart thereby
 * serves what was last published, not the older build of `npm run build`.
 */
export function newestGoodBuild(candidates: string[], inputHash: string): string | null {
  let best: { dir: string; info: BuildInfo } | null = null;
  for (const dir of candidates) {
    const info = readBuildInfo(dir);
    if (!info || info.inputHash !== inputHash) continue;
    if (!best || newer(info, best.info)) best = { dir, info };
  }
  return best?.dir ?? null;
}

/**
 * Server chunks import their packages by name, which Node resolves from the folders above them: a
 * builds folder outside the checkout gets a node_modules link to the checkout's.
 */
export function linkModules(buildsDir: string, root: string): void {
  mkdirSync(buildsDir, { recursive: true });
  if (!path.relative(root, buildsDir).startsWith('..')) return;
  const link = path.join(buildsDir, 'node_modules');
  try {
    lstatSync(link);
    return;
  } catch {
    symlinkSync(path.join(root, 'node_modules'), link, 'dir');
  }
}

/** A fresh, unique folder for a build (two processes never pick the same). */
export function newBuildDir(buildsDir: string): string {
  const dir = path.join(buildsDir, `${Date.now()}-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  markInUse(dir);
  return dir;
}

/** Record the content version a build was made for in its build-info.json. */
function stampContentVersion(dir: string, contentVersion: number): void {
  const file = path.join(dir, 'build-info.json');
  const info = JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
  writeFileSync(file, JSON.stringify({ ...info, contentVersion }, null, 2));
}

export type BuildState = 'ok' | 'building' | 'failed';

export type BuildStatus = {
  /** ok: the last build went live; failed: the last one failed (the previous build still serves). */
  state: BuildState;
  builtAt: string;
  /** The shared content version the live build shows. */
  contentVersion: number;
  lastFailure: BuildFailure | null;
};

export interface BuildOutcome {
  published: boolean;
  failure: BuildFailure | null;
}

type Waiting = { reason: string; version?: number; resolve: (outcome: BuildOutcome) => void };

/**
 * Holds the live build and swaps in a new one only when it is complete. A failed build leaves
 * the live site untouched and is kept as `lastFailure` (with the document and field that broke it).
 * Rebuild requests that arrive while one runs are folded into one more, whose outcome they all get.
 */
export class BuildManager {
  current: SiteBuild;
  private previous: SiteBuild | null = null;
  private readonly root: string;
  private readonly buildsDir: string;
  private readonly build: (outDir: string) => Promise<void>;
  private running: Promise<BuildOutcome> | null = null;
  private waiting: Waiting[] = [];
  private lastAttemptFailed = false;
  private readonly touching: NodeJS.Timeout;
  lastFailure: BuildFailure | null = null;

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
    markInUse(this.current.dir);
    // Other hosts judge this process's marks by their age: keep them fresh.
    this.touching = setInterval(() => {
      markInUse(this.current.dir);
      if (this.previous) markInUse(this.previous.dir);
    }, MARK_TOUCH_MS);
    this.touching.unref();
  }

  /** The last error message (null when the last build went live). */
  get lastError(): string | null {
    return this.lastAttemptFailed ? (this.lastFailure?.message ?? null) : null;
  }

  status(): BuildStatus {
    return {
      state: this.running ? 'building' : this.lastAttemptFailed ? 'failed' : 'ok',
      builtAt: this.current.info.builtAt,
      contentVersion: this.current.info.contentVersion ?? 0,
      lastFailure: this.lastFailure,
    };
  }

  /**
   * Request a rebuild (for a shared content version, when it is a publish); resolves with its outcome:
   * published when a new build went live.
   */
  rebuild(reason: string, contentVersion?: number): Promise<BuildOutcome> {
    if (!this.running) return this.start(reason, contentVersion);
    return new Promise((resolve) => this.waiting.push({ reason, version: contentVersion, resolve }));
  }

  private start(reason: string, contentVersion?: number): Promise<BuildOutcome> {
    const run = this.runOnce(reason, contentVersion).finally(() => {
      this.running = null;
      const folded = this.waiting;
      this.waiting = [];
      if (!folded.length) return;
      const versions = folded.map((w) => w.version).filter((v): v is number => v !== undefined);
      const version = versions.length ? Math.max(...versions) : undefined;
      const reasons = folded.map((w) => w.reason);
      const why = reasons.length === 1 ? reasons[0]! : `${reasons[0]} and ${reasons.length - 1} more`;
      void this.start(why, version).then((outcome) => folded.forEach((w) => w.resolve(outcome)));
    });
    this.running = run;
    return run;
  }

  private async runOnce(reason: string, contentVersion?: number): Promise<BuildOutcome> {
    linkModules(this.buildsDir, this.root);
    const outDir = newBuildDir(this.buildsDir);
    log.info({ reason, outDir }, 'rebuilding the site');
    try {
      await this.build(outDir);
      if (contentVersion !== undefined) stampContentVersion(outDir, contentVersion);
      else if (this.current.info.contentVersion) stampContentVersion(outDir, this.current.info.contentVersion);
      const next = await loadBuild(outDir);
      const before = this.previous;
      this.previous = this.current;
      this.current = next;
      this.lastAttemptFailed = false;
      log.info({ builtAt: next.info.builtAt, contentVersion: next.info.contentVersion ?? 0 }, 'new build is live');
      if (before) releaseBuild(before.dir);
      this.prune();
      return { published: true, failure: null };
    } catch (error) {
      const failure: BuildFailure = {
        at: new Date().toISOString(),
        reason,
        message: error instanceof Error ? error.message : String(error),
        documentId: error instanceof SiteBuildError ? error.documentId : null,
        field: error instanceof SiteBuildError ? error.field : null,
        contentVersion: contentVersion ?? null,
      };
      this.lastFailure = failure;
      this.lastAttemptFailed = true;
      log.error(
        { err: error, documentId: failure.documentId, field: failure.field },
        'rebuild failed; the live site is unchanged',
      );
      rmSync(outDir, { recursive: true, force: true });
      return { published: false, failure };
    }
  }

  /**
   * Remove the builds nobody serves: not the live one nor the one before it (requests may still be
   * streaming from it), not one a live process marks, not the newest good one (the next start-up's).
   */
  prune(): void {
    const complete = listBuilds(this.buildsDir)
      .map((dir) => ({ dir, info: readBuildInfo(dir) }))
      .filter((b): b is { dir: string; info: BuildInfo } => b.info !== null);
    let newest: string | null = null;
    let newestInfo: BuildInfo | null = null;
    for (const b of complete)
      if (b.info.inputHash === this.current.info.inputHash && (!newestInfo || newer(b.info, newestInfo))) {
        newest = b.dir;
        newestInfo = b.info;
      }
    const keep = new Set([this.current.dir, this.previous?.dir, newest].filter(Boolean).map((d) => realPath(d!)));
    for (const dir of listBuilds(this.buildsDir)) {
      if (keep.has(realPath(dir))) continue;
      // A folder still being written has its writer's mark too.
      if (usedByAnyone(dir)) continue;
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Stop marking the builds this process served (at shutdown). */
  release(): void {
    clearInterval(this.touching);
    releaseBuild(this.current.dir);
    if (this.previous) releaseBuild(this.previous.dir);
  }
}

function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
