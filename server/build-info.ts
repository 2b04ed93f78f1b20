import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// What a site build depends on. When their content hash differs from the one recorded in
// <build>/build-info.json, the build is stale and `npm start` rebuilds.
const INPUT_DIRS = ['site', 'islands', 'content', 'content-schemas', 'core'];
const INPUT_FILES = ['astro.config.ts', 'package-lock.json', 'tsconfig.json'];
/** Environment that changes the generated HTML. */
const INPUT_ENV = [
  'SITE_URL',
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'CONTENT_NOW',
  'CONTENT_DATASET',
  'PUBLIC_SEARCH_FILTER',
];

export interface BuildInfo {
  inputHash: string;
  builtAt: string;
}

function walk(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

export function computeInputHash(root: string, env: Record<string, string | undefined> = process.env): string {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) walk(path.join(root, dir), files);
  for (const file of INPUT_FILES) files.push(path.join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    let content: Buffer;
    try {
      content = readFileSync(file);
    } catch {
      continue;
    }
    hash.update(path.relative(root, file)).update('\0').update(content).update('\0');
  }
  for (const key of INPUT_ENV) hash.update(`${key}=${env[key] ?? ''}\0`);
  return hash.digest('hex');
}

export function readBuildInfo(buildDir: string): BuildInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(buildDir, 'build-info.json'), 'utf8')) as BuildInfo;
    statSync(path.join(buildDir, 'server', 'entry.mjs'));
    return typeof info.inputHash === 'string' ? info : null;
  } catch {
    return null;
  }
}
