import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { offersStayNow, stayNowCheckin } from '../lib/stay-dates.ts';
import {
  $availability,
  $checkout,
  $hotels,
  $maxDuration,
  $search,
  $searchNotice,
  canSearch,
  durationOptions,
  isDaySelectable,
  selectHotel,
  setCheckin,
  setNights,
} from '../stores/$search.ts';
import type { SearchNotice, SearchState } from '../stores/$search.ts';
import { Calendar } from './calendar.tsx';
import { StayNowModal } from './stay-now-modal.tsx';
import { STAY_NOW, restoreFromUrl, restoreLastSearch, runSearch } from './search-submit.ts';
import { AVAILABILITY_WINDOW_DAYS, MAX_NIGHTS_NEW, formatDate, jakartaToday } from '../../core/dates.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

export interface SearchFilterProps {
  lang: Lang;
  t: Dictionary['search'];
  /** The hotel whose page this is (hotel page), or null on home and /search/. */
  currentHotelId: number | null;
}

export function nightsLabel(t: Dictionary['search'], n: number): string {
  return n === 1 ? t.night : fill(t.nights, { n });
}

/** The notice of a search the page had to change (see $searchNotice). */
export function noticeText(t: Dictionary['search'], n: SearchNotice, lang: Lang): string {
  if (n.kind === 'tooLong')
    return fill(t.noticeTooLong, { asked: nightsLabel(t, n.asked), chosen: nightsLabel(t, n.chosen) });
  const asked = formatDate(n.asked, lang);
  if (!n.chosen) return fill(n.kind === 'past' ? t.noticePastNone : t.noticeUnavailableNone, { asked });
  return fill(n.kind === 'past' ? t.noticePast : t.noticeUnavailable, { asked, chosen: formatDate(n.chosen, lang) });
}

export function SearchFilter({ lang, t, currentHotelId }: SearchFilterProps) {
  const search = useIslandStore($search);
  const checkout = useIslandStore($checkout, null);
  const hotels = useIslandStore($hotels);
  const availability = useIslandStore($availability);
  const maxDuration = useIslandStore($maxDuration);
  const notice = useIslandStore($searchNotice);
  const [open, setOpen] = useState(false);
  const [stayNow, setStayNow] = useState<SearchState | null>(null);
  const [error, setError] = useState('');
  const today = jakartaToday().toString();
  const lastDay = jakartaToday()
    .add({ days: AVAILABILITY_WINDOW_DAYS - 1 })
    .toString();

  useEffect(() => {
    const onUrl = () => {
      restoreFromUrl().catch(() => setError(t.loadError));
    };
    if (currentHotelId !== null) {
      onUrl();
      window.addEventListener('popstate', onUrl);
      return () => window.removeEventListener('popstate', onUrl);
    }
    restoreLastSearch().catch(() => setError(t.loadError));
    return undefined;
  }, [currentHotelId, t.loadError]);

  const onHotel = (value: string) => {
    const hotel = hotels.find((h) => `${h.id}-${h.slug}` === value);
    setError('');
    if (hotel) selectHotel(hotel).catch(() => setError(t.loadError));
  };

  const submit = () => {
    if (!canSearch(search, maxDuration) || !search.checkin) return;
    if (offersStayNow(new Date(), search.checkin, STAY_NOW)) {
      setStayNow(search);
      return;
    }
    runSearch(lang, search, currentHotelId);
  };

  const finishStayNow = (now: boolean) => {
    if (!stayNow?.checkin) return;
    const state = now ? { ...stayNow, checkin: stayNowCheckin(stayNow.checkin) } : stayNow;
    setStayNow(null);
    if (now) $search.set(state);
    runSearch(lang, state, currentHotelId);
  };

  const selectedHotel = hotels.find((h) => h.id === search.hotelId);
  const options = durationOptions(maxDuration, MAX_NIGHTS_NEW);
  const disabled = !canSearch(search, maxDuration);
  const hint = !search.hotelId
    ? t.noHotel
    : maxDuration === 0
      ? t.noAvailability
      : maxDuration
        ? fill(t.maxInfo, { n: maxDuration })
        : '';

  return (
    <form
      role="search"
      aria-label={t.formLabel}
      data-search-filter="new"
      className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-lg md:grid-cols-[2fr_1.3fr_1fr_1.3fr_auto] md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t.location}
        <select
          name="hotel"
          className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-normal"
          value={selectedHotel ? `${selectedHotel.id}-${selectedHotel.slug}` : ''}
          onChange={(e) => onHotel(e.target.value)}
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
        <span id="checkin-label">{t.checkin}</span>
        <button
          type="button"
          name="checkin"
          aria-labelledby="checkin-label checkin-value"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={!search.hotelId || availability.loading}
          className="rounded-lg border border-slate-300 px-3 py-2 text-left font-normal disabled:bg-slate-100"
          onClick={() => setOpen(true)}
        >
          <span id="checkin-value">{search.checkin ? formatDate(search.checkin, lang) : t.checkinPlaceholder}</span>
        </button>
        {open && (
          <Calendar
            lang={lang}
            t={t}
            title={t.calendarTitle}
            today={today}
            lastDay={lastDay}
            selected={search.checkin}
            isSelectable={(d) => isDaySelectable(d, today, availability.days)}
            priceOf={(d) => availability.days[d]?.minPrice ?? null}
            onChoose={(d) => {
              setOpen(false);
              setCheckin(d).catch(() => setError(t.loadError));
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t.duration}
        <select
          name="duration"
          className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
          value={String(search.nights)}
          disabled={!search.checkin}
          onChange={(e) => setNights(Number(e.target.value))}
        >
          {options.map((o) => (
            <option key={o.nights} value={o.nights} disabled={o.disabled}>
              {o.disabled && maxDuration !== null
                ? fill(t.overMax, { label: nightsLabel(t, o.nights) })
                : nightsLabel(t, o.nights)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t.checkout}
        <input
          name="checkout"
          readOnly
          className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-normal"
          value={checkout ? formatDate(checkout, lang) : ''}
          placeholder="—"
        />
      </label>
      <button
        type="submit"
        disabled={disabled}
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-bold text-white disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {t.search}
      </button>
      {notice && (
        <p
          role="status"
          data-search-notice
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 md:col-span-5"
        >
          {noticeText(t, notice, lang)}
        </p>
      )}
      <p className="text-sm text-muted md:col-span-5" aria-live="polite" data-search-hint>
        {error || hint}
      </p>
      {stayNow?.checkin && (
        <StayNowModal
          t={t}
          nightLabel={formatDate(stayNowCheckin(stayNow.checkin), lang)}
          onNow={() => finishStayNow(true)}
          onLater={() => finishStayNow(false)}
        />
      )}
    </form>
  );
}
