// `npm run arch`: prints the folder-level import graph of api/ by layer, and exits 1 on any import
// that runs up a layer (or to a folder listed later in its own layer) and on any circle between
// folders, type-only imports included. Part of `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiGraph, LAYERS, layerOf, mutualPairs, violations } from './lint/api-graph.ts';

const apiDir =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../api');
const edges = apiGraph(apiDir);
const verbose = process.argv.includes('--files');
// --quiet (in `npm run lint`): the summary and the violations only.
const quiet = process.argv.includes('--quiet');

for (const [i, layer] of quiet ? [] : LAYERS.entries()) {
  console.log(`${i + 1}. ${layer.name}`);
  for (const folder of layer.folders) {
    const out = edges.filter((e) => e.from === folder);
    if (!out.length && !edges.some((e) => e.to === folder)) continue;
    const targets = out.map((e) => `${e.to}${layerOf(e.to) === i ? '' : ` (${LAYERS[layerOf(e.to)]?.name ?? '?'})`}`);
    console.log(`   ${folder.padEnd(14)} -> ${targets.join(', ') || '(nothing in api/)'}`);
  }
}

const found = violations(edges);
const pairs = mutualPairs(edges);
console.log(
  `${quiet ? '[arch] ' : '\n'}${edges.length} folder arrows, ${pairs.length} mutual pairs, ${found.length} violations`,
);
for (const v of found) {
  console.log(`  ${v.kind}: ${v.text}`);
  for (const f of verbose ? v.files : v.files.slice(0, 3)) console.log(`      ${f}`);
  if (!verbose && v.files.length > 3) console.log(`      … ${v.files.length - 3} more (--files)`);
}
process.exit(found.length ? 1 : 0);
