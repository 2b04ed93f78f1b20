// Which Chromium the browser tiers drive (Playwright's tests, `npm run bench:lighthouse`): the one
// CHROMIUM_PATH names, else the system's (Debian's `chromium`, a Chrome or Chromium on a Mac or another
// Linux), else Playwright's own build. `npm test` runs Playwright's installer when none is found
// (`ensureChromium`), so a machine with only Node still runs the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The system's browsers, most likely first: Debian and other Linux packages, then a Mac's apps. */
export const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export type ChromiumFound = { path: string; from: 'CHROMIUM_PATH' | 'system' | 'playwright' };

/** Playwright's own Chromium, where its installer put it (it may not be there). */
export const playwrightChromium = (): string => chromium.executablePath();

export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
  playwright: () => string = playwrightChromium,
): ChromiumFound | null {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' } : null;
  const system = SYSTEM_CHROMIUMS.find((file) => exists(file));
  if (system) return { path: system, from: 'system' };
  const own = playwright();
  return own && exists(own) ? { path: own, from: 'playwright' } : null;
}

/** What to say when no Chromium is there (one line). */
export function missingChromium(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH
    ? `Chromium is missing at CHROMIUM_PATH=${env.CHROMIUM_PATH}: point it at a Chromium or Chrome, or unset it.`
    : 'No Chromium found: set CHROMIUM_PATH, install one ("apt-get install -y chromium" on Debian), or run "npx playwright install chromium".';
}

/**
 * A Chromium for the browser tiers, installing Playwright's own when the machine has none (CHROMIUM_PATH
 * set to a missing file is an error, never replaced). Returns null, having said why, when that fails.
 */
export function ensureChromium(
  env: Record<string, string | undefined> = process.env,
  install: () => boolean = () =>
    spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', shell: false }).status === 0,
  find: (env: Record<string, string | undefined>) => ChromiumFound | null = findChromium,
): ChromiumFound | null {
  const found = find(env);
  if (found || env.CHROMIUM_PATH) {
    if (!found) console.error(missingChromium(env));
    return found;
  }
  console.log('[chromium] none on this machine: installing Playwright\'s own ("npx playwright install chromium")');
  const again = install() ? find(env) : null;
  if (!again) console.error(missingChromium(env));
  return again;
}
