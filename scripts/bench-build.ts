// `npm run bench:build` (a benchmark, not a test): static build time and pages per second for the
// bundled dataset and for a generated dataset ten times larger. Builds go to temporary
// directories, so the live dist/ is never touched. Prints a Markdown table for the README.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const bundled = path.join(root, 'content', 'dataset', 'production.ndjson');

/** Copies every repeatable document (promos, destinations, hotels, announcements) `factor` times. */
/** A dataset document as far as the copy cares: the fields it renames, the rest passed through. */
type Doc = { _id: string; _type: string; slug?: { current?: string }; hotelId?: unknown; [field: string]: unknown };

export function multiplyDataset(ndjson: string, factor: number): string {
  const docs = ndjson
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Doc);
  const repeatable = new Set(['promo', 'destinationPage', 'hotelContent', 'announcement']);
  const out: Doc[] = [];
  for (const doc of docs) {
    out.push(doc);
    if (!repeatable.has(doc._type)) continue;
    for (let i = 1; i < factor; i++) {
      const copy = structuredClone(doc);
      copy._id = `${doc._id}-x${i}`;
      if (copy.slug?.current) copy.slug.current = `${copy.slug.current}-x${i}`;
      if (typeof copy.hotelId === 'number') copy.hotelId = copy.hotelId * 1000 + i;
      out.push(copy);
    }
  }
  return `${out.map((d) => JSON.stringify(d)).join('\n')}\n`;
}

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) n += countPages(full);
    else if (entry.endsWith('.html')) n += 1;
  }
  return n;
}

function bench(label: string, datasetFile: string) {
  // Inside the project (git-ignored .bench/): the prerender step imports packages from node_modules.
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  const outDir = mkdtempSync(path.join(root, '.bench', 'out-'));
  const started = performance.now();
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ASTRO_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      CONTENT_DATASET: datasetFile,
      SANITY_PROJECT_ID: '',
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${label}: astro build failed (exit ${result.status})`);
  const pages = countPages(path.join(outDir, 'client'));
  const docs = readFileSync(datasetFile, 'utf8').trim().split('\n').length;
  rmSync(outDir, { recursive: true, force: true });
  return { label, docs, pages, seconds, pagesPerSecond: pages / seconds };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bbx-bench-data-'));
  const large = path.join(tmp, 'production-x10.ndjson');
  writeFileSync(large, multiplyDataset(readFileSync(bundled, 'utf8'), 10));
  const rows = [bench('bundled dataset', bundled), bench('generated dataset x10', large)];
  rmSync(tmp, { recursive: true, force: true });
  console.log(
    `\nBuild benchmark (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version})\n`,
  );
  console.log('| dataset | documents | HTML pages | build time (s) | pages/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.label} | ${r.docs} | ${r.pages} | ${r.seconds.toFixed(1)} | ${r.pagesPerSecond.toFixed(1)} |`);
}
