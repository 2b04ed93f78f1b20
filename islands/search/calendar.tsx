import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Temporal } from '../../core/temporal.ts';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { formatRupiah, shortRupiah } from '../../core/money.ts';
import { monthGrid } from '../lib/stay-dates.ts';
import { formatDate, monthLabel } from '../../core/dates.ts';

// A date grid (WAI-ARIA date picker dialog pattern): Monday first, arrow keys move by day and week,
// PageUp/PageDown by month, Home/End to the week's ends, Enter/Space choose, Escape closes.
// `isSelectable` decides available vs sold/past; `priceOf` gives the lowest nightly price.

export interface CalendarProps {
  lang: Lang;
  t: Dictionary['search'];
  today: string;
  lastDay: string;
  selected: string | null;
  /** Range mode (old filter): the second end and the hovered day are highlighted. */
  rangeEnd?: string | null;
  isSelectable: (date: string) => boolean;
  priceOf?: (date: string) => number | null;
  onChoose: (date: string) => void;
  onClose: () => void;
  months?: 1 | 2;
  title: string;
}

export function Calendar(props: CalendarProps) {
  const { lang, t, today, lastDay, selected, isSelectable, priceOf, onChoose, onClose, months = 1 } = props;
  const first = Temporal.PlainDate.from(today);
  const last = Temporal.PlainDate.from(lastDay);
  const initial = selected && selected >= today ? selected : today;
  const [focused, setFocused] = useState(initial);
  const [month, setMonth] = useState(() => Temporal.PlainDate.from(initial).toPlainYearMonth());
  const gridRef = useRef<HTMLDivElement>(null);
  const weekdays = t.weekdays.split(',');
  const weekdaysLong = t.weekdaysLong.split(',');
  const shown = useMemo(() => Array.from({ length: months }, (_, i) => month.add({ months: i })), [month, months]);

  useEffect(() => {
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const move = (next: Temporal.PlainDate) => {
    if (Temporal.PlainDate.compare(next, first) < 0) next = first;
    if (Temporal.PlainDate.compare(next, last) > 0) next = last;
    const ym = next.toPlainYearMonth();
    const lastShown = shown[shown.length - 1];
    if (Temporal.PlainYearMonth.compare(ym, month) < 0) setMonth(ym);
    else if (Temporal.PlainYearMonth.compare(ym, lastShown) > 0) setMonth(ym.subtract({ months: months - 1 }));
    setFocused(next.toString());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const d = Temporal.PlainDate.from(focused);
    const keys: Record<string, () => Temporal.PlainDate> = {
      ArrowLeft: () => d.subtract({ days: 1 }),
      ArrowRight: () => d.add({ days: 1 }),
      ArrowUp: () => d.subtract({ days: 7 }),
      ArrowDown: () => d.add({ days: 7 }),
      PageUp: () => d.subtract({ months: 1 }),
      PageDown: () => d.add({ months: 1 }),
      Home: () => d.subtract({ days: d.dayOfWeek - 1 }),
      End: () => d.add({ days: 7 - d.dayOfWeek }),
    };
    if (keys[event.key]) {
      event.preventDefault();
      move(keys[event.key]());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const canPrev = Temporal.PlainYearMonth.compare(month, first.toPlainYearMonth()) > 0;
  const canNext = Temporal.PlainYearMonth.compare(shown[shown.length - 1], last.toPlainYearMonth()) < 0;

  return (
    // Escape closes the dialog wherever focus is inside it (the WAI-ARIA dialog pattern); the keys act on the
    // dialog's own buttons, which stay the interactive elements.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="dialog"
      aria-modal="true"
      aria-label={props.title}
      data-calendar
      className="fixed inset-0 z-50 flex flex-col overflow-auto bg-white p-4 md:absolute md:inset-auto md:left-0 md:top-full md:mt-2 md:w-max md:rounded-xl md:border md:border-slate-200 md:shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 className="text-lg font-bold">{props.title}</h2>
        <button type="button" className="rounded-lg px-3 py-2 text-sm font-semibold underline" onClick={onClose}>
          {t.calendarClose}
        </button>
      </div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40"
          aria-label={t.prevMonth}
          disabled={!canPrev}
          onClick={() => setMonth(month.subtract({ months: 1 }))}
        >
          ‹
        </button>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-40"
          aria-label={t.nextMonth}
          disabled={!canNext}
          onClick={() => setMonth(month.add({ months: 1 }))}
        >
          ›
        </button>
      </div>
      <div ref={gridRef} className="flex flex-col gap-6 md:flex-row">
        {shown.map((ym) => {
          const label = monthLabel(ym, lang);
          const headingId = `cal-${ym.toString()}`;
          return (
            <div key={ym.toString()}>
              <h3 id={headingId} className="mb-2 text-center font-semibold" aria-live="polite">
                {label}
              </h3>
              <table
                role="grid"
                aria-labelledby={headingId}
                className="border-separate border-spacing-1"
                onKeyDown={onKeyDown}
              >
                <thead>
                  <tr>
                    {weekdays.map((w, i) => (
                      <th key={w} scope="col" abbr={weekdaysLong[i]} className="w-11 text-xs font-medium text-muted">
                        {w}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthGrid(ym).map((week, wi) => (
                    <tr key={wi}>
                      {week.map((day, di) => {
                        if (!day) return <td key={di} />;
                        const iso = day.toString();
                        const inWindow = iso >= today && iso <= lastDay;
                        const ok = inWindow && isSelectable(iso);
                        const price = ok ? (priceOf?.(iso) ?? null) : null;
                        const isSel = iso === selected || iso === props.rangeEnd;
                        const inRange = !!(selected && props.rangeEnd && iso > selected && iso < props.rangeEnd);
                        const dateText = formatDate(iso, lang);
                        // Past days and days beyond the booking window cannot be booked; only days inside
                        // the window that are full (or closed) are sold out, and they look different.
                        const state = ok ? 'available' : iso < today ? 'past' : iso > lastDay ? 'beyond' : 'sold';
                        const aria =
                          state === 'available'
                            ? fill(t.dayAvailable, { date: dateText, price: price !== null ? formatRupiah(price) : '' })
                            : fill(state === 'past' ? t.dayPast : state === 'beyond' ? t.dayBeyond : t.daySold, {
                                date: dateText,
                              });
                        return (
                          <td key={di} role="gridcell" aria-selected={isSel} className="p-0">
                            <button
                              type="button"
                              data-date={iso}
                              data-state={state}
                              tabIndex={iso === focused ? 0 : -1}
                              aria-disabled={!ok}
                              onClick={() => {
                                if (ok) onChoose(iso);
                                else setFocused(iso);
                              }}
                              className={[
                                'flex h-12 w-11 flex-col items-center justify-center rounded-lg text-sm leading-tight focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
                                isSel
                                  ? 'bg-brand-600 font-bold text-white'
                                  : inRange
                                    ? 'bg-brand-100'
                                    : state === 'available'
                                      ? 'hover:bg-brand-50'
                                      : state === 'sold'
                                        ? 'cursor-not-allowed bg-rose-50 text-rose-800 line-through'
                                        : 'cursor-not-allowed text-slate-500',
                              ].join(' ')}
                            >
                              <span className="sr-only">{aria}</span>
                              <span aria-hidden="true">{day.day}</span>
                              {price !== null && (
                                <span
                                  aria-hidden="true"
                                  className={`text-[10px] ${isSel ? 'text-white' : 'text-emerald-800'}`}
                                >
                                  {shortRupiah(price, lang)}
                                </span>
                              )}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
      <ul
        className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm"
        aria-label={`${t.legendAvailable} / ${t.legendSold} / ${t.legendClosed}`}
      >
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-emerald-600" />
          {t.legendAvailable}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-rose-300" />
          {t.legendSold}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-slate-300" />
          {t.legendClosed}
        </li>
      </ul>
    </div>
  );
}
