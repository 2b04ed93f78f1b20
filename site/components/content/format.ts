import { Temporal } from 'temporal-polyfill';
import type { Lang } from '../../../core/locales.ts';
import { LOCALES } from '../../../core/locales.ts';

/** "14 September 2023" / "14 September 2023" for a YYYY-MM-DD date. */
export function formatDate(date: string, lang: Lang): string {
  return Temporal.PlainDate.from(date).toLocaleString(LOCALES[lang].bcp47, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export function formatPeriod(start: string, end: string, lang: Lang): string {
  return `${formatDate(start, lang)} – ${formatDate(end, lang)}`;
}
