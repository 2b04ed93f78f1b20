// `npm test`: every test tier in order, stopping at the first failing step.
// type checks -> ESLint and Prettier --check -> Vitest (unit + PGlite integration) -> the security
// tier (*.sec.test.ts) -> Vitest on real
// PostgreSQL -> Sanity schema validation and offline Studio build -> Playwright in Debian's Chromium
// against the built server -> the operations tier (*.ops.test.ts: real nodes behind Caddy, Prometheus,
// backups) on real PostgreSQL.
import { spawn } from 'node:child_process';
import { ensureChromium } from './chromium.ts';
import { failureDigest } from './failure-digest.ts';
import { strayAppEnv, withoutAppEnv } from './test-env.ts';

const only = process.env.TEST_STEPS?.split(',');
// The browser tier's Chromium: CHROMIUM_PATH, the system's, or Playwright's own (installed here when
// the machine has none), found before the first step so a missing one fails in seconds.
if (!only || only.includes('end-to-end')) {
  const chromium = ensureChromium();
  if (!chromium) process.exit(1);
  console.log(`[chromium] ${chromium.path} (${chromium.from})`);
  process.env.CHROMIUM_PATH = chromium.path;
}

// The shell's app environment is never the tests' (scripts/test-env.ts): said once, left out of every step.
const stray = strayAppEnv();
if (stray.length)
  console.log(
    `[env] left out of every step (the tests make their own; TEST_DATABASE_URL names a PostgreSQL they may reset): ${stray.join(', ')}`,
  );

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
  const { status, output } = await runStep(command);
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status}).`);
    const digest = failureDigest(output);
    if (digest.length) console.error(`What failed (from the output above):\n${digest.join('\n')}`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(status || 1);
  }
  passed += 1;
}
console.log(`steps: ${passed} passed, 0 failed`);

/** Runs a step with its output passed through as it comes, and kept for the digest of a failure. */
function runStep(command: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: {
        ...withoutAppEnv(process.env),
        TZ: 'Asia/Jakarta',
        ASTRO_TELEMETRY_DISABLED: '1',
        SANITY_TELEMETRY_DISABLED: '1',
        // Piped output keeps its colours on a terminal.
        ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
      },
    });
    // The last 32 MB at most (a whole browser tier prints a few).
    const chunks: Buffer[] = [];
    let kept = 0;
    const keep = (chunk: Buffer) => {
      chunks.push(chunk);
      kept += chunk.length;
      while (kept > 32 * 1024 * 1024 && chunks.length > 1) kept -= chunks.shift()!.length;
    };
    child.stdout.on('data', (chunk: Buffer) => (keep(chunk), process.stdout.write(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (keep(chunk), process.stderr.write(chunk)));
    child.on('close', (code, signal) =>
      resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}
