// `npm test`: every test tier in order, stopping at the first failing step.
// type checks -> ESLint and Prettier --check -> Vitest (unit + PGlite integration) -> the security
// tier (*.sec.test.ts) -> Vitest on real
// PostgreSQL -> Sanity schema validation and offline Studio build -> Playwright in Debian's Chromium
// against the built server -> the operations tier (*.ops.test.ts: real nodes behind Caddy, Prometheus,
// backups) on real PostgreSQL.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.ts';

const only = process.env.TEST_STEPS?.split(',');
// The browser tier's Chromium: CHROMIUM_PATH, the system's, or Playwright's own (installed here when
// the machine has none), found before the first step so a missing one fails in seconds.
if (!only || only.includes('end-to-end')) {
  const chromium = ensureChromium();
  if (!chromium) process.exit(1);
  console.log(`[chromium] ${chromium.path} (${chromium.from})`);
  process.env.CHROMIUM_PATH = chromium.path;
}

const steps: [string, string][] = [
  ['type checks', 'npm run check'],
  ['lint and format', 'npm run lint'],
  ['unit and integration tests', 'npm run test:unit'],
  ['security tests', 'npm run test:sec'],
  ['PostgreSQL tests', 'npm run test:pg'],
  ['content schema validation and offline Studio build', 'npm run schema:validate && npm run studio:build'],
  ['end-to-end tests', 'npm run test:e2e'],
  ['operations tests', 'npm run test:ops'],
];
let passed = 0;
for (const [name, command] of steps) {
  if (only && !only.includes(name.split(' ')[0]!)) continue;
  console.log(`\n=== ${name}: ${command}`);
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'Asia/Jakarta', ASTRO_TELEMETRY_DISABLED: '1', SANITY_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status}).`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  passed += 1;
}
console.log(`steps: ${passed} passed, 0 failed`);
