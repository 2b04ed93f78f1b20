import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { offersStayNow, stayNowCheckin } from '../lib/stay-dates.ts';
import {
  $availability,
  $checkout,
  $dayUseDays,
  $hotels,
  $hourlyHotels,
  $keptVoucher,
  $maxDuration,
  $search,
  $searchNotice,
  canSearch,
  canSearchDayUse,
  dayUseStarts,
  durationOptions,
  hourLabel,
  isDaySelectable,
  isDayUseSelectable,
  keepVoucherFromUrl,
  loadHotels,
  loadHourlyHotels,
  selectDayUseHotel,
  selectHotel,
  setCheckin,
  setDayUseBlock,
  setDayUseDay,
  setDayUseStart,
  setNights,
  setStayKind,
} from '../stores/$search.ts';
import { formatRupiah } from '../../core/money.ts';
import type { SearchNotice, SearchState } from '../stores/$search.ts';
import { Calendar } from './calendar.tsx';
import { StayNowModal } from './stay-now-modal.tsx';
import { PlaceSearch } from './place-search.tsx';
import { localizedPath } from '../../core/locales.ts';
import { STAY_NOW, forgetVoucher, restoreFromUrl, restoreLastSearch, runSearch } from './search-submit.ts';
import { AVAILABILITY_WINDOW_DAYS, MAX_NIGHTS_NEW, formatDate, jakartaToday } from '../../core/dates.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

export interface SearchFilterProps {
  lang: Lang;
  t: Dictionary['search'];
  /** The hotel whose page this is (hotel page), or null on home and /search/. */
  currentHotelId: number | null;
  /** The place box (a city, area or landmark); off where the page has its own (/search/). */
  placeBox?: boolean;
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

/** Open a select's list from code (after a tap that came before its options); not every browser can. */
function openPicker(select: HTMLSelectElement) {
  select.focus();
  try {
    select.showPicker();
  } catch {
    // No picker from code here (or the tap's activation is spent): the list opens on the next tap.
  }
}

export function SearchFilter({ lang, t, currentHotelId, placeBox = true }: SearchFilterProps) {
  const search = useIslandStore($search);
  const checkout = useIslandStore($checkout, null);
  const hotels = useIslandStore($hotels);
  const availability = useIslandStore($availability);
  const maxDuration = useIslandStore($maxDuration);
  const notice = useIslandStore($searchNotice);
  const hourlyHotels = useIslandStore($hourlyHotels);
  const dayUseDays = useIslandStore($dayUseDays);
  const keptCode = useIslandStore($keptVoucher);
  const dayUse = search.dayUse ?? null;
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
    keepVoucherFromUrl(currentHotelId === null);
    if (currentHotelId !== null) {
      onUrl();
      window.addEventListener('popstate', onUrl);
      return () => window.removeEventListener('popstate', onUrl);
    }
    restoreLastSearch().catch(() => setError(t.loadError));
    return undefined;
  }, [currentHotelId, t.loadError]);

  // Home and /search/: the hotel list (and the API client it brings) is asked for when the guest first
  // reaches for the page (a move, a touch, a key, a scroll), not with the page, so a visit that never
  // searches downloads neither. A hotel page asks for it at once (restoreFromUrl above).
  useEffect(() => {
    if (currentHotelId !== null) return undefined;
    const intents = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;
    const stop = () => intents.forEach((type) => window.removeEventListener(type, want, true));
    function want() {
      stop();
      loadHotels().catch(() => setError(t.loadError));
    }
    // A guest who tapped or typed before the island woke up has reached for it already.
    if (navigator.userActivation?.hasBeenActive) want();
    else intents.forEach((type) => window.addEventListener(type, want, { capture: true, passive: true }));
    return stop;
  }, [currentHotelId, t.loadError]);

  // Day use lists the hourly hotels (loaded when first shown); overnight the daily ones (loaded by the restore).
  const isDayUse = dayUse !== null;
  useEffect(() => {
    if (isDayUse) loadHourlyHotels().catch(() => setError(t.loadError));
  }, [isDayUse, t.loadError]);

  const onHotel = (value: string) => {
    const hotel = (dayUse ? hourlyHotels : hotels).find((h) => `${h.id}-${h.slug}` === value);
    setError('');
    // The hotel already chosen (the tab's last search, restored): nothing to load again. A second load
    // would disable Search for a moment, and a click landing then would be lost.
    if (hotel && hotel.id === search.hotelId) return;
    if (hotel && dayUse) selectDayUseHotel(hotel).catch(() => setError(t.loadError));
    else if (hotel) selectHotel(hotel).catch(() => setError(t.loadError));
  };

  const submit = () => {
    if (dayUse) {
      // Day use has its own start hour: no Stay Now question.
      if (canSearchDayUse(search, dayUseDays.days)) runSearch(lang, search, currentHotelId);
      return;
    }
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

  const hotelList = dayUse ? hourlyHotels : hotels;
  const selectedHotel = hotelList.find((h) => h.id === search.hotelId);
  const options = durationOptions(maxDuration, MAX_NIGHTS_NEW);
  const dayBlocks = (search.checkin && dayUseDays.days[search.checkin]) || [];
  const starts = dayUse ? dayUseStarts(dayUseDays.days, search.checkin, dayUse.hours) : [];
  const disabled = dayUse ? !canSearchDayUse(search, dayUseDays.days) : !canSearch(search, maxDuration);
  const hint = !search.hotelId
    ? t.noHotel
    : dayUse
      ? dayUse.start === null || !starts.length
        ? dayUseDays.loading
          ? ''
          : t.noStart
        : fill(t.dayUseInfo, {
            hours: fill(t.blockHours, { n: dayUse.hours }),
            start: hourLabel(dayUse.start),
            end: hourLabel(dayUse.start + dayUse.hours),
          })
      : maxDuration === 0
        ? t.noAvailability
        : maxDuration
          ? fill(t.maxInfo, { n: maxDuration })
          : '';
  const dayUsePrice = (d: string) => {
    const prices = (dayUseDays.days[d] ?? []).flatMap((b) =>
      b.starts.length && b.minPrice !== null ? [b.minPrice] : [],
    );
    return prices.length ? Math.min(...prices) : null;
  };

  return (
    <form
      role="search"
      aria-label={t.formLabel}
      data-search-filter="new"
      // Its columns are fixed, never sized by what is in them: a browser paints the form before all of it
      // has arrived, and a day-use search restored from the address swaps the fields after load; a
      // column sized by its content, or by the stay kind, would move the fields beside it. The widths
      // fit both kinds (the day-use package with its price is the widest field).
      className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-lg md:grid-cols-2 md:items-end lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.3fr)_minmax(0,1.4fr)_minmax(0,1.2fr)_6.5rem]"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="flex flex-wrap items-center gap-4 text-sm col-span-full" data-stay-type>
        <legend className="sr-only">{t.stayType}</legend>
        {[
          [false, t.stayOvernight],
          [true, t.stayDayUse],
        ].map(([day, label]) => (
          <label key={String(day)} className="flex items-center gap-2 font-semibold">
            <input
              type="radio"
              name="stay-type"
              value={day ? 'day' : 'night'}
              checked={isDayUse === day}
              onChange={() => {
                setError('');
                setOpen(false);
                setStayKind(day as boolean);
              }}
            />
            {label}
          </label>
        ))}
        {keptCode && !isDayUse && (
          <span
            className="ml-auto flex items-center gap-2 rounded-full bg-green-50 py-1 pr-1 pl-3 text-green-800"
            data-kept-code={keptCode}
          >
            {fill(t.keptCode, { code: keptCode })}
            <button
              type="button"
              className="rounded-full px-2 py-0.5 font-semibold underline"
              aria-label={fill(t.keptCodeRemoveLabel, { code: keptCode })}
              onClick={() => forgetVoucher(currentHotelId)}
            >
              {t.keptCodeRemove}
            </button>
          </span>
        )}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t.location}
        <select
          name="hotel"
          className="h-10 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-base font-normal md:text-sm"
          value={selectedHotel ? `${selectedHotel.id}-${selectedHotel.slug}` : ''}
          onChange={(e) => onHotel(e.target.value)}
          // A tap that came before the list: the list opens once it is there.
          onPointerDown={(e) => {
            if (hotelList.length) return;
            e.preventDefault();
            const select = e.currentTarget;
            (dayUse ? loadHourlyHotels() : loadHotels())
              .then(() => requestAnimationFrame(() => openPicker(select)))
              .catch(() => setError(t.loadError));
          }}
        >
          <option value="" disabled>
            {t.locationPlaceholder}
          </option>
          {hotelList.map((h) => (
            <option key={h.id} value={`${h.id}-${h.slug}`}>{`${h.name} — ${h.city}`}</option>
          ))}
        </select>
      </label>
      <div className="relative flex flex-col gap-1 text-sm font-semibold">
        <span id="checkin-label">{dayUse ? t.dayUseDay : t.checkin}</span>
        <button
          type="button"
          name="checkin"
          aria-labelledby="checkin-label checkin-value"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={!search.hotelId || (dayUse ? dayUseDays.loading : availability.loading)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-left text-base font-normal disabled:bg-slate-100 md:text-sm"
          onClick={() => setOpen(true)}
        >
          <span id="checkin-value">{search.checkin ? formatDate(search.checkin, lang) : t.checkinPlaceholder}</span>
        </button>
        {open && dayUse && (
          <Calendar
            lang={lang}
            t={t}
            title={t.dayUseCalendarTitle}
            today={today}
            lastDay={lastDay}
            selected={search.checkin}
            isSelectable={(d) => isDayUseSelectable(d, today, dayUseDays.days)}
            priceOf={dayUsePrice}
            onChoose={(d) => {
              setOpen(false);
              setDayUseDay(d);
            }}
            onClose={() => setOpen(false)}
          />
        )}
        {open && !dayUse && (
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
      {dayUse && (
        <>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t.block}
            <select
              name="block"
              className="h-10 rounded-lg border border-slate-300 px-3 text-base font-normal md:text-sm"
              value={String(dayUse.hours)}
              disabled={!search.checkin || !dayBlocks.length}
              onChange={(e) => setDayUseBlock(Number(e.target.value))}
            >
              {(dayBlocks.length ? dayBlocks : [{ hours: dayUse.hours, minPrice: null, starts: [] }]).map((b) => (
                <option key={b.hours} value={b.hours} disabled={!b.starts.length}>
                  {b.minPrice !== null && b.starts.length
                    ? fill(t.blockFrom, { n: b.hours, price: formatRupiah(b.minPrice) })
                    : fill(t.blockHours, { n: b.hours })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t.startHour}
            <select
              name="start"
              className="h-10 rounded-lg border border-slate-300 px-3 text-base font-normal md:text-sm"
              value={dayUse.start === null ? '' : String(dayUse.start)}
              disabled={!starts.length}
              onChange={(e) => setDayUseStart(Number(e.target.value))}
            >
              {!starts.length && <option value="">—</option>}
              {starts.map((h) => (
                <option key={h} value={h}>
                  {`${hourLabel(h)}–${hourLabel(h + dayUse.hours)}`}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {!dayUse && (
        <>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t.duration}
            <select
              name="duration"
              className="h-10 rounded-lg border border-slate-300 px-3 text-base font-normal md:text-sm"
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
              className="h-10 rounded-lg border border-slate-300 bg-slate-50 px-3 text-base font-normal md:text-sm"
              value={checkout ? formatDate(checkout, lang) : ''}
              placeholder="—"
            />
          </label>
        </>
      )}
      <button
        type="submit"
        disabled={disabled}
        className="rounded-lg bg-brand-600 px-4 py-2.5 font-bold md:col-span-2 lg:col-span-1 text-white disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {t.search}
      </button>
      {notice && (
        <p
          role="status"
          data-search-notice
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 col-span-full"
        >
          {noticeText(t, notice, lang)}
        </p>
      )}
      {/* The hint's lines are held while it is empty (the hotel's days loading), so the page below never
          moves: two on a phone, where the longer hints (Indonesian) wrap, one on a wider screen. */}
      <p className="min-h-10 text-sm text-muted col-span-full md:min-h-5" aria-live="polite" data-search-hint>
        {error || hint}
      </p>
      {placeBox && !isDayUse && (
        <div className="col-span-full" data-filter-place>
          <PlaceSearch
            lang={lang}
            initial=""
            inputId="filter-place-q"
            copy={{
              label: t.placeFilterLabel,
              hint: t.placeHint,
              suggestions: t.placeSuggestions,
              suggestionCount: t.placeSuggestionCount,
              distance: t.placeDistance,
            }}
            // A branch chosen becomes the filter's location; typed text opens the place results.
            onPick={(place) => {
              const value = `${place.id}-${place.slug}`;
              if (hotels.some((h) => `${h.id}-${h.slug}` === value)) onHotel(value);
              else window.location.assign(localizedPath(lang, `/search/${value}/`));
            }}
            onText={(q) => {
              const query = new URLSearchParams({ q });
              if (search.checkin && checkout) {
                query.set('checkin', search.checkin);
                query.set('checkout', checkout);
              }
              window.location.assign(`${localizedPath(lang, '/search/')}?${query}`);
            }}
          />
        </div>
      )}
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
