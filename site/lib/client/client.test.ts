import { describe, expect, it, vi } from 'vitest';
import { headerState } from './header-state.ts';
import { claimReload, isChunkLoadError, reloadOnChunkFailure } from './reload-guard.ts';
import { createLoadingBar } from './loading-bar.ts';

describe('headerState', () => {
  it('is sticky from 100 px and shown from 400 px', () => {
    expect(headerState(0)).toEqual({ sticky: false, shown: false });
    expect(headerState(99)).toEqual({ sticky: false, shown: false });
    expect(headerState(100)).toEqual({ sticky: true, shown: false });
    expect(headerState(399)).toEqual({ sticky: true, shown: false });
    expect(headerState(400)).toEqual({ sticky: true, shown: true });
  });
});

describe('chunk reload guard', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };
  it('recognises chunk-load failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
  it('reloads at most once per 60 s', () => {
    const storage = memory();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_030_000)).toBe(false);
    expect(claimReload(storage, 1_059_999)).toBe(false);
    expect(claimReload(storage, 1_060_000)).toBe(true);
  });
  it('waits for the connection before reloading, and reloads once for failures seen offline', () => {
    let online = false;
    const waiting: (() => void)[] = [];
    const reload = vi.fn();
    const env = {
      online: () => online,
      whenOnline: (callback: () => void) => void waiting.push(callback),
      storage: memory(),
      now: () => 5_000_000,
      reload,
    };
    const failure = new TypeError('Failed to fetch dynamically imported module: /_astro/api-client.js');
    reloadOnChunkFailure(failure, env);
    reloadOnChunkFailure(failure, env);
    reloadOnChunkFailure(new Error('Cannot read properties of undefined'), env);
    expect(reload).not.toHaveBeenCalled();
    expect(waiting).toHaveLength(2);
    online = true;
    waiting.forEach((callback) => callback());
    expect(reload).toHaveBeenCalledTimes(1);
    reloadOnChunkFailure(failure, env);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('loading bar', () => {
  it('stays hidden for work under the 200 ms throttle', () => {
    vi.useFakeTimers();
    const frames: (number | null)[] = [];
    const bar = createLoadingBar((p) => frames.push(p), {
      setTimeout: (f, ms) => setTimeout(f, ms) as unknown as number,
      clearTimeout: (id) => clearTimeout(id),
    });
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(1000);
    expect(frames).toEqual([]);
    vi.useRealTimers();
  });
  it('appears after 200 ms, runs over 5 s and completes on finish', () => {
    vi.useFakeTimers();
    const frames: (number | null)[] = [];
    const bar = createLoadingBar((p) => frames.push(p), {
      setTimeout: (f, ms) => setTimeout(f, ms) as unknown as number,
      clearTimeout: (id) => clearTimeout(id),
    });
    bar.start();
    vi.advanceTimersByTime(200);
    expect(frames).toEqual([0]);
    vi.advanceTimersByTime(2500);
    expect(frames.at(-1)).toBeCloseTo(0.5, 2);
    vi.advanceTimersByTime(2500);
    expect(frames.at(-1)).toBeCloseTo(0.95, 2);
    bar.finish();
    expect(frames.at(-1)).toBe(1);
    vi.advanceTimersByTime(200);
    expect(frames.at(-1)).toBeNull();
    vi.useRealTimers();
  });
});
