// Runs the Sanity CLI for the Studio in studio/ with telemetry off.
//   npm run studio            -> sanity dev (needs SANITY_PROJECT_ID)
//   npm run studio:build      -> sanity build studio/dist (offline; placeholder project id)
//   npm run schema:validate   -> sanity schema validate
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const studioDir = `${root}studio/`;
const bin = `${root}node_modules/.bin/sanity`;
const commands: Record<string, string[]> = {
  dev: ['dev'],
  build: ['build', `${studioDir}dist`, '--yes'],
  'schema-validate': ['schema', 'validate'],
  // Used by scripts/import-dataset.ts: sanity dataset import <file> <dataset> [flags]
  'dataset-import': ['dataset', 'import', ...process.argv.slice(3)],
};

/**
 * The Sanity CLI wants package.json and node_modules beside sanity.config.ts, but studio/ holds
 * only the two config files (the one package.json is at the root). So the CLI runs in a work
 * directory of symlinks under studio/.sanity/ (git-ignored); imports resolve from the real files.
 */
function prepareWorkDir(): string {
  const workDir = `${studioDir}.sanity/workdir/`;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  for (const [name, target] of [
    ['sanity.config.ts', `${studioDir}sanity.config.ts`],
    ['sanity.cli.ts', `${studioDir}sanity.cli.ts`],
    ['package.json', `${root}package.json`],
    ['node_modules', `${root}node_modules`],
  ])
    symlinkSync(target, `${workDir}${name}`);
  return workDir;
}

const command = process.argv[2] ?? '';
const args = commands[command];
if (!args) {
  console.error(`Usage: node scripts/studio.ts ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
if ((command === 'dev' || command === 'dataset-import') && !process.env.SANITY_PROJECT_ID) {
  console.error(
    `${command === 'dev' ? 'npm run studio' : 'npm run dataset:import'} needs SANITY_PROJECT_ID (and SANITY_DATASET, default "production"). See .env.example.`,
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [bin, ...args], {
  cwd: prepareWorkDir(),
  stdio: 'inherit',
  env: {
    ...process.env,
    SANITY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NODE_OPTIONS: process.env.NODE_OPTIONS ?? '--max-old-space-size=3072',
  },
});
process.exit(result.status ?? 1);
