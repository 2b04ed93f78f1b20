import { Temporal } from '../../core/temporal.ts';

import { jakartaNow } from '../../core/dates.ts';

// Search-filter rules on top of the kernel's calendar (core/dates.ts).

/** The Stay Now window: hours [from, to] inclusive in Jakarta, read from the public flags. */
export type StayNowConfig = { enabled: boolean; from: number; to: number };

export function parseStayNowConfig(flag: string | undefined, hours: string | undefined): StayNowConfig {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(hours ?? '');
  const from = m ? Number(m[1]) : 0;
  const to = m ? Number(m[2]) : 5;
  return { enabled: flag !== 'off', from: Math.min(from, 23), to: Math.min(to, 23) };
}

/**
 * Whether to offer Stay Now: the guest searches inside the window (00:00-05:59 by default) for a
 * check-in of today, when last night is still the night they want.
 */
export function offersStayNow(now: Date, checkin: string, config: StayNowConfig): boolean {
  if (!config.enabled) return false;
  const z = jakartaNow(now);
  return z.hour >= config.from && z.hour <= config.to && checkin === z.toPlainDate().toString();
}

/** Last night's date while the Stay Now window is open (a Stay Now search may ask for it), else null. */
export function stayNowDay(now: Date, config: StayNowConfig): string | null {
  const z = jakartaNow(now);
  if (!config.enabled || z.hour < config.from || z.hour > config.to) return null;
  return z.toPlainDate().subtract({ days: 1 }).toString();
}

/** Stay now: the check-in moves back one day, the nights stay the same. */
export function stayNowCheckin(checkin: string): string {
  return Temporal.PlainDate.from(checkin).subtract({ days: 1 }).toString();
}

/** A month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthGrid(month: Temporal.PlainYearMonth): (Temporal.PlainDate | null)[][] {
  const first = month.toPlainDate({ day: 1 });
  const lead = first.dayOfWeek - 1; // Monday = 1 in ISO
  const cells: (Temporal.PlainDate | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= month.daysInMonth; d++) cells.push(month.toPlainDate({ day: d }));
  while (cells.length % 7) cells.push(null);
  const weeks: (Temporal.PlainDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
