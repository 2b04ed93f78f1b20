import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { offersStayNow, stayNowCheckin } from '../lib/stay-dates.ts';
import { $availability, $hotels, $search, isDaySelectable, loadHotels, selectHotel } from '../stores/$search.ts';
import type { SearchState } from '../stores/$search.ts';
import { Calendar } from './calendar.tsx';
import { StayNowModal } from './stay-now-modal.tsx';
import { STAY_NOW, restoreFromUrl, runSearch } from './search-submit.ts';
import { AVAILABILITY_WINDOW_DAYS, MAX_NIGHTS_OLD, formatDate, jakartaToday, nightsBetween } from '../../core/dates.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

/** Old variant (PUBLIC_SEARCH_FILTER=old): location select and a two-month range picker, at most 15 nights. */
export function rangeAllowed(checkin: string, checkout: string, max = MAX_NIGHTS_OLD): boolean {
  const n = nightsBetween(checkin, checkout);
  return n >= 1 && n <= max;
}

export function OldSearchFilter({
  lang,
  t,
  currentHotelId,
}: {
  lang: Lang;
  t: Dictionary['search'];
  currentHotelId: number | null;
}) {
  const search = useIslandStore($search);
  const hotels = useIslandStore($hotels);
  const availability = useIslandStore($availability);
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [stayNow, setStayNow] = useState<SearchState | null>(null);
  const today = jakartaToday().toString();
  const lastDay = jakartaToday()
    .add({ days: AVAILABILITY_WINDOW_DAYS - 1 })
    .toString();

  useEffect(() => {
    if (currentHotelId === null) {
      loadHotels().catch(() => setMessage(t.loadError));
      return undefined;
    }
    const onUrl = () => {
      restoreFromUrl().catch(() => setMessage(t.loadError));
    };
    onUrl();
    window.addEventListener('popstate', onUrl);
    return () => window.removeEventListener('popstate', onUrl);
  }, [currentHotelId, t.loadError]);

  // A newly chosen hotel starts its range from the search's check-in (state adjusted while rendering, as
  // React recommends over an effect; `undefined` makes the first render do it too).
  const [rangeHotel, setRangeHotel] = useState<typeof search.hotelId | undefined>(undefined);
  if (rangeHotel !== search.hotelId) {
    setRangeHotel(search.hotelId);
    if (search.checkin) {
      setStart(search.checkin);
      setEnd(null);
    }
  }

  const pick = (d: string) => {
    if (!start || end || d <= start) {
      setStart(d);
      setEnd(null);
      setMessage('');
      return;
    }
    if (!rangeAllowed(start, d)) {
      setMessage(fill(t.rangeTooLong, { n: MAX_NIGHTS_OLD }));
      return;
    }
    setEnd(d);
    setOpen(false);
    $search.set({ ...$search.get(), checkin: start, nights: nightsBetween(start, d) });
  };

  const ready = !!(search.hotelId && start && end);
  const submit = () => {
    if (!ready || !start || !end) return;
    const state = { ...search, checkin: start, nights: nightsBetween(start, end) };
    if (offersStayNow(new Date(), start, STAY_NOW)) {
      setStayNow(state);
      return;
    }
    runSearch(lang, state, currentHotelId);
  };

  return (
    <form
      role="search"
      aria-label={t.formLabel}
      data-search-filter="old"
      className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-lg md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_6.5rem] md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t.location}
        <select
          className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-normal"
          value={search.hotelId ? `${search.hotelId}-${search.slug}` : ''}
          onChange={(e) => {
            const h = hotels.find((x) => `${x.id}-${x.slug}` === e.target.value);
            if (h) void selectHotel(h);
          }}
        >
          <option value="" disabled>
            {t.locationPlaceholder}
          </option>
          {hotels.map((h) => (
            <option key={h.id} value={`${h.id}-${h.slug}`}>{`${h.name} — ${h.city}`}</option>
          ))}
        </select>
      </label>
      <div className="relative flex flex-col gap-1 text-sm font-semibold">
        <span id="range-label">{t.rangeLabel}</span>
        <button
          type="button"
          aria-labelledby="range-label range-value"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={!search.hotelId}
          className="rounded-lg border border-slate-300 px-3 py-2 text-left font-normal disabled:bg-slate-100"
          onClick={() => setOpen(true)}
        >
          <span id="range-value">
            {start && end ? `${formatDate(start, lang)} – ${formatDate(end, lang)}` : t.checkinPlaceholder}
          </span>
        </button>
        {open && (
          <Calendar
            lang={lang}
            t={t}
            months={2}
            title={fill(t.rangeHint, { n: MAX_NIGHTS_OLD })}
            today={today}
            lastDay={lastDay}
            selected={start}
            rangeEnd={end}
            isSelectable={(d) => (start && !end && d > start ? true : isDaySelectable(d, today, availability.days))}
            priceOf={(d) => availability.days[d]?.minPrice ?? null}
            onChoose={pick}
            onClose={() => setOpen(false)}
          />
        )}
      </div>
      <button
        type="submit"
        disabled={!ready}
        className="rounded-lg bg-brand-600 px-4 py-2.5 font-bold text-white disabled:bg-slate-400"
      >
        {t.search}
      </button>
      <p className="text-sm text-muted md:col-span-3" aria-live="polite">
        {message}
      </p>
      {stayNow?.checkin && (
        <StayNowModal
          t={t}
          nightLabel={formatDate(stayNowCheckin(stayNow.checkin), lang)}
          onNow={() => {
            const s = { ...stayNow, checkin: stayNowCheckin(stayNow.checkin as string) };
            setStayNow(null);
            runSearch(lang, s, currentHotelId);
          }}
          onLater={() => {
            const s = stayNow;
            setStayNow(null);
            runSearch(lang, s, currentHotelId);
          }}
        />
      )}
    </form>
  );
}
