import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '../constants.ts';

export interface LoadingBarTimers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * A top loading bar: nothing shows for work that finishes within the 200 ms throttle; after
 * that the bar grows towards the end over 5 s and completes when the work is done.
 * `render(progress)` gets a value from 0 to 1, or null when the bar is hidden.
 */
export function createLoadingBar(
  render: (progress: number | null) => void,
  timers: LoadingBarTimers = {
    setTimeout: (f, ms) => window.setTimeout(f, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  },
  tickMs = 100,
) {
  let pending = 0;
  let throttle: number | null = null;
  let tick: number | null = null;
  let elapsed = 0;

  const stopTicking = () => {
    if (tick !== null) timers.clearTimeout(tick);
    tick = null;
  };
  const step = () => {
    elapsed += tickMs;
    // Ease towards 95% over the duration; the last stretch waits for finish().
    render(Math.min(0.95, elapsed / LOADING_BAR_DURATION_MS));
    if (elapsed < LOADING_BAR_DURATION_MS) tick = timers.setTimeout(step, tickMs);
  };

  return {
    start() {
      pending += 1;
      if (pending > 1) return;
      elapsed = 0;
      throttle = timers.setTimeout(() => {
        throttle = null;
        render(0);
        tick = timers.setTimeout(step, tickMs);
      }, LOADING_BAR_THROTTLE_MS);
    },
    finish() {
      if (pending === 0) return;
      pending -= 1;
      if (pending > 0) return;
      if (throttle !== null) {
        timers.clearTimeout(throttle);
        throttle = null;
        return; // finished within the throttle: the bar never showed
      }
      stopTicking();
      render(1);
      timers.setTimeout(() => render(null), 200);
    },
    get active() {
      return pending > 0;
    },
  };
}
