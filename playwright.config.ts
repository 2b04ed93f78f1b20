import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium, missingChromium } from './scripts/chromium.ts';
import { forgetAppEnv } from './scripts/test-env.ts';

// End-to-end tests in the machine's Chromium (Debian's here; CHROMIUM_PATH, else the system's, else
// Playwright's own: scripts/chromium.ts) against the built one-process server on embedded defaults,
// with a throwaway data directory per run.
const found = findChromium();
if (!found) throw new Error(missingChromium());
/** CHROMIUM_PATH, else the system's Chromium, else Playwright's own (scripts/chromium.ts). */
export const CHROMIUM = found.path;
// Nothing of the shell's app environment (a DATABASE_URL, an SMTP_URL: scripts/test-env.ts) reaches
// the web server or the tests: Playwright gives them this process's environment under the config's.
forgetAppEnv();
const PORT = Number(process.env.E2E_PORT ?? 4455);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bbx-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    timezoneId: 'Asia/Jakarta',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Tests tagged @mobile run only on the phone viewport, @desktop only on the desktop one.
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, channel: undefined },
    },
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // The embedded default mode, as `npm start` runs it.
      NODE_ENV: 'development',
      ASTRO_TELEMETRY_DISABLED: '1',
      TEST_FAULT_ROUTES: '1',
      TEST_FIXTURE_ROUTES: '1',
      // Every test is a client of its own (tests/e2e/fixtures.ts sends its X-Forwarded-For), as
      // guests behind a trusted proxy are: per-address limits never make tests fight each other.
      TRUST_PROXY: 'loopback',
      ...(process.env.SITE_BUILD_DIR ? { SITE_BUILD_DIR: process.env.SITE_BUILD_DIR } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
