import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $now, countdown } from './timer.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T01:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('countdown', () => {
  it('counts down every second while listened to, stops at zero, and ticks nothing without listeners', () => {
    const $left = countdown(Date.now() + 2_500);
    const seen: number[] = [];
    const stop = $left.subscribe((ms) => seen.push(ms));
    vi.advanceTimersByTime(3_000);
    expect(seen).toEqual([2_500, 1_500, 500, 0]);
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });

  it('catches up with time that passed while nobody listened', () => {
    const $left = countdown(Date.now() + 60_000);
    vi.advanceTimersByTime(10_000);
    expect(vi.getTimerCount()).toBe(0);
    const stop = $left.listen(() => {});
    expect($left.get()).toBe(50_000);
    stop();
    vi.advanceTimersByTime(1_000); // nanostores unmounts after a short delay
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('$now', () => {
  it('ticks every second while listened to', () => {
    const stop = $now.listen(() => {});
    vi.advanceTimersByTime(2_000);
    expect($now.get()).toBe(new Date('2026-11-25T01:00:02Z').getTime());
    stop();
  });
});
