import { describe, expect, it, vi } from 'vitest';
import { SYSTEM_CHROMIUMS, ensureChromium, findChromium, missingChromium } from './chromium.ts';

// The browser tiers' Chromium (issue 31, item 5): CHROMIUM_PATH, else the system's, else Playwright's
// own, installed by `npm test` when the machine has none.

const OWN = '/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
const on =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and never replaces a CHROMIUM_PATH that is missing', () => {
    expect(
      findChromium({ CHROMIUM_PATH: '/opt/c/chrome' }, on('/opt/c/chrome', '/usr/bin/chromium'), () => OWN),
    ).toEqual({
      path: '/opt/c/chrome',
      from: 'CHROMIUM_PATH',
    });
    expect(findChromium({ CHROMIUM_PATH: '/opt/c/chrome' }, on('/usr/bin/chromium', OWN), () => OWN)).toBeNull();
  });

  it("then the system's (Debian's before a Mac's), then Playwright's own", () => {
    expect(findChromium({}, on('/usr/bin/chromium', OWN), () => OWN)).toEqual({
      path: '/usr/bin/chromium',
      from: 'system',
    });
    const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(SYSTEM_CHROMIUMS).toContain(mac);
    expect(findChromium({}, on(mac, OWN), () => OWN)).toEqual({ path: mac, from: 'system' });
    expect(findChromium({}, on(OWN), () => OWN)).toEqual({ path: OWN, from: 'playwright' });
    expect(findChromium({}, on(), () => OWN)).toBeNull();
  });
});

describe('ensureChromium', () => {
  it("runs Playwright's installer only when the machine has no Chromium at all", () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let installed = false;
    const install = vi.fn(() => (installed = true));
    const find = (env: Record<string, string | undefined>) =>
      findChromium(
        env,
        (file) => installed && file === OWN,
        () => OWN,
      );
    expect(ensureChromium({}, install, find)).toEqual({ path: OWN, from: 'playwright' });
    expect(install).toHaveBeenCalledTimes(1);

    // A system Chromium: no installer.
    const none = vi.fn(() => true);
    expect(ensureChromium({}, none, (env) => findChromium(env, on('/usr/bin/chromium'), () => OWN))?.from).toBe(
      'system',
    );
    // CHROMIUM_PATH missing: an error in one line, no installer.
    expect(ensureChromium({ CHROMIUM_PATH: '/nope' }, none, (env) => findChromium(env, on(OWN), () => OWN))).toBeNull();
    expect(none).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(missingChromium({ CHROMIUM_PATH: '/nope' }));
    // The installer failed: said, and null.
    expect(
      ensureChromium(
        {},
        () => false,
        (env) => findChromium(env, on(), () => OWN),
      ),
    ).toBeNull();
    expect(error).toHaveBeenLastCalledWith(missingChromium({}));
    log.mockRestore();
    error.mockRestore();
  });
});
