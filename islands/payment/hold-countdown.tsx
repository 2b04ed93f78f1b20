import { useMemo } from 'react';
import { jakartaEpoch } from '../../core/dates.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { countdown } from '../stores/timer.ts';

/** 9:05:07 or 05:07. */
export function clockText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * Time left on the reservation's hold (its expiredDateTime): the nights are kept for the guest
 * until then, and a payment must arrive before. Ticks every second (islands/stores/timer.ts).
 */
export function HoldCountdown({ t, expires }: { t: Dictionary['payment']; expires: string }) {
  const $left = useMemo(() => countdown(jakartaEpoch(expires)), [expires]);
  const left = useIslandStore($left);
  if (left === 0)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 font-semibold text-red-800" data-hold-expired>
        {t.holdExpired}
      </p>
    );
  return (
    <p className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900" data-hold-countdown>
      <span className="sr-only">{t.holdCountdownLabel}: </span>
      <span role="timer" aria-live="off">
        {fill(t.holdCountdown, { time: clockText(left) })}
      </span>
    </p>
  );
}
