import type { Temporal as Polyfill } from 'temporal-polyfill';

// Temporal, the runtime's own where it has one (Chromium 144+, Firefox 139+), the polyfill only where
// it is missing (Node 24, Safari): a browser that has it never downloads the polyfill's 16 KB. Every
// module takes Temporal from here, never from 'temporal-polyfill' (eslint.config.js); a module that
// imports this one waits for the polyfill where it loads (top-level await), so an island never runs
// without it. The types are the polyfill's (the standard's API), for the native object too.

type TemporalApi = typeof Polyfill;

const native = (globalThis as { Temporal?: TemporalApi }).Temporal;

export const Temporal: TemporalApi = native ?? (await import('temporal-polyfill')).Temporal;

/** Whether this runtime brought its own Temporal (the polyfill was not loaded). */
export const nativeTemporal = native !== undefined;

// The type side of `Temporal.PlainDate` and the rest, as the polyfill's namespace gives them.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Temporal {
  export type Instant = Polyfill.Instant;
  export type ZonedDateTime = Polyfill.ZonedDateTime;
  export type PlainDate = Polyfill.PlainDate;
  export type PlainDateTime = Polyfill.PlainDateTime;
  export type PlainTime = Polyfill.PlainTime;
  export type PlainYearMonth = Polyfill.PlainYearMonth;
  export type PlainMonthDay = Polyfill.PlainMonthDay;
  export type Duration = Polyfill.Duration;
  export type DurationLike = Polyfill.DurationLike;
  export type PlainDateLike = Polyfill.PlainDateLike;
}
