import { atom, onMount } from 'nanostores';
import type { ReadableAtom } from 'nanostores';

// Time in the islands: one way to count down (the hold's payment window, the code resend cool-down)
// and one ticking clock (the payment page's expiry line). Timers run only while a component listens
// (nanostores' onMount), so a closed screen leaves nothing ticking.

/** Milliseconds left until `deadline` (epoch ms), updated every second while listened to; stops at 0. */
export function countdown(deadline: number, clock: () => number = Date.now): ReadableAtom<number> {
  const left = () => Math.max(0, deadline - clock());
  const $left = atom(left());
  onMount($left, () => {
    $left.set(left());
    if ($left.get() === 0) return undefined;
    const timer = setInterval(() => {
      const ms = left();
      $left.set(ms);
      if (ms === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  });
  return $left;
}

/** The current time, ticking every second while listened to. */
export const $now = atom(Date.now());
onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), 1000);
  return () => clearInterval(timer);
});
