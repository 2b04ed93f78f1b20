// Runs the Sanity CLI for the Studio in studio/ with telemetry off.
//   npm run studio            -> sanity dev (needs SANITY_PROJECT_ID)
//   npm run studio:build      -> sanity build studio/dist (offline; placeholder project id)
//   npm run schema:validate   -> sanity schema validate
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const studioDir = fileURLToPath(new URL('../studio/', import.meta.url));
const bin = fileURLToPath(new URL('../node_modules/.bin/sanity', import.meta.url));
const commands: Record<string, string[]> = {
  dev: ['dev'],
  build: ['build', 'dist', '--yes', '--no-minify'],
  'schema-validate': ['schema', 'validate'],
};

const command = process.argv[2] ?? '';
const args = commands[command];
if (!args) {
  console.error(`Usage: node scripts/studio.ts ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
if (command === 'dev' && !process.env.SANITY_PROJECT_ID) {
  console.error('npm run studio needs SANITY_PROJECT_ID (and SANITY_DATASET, default "production"). See .env.example.');
  process.exit(1);
}
const result = spawnSync(process.execPath, [bin, ...args], {
  cwd: studioDir,
  stdio: 'inherit',
  env: { ...process.env, SANITY_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '--max-old-space-size=3072' },
});
process.exit(result.status ?? 1);
