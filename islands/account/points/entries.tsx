import type { PointEntry } from '../../../core/contracts/responses.ts';
import { formatDate, jakartaToday } from '../../../core/dates.ts';
import { fill } from '../../../core/i18n/fill.ts';
import type { Lang } from '../../../core/locales.ts';
import { formatPoints } from '../../../core/money.ts';
import { Temporal } from '../../../core/temporal.ts';
import type { PointsCopy } from './copy.ts';

// One ledger line as the tabs show it: what it was, when, and how many points it added or took.

const dayOf = (iso: string) => jakartaToday(new Date(iso)).toString();

function kindLabel(entry: PointEntry, t: PointsCopy): string {
  return Object.hasOwn(t.kinds, entry.kind) ? t.kinds[entry.kind as keyof PointsCopy['kinds']] : entry.label;
}

/** When a pending earning becomes active, against today in Jakarta (the browser's clock). */
export function earningLine(earnDate: string, lang: Lang, t: PointsCopy, now: Date = new Date()): string {
  const days = jakartaToday(now).until(Temporal.PlainDate.from(earnDate), { largestUnit: 'days' }).days;
  const when = days <= 0 ? t.earnToday : days === 1 ? t.earnTomorrow : fill(t.earnIn, { days });
  return `${fill(t.earnOn, { date: formatDate(earnDate, lang) })} · ${when}`;
}

/** The date line of an active or past entry. */
function dateLine(entry: PointEntry, lang: Lang, t: PointsCopy): string {
  if (entry.status === 'cancelled') return t.cancelled;
  const date = formatDate(entry.earn_date ?? dayOf(entry.created_at), lang);
  if (entry.kind === 'redeem') return fill(t.usedOn, { date: formatDate(dayOf(entry.created_at), lang) });
  if (entry.kind === 'expire' || entry.kind === 'purge')
    return fill(t.expiredOn, { date: formatDate(dayOf(entry.created_at), lang) });
  return fill(t.earnedOn, { date });
}

export function EntryList({
  entries,
  lang,
  t,
  pending = false,
  testId,
}: {
  entries: PointEntry[];
  lang: Lang;
  t: PointsCopy;
  pending?: boolean;
  testId: string;
}) {
  return (
    <ul className="divide-y divide-slate-200" data-points-list={testId}>
      {entries.map((entry) => {
        const sign = entry.amount > 0 ? '+' : '−';
        return (
          <li key={entry.id} className="flex items-start justify-between gap-4 py-3" data-points-entry={entry.kind}>
            <div>
              <p className="font-semibold">{kindLabel(entry, t)}</p>
              <p className="text-sm text-muted" data-points-date>
                {pending && entry.earn_date ? earningLine(entry.earn_date, lang, t) : dateLine(entry, lang, t)}
              </p>
              {entry.reservation_id !== null && (
                <p className="text-xs text-muted">{fill(t.booking, { id: entry.reservation_id })}</p>
              )}
            </div>
            <p
              className={`shrink-0 font-bold ${entry.amount > 0 && entry.status !== 'cancelled' ? 'text-emerald-800' : 'text-ink'}`}
              data-points-amount
            >
              {sign}
              {formatPoints(Math.abs(entry.amount))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
