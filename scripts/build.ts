// `npm run build`: Astro build, precompression, and build-info.json with the input hash that
// `npm start` compares to decide whether the build is stale.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeInputHash } from '../server/build-info.ts';
import { buildMedia } from './media/build-media.ts';
import { precompress } from './precompress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
const inputHash = computeInputHash(root);
const pictures = await buildMedia();
console.log(`[build] ${pictures} picture files rendered (site/public/media)`);
const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const result = spawnSync(process.execPath, [astro, 'build'], {
  cwd: root,
  stdio: 'inherit',
  // Always a production bundle (React's production build), whatever NODE_ENV the caller runs with.
  env: { ...process.env, NODE_ENV: 'production', ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
const files = await precompress(path.join(outDir, 'client'));
writeFileSync(
  path.join(outDir, 'build-info.json'),
  JSON.stringify({ inputHash, builtAt: new Date().toISOString() }, null, 2),
);
console.log(`[build] precompressed ${files} files; build-info written to ${path.relative(root, outDir)}`);
