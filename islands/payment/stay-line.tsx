import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { formatDate } from '../../core/dates.ts';
import type { Detail } from '../stores/$payment.ts';

/**
 * The stay in the payment summaries: its dates for nights, or for day use its day and block with
 * the times in the hotel's zone ("Day use: Thu, 12 March 2026 · 3 hours, 10:00–13:00 WIB"), as the
 * review and the confirmation e-mail name it; then the number of pods.
 */
export function StayLine({ lang, t, info }: { lang: Lang; t: Dictionary['payment']; info: Detail['info'] }) {
  const block = info.dayUse;
  const stay = block
    ? `${t.dayUse}: ${fill(t.dayUseBlock, {
        day: formatDate(block.start, lang),
        hours: fill(t.blockHours, { n: block.hours }),
        start: block.startTime,
        end: block.endTime,
        zone: info.hotel.timeZoneLabel,
      })}`
    : `${t.stay}: ${formatDate(info.checkIn, lang)} – ${formatDate(info.checkOut, lang)}`;
  return (
    <p className="text-sm" data-pay-stay={block ? 'day-use' : 'nights'}>
      {stay} · {t.pods}: {info.totalPods}
    </p>
  );
}
