import type { Lang } from './locales.ts';

/**
 * The time of day of an instant in Jakarta, as a guest reads it: "14:35 WIB" (English), "14.35 WIB"
 * (Indonesian). Intl only, so a page script can use it without the Temporal polyfill.
 */
export function jakartaClock(at: Date | string, lang: Lang): string {
  const time = new Intl.DateTimeFormat(lang === 'id' ? 'id-ID' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Jakarta',
  }).format(new Date(at));
  return `${time} WIB`;
}
