// `npm test`: every test tier in order, stopping at the first failing step.
// type checks -> ESLint and Prettier --check -> Vitest (unit + PGlite integration) -> the security
// tier (*.sec.test.ts) -> Vitest on real
// PostgreSQL -> Sanity schema validation and offline Studio build -> Playwright in Debian's Chromium
// against the built server -> the operations tier (*.ops.test.ts: real nodes behind Caddy, Prometheus,
// backups) on real PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: run "apt-get install -y chromium" (Debian) or set CHROMIUM_PATH.`);
  process.exit(1);
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
const only = process.env.TEST_STEPS?.split(',');
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
