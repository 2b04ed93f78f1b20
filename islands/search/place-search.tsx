import { useEffect, useId, useRef, useState } from 'react';
import type { PlaceMatchView } from '../../core/contracts/places.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { decimalLabel, localizedPath } from '../../core/locales.ts';
import { openCall } from '../lib/api-on-demand.ts';

// The place box of /search/ (issue 28): a plain text input of the page's GET form, which works with no
// JavaScript (the server lists the matches); hydrated, it suggests branches as the guest types, as a
// combobox (ARIA 1.2: the input owns a listbox; arrows move, Enter opens the branch with the form's
// dates, Escape closes, and a status line says how many suggestions there are). Enter with no option
// chosen submits the form, as before. In the search filter (no form of its own: `onPick` and `onText`),
// a suggestion chosen picks that branch in the filter and Enter on free text opens the place results.

export type PlaceSearchCopy = {
  label: string;
  hint: string;
  suggestions: string;
  suggestionCount: string;
  distance: string;
};

const WAIT_MS = 200;

export type PlaceSearchProps = {
  lang: Lang;
  copy: PlaceSearchCopy;
  initial: string;
  /** The input's id (two boxes may share a page); the page form's box by default. */
  inputId?: string;
  /** A suggestion chosen; by default, the branch's page with the page form's dates. */
  onPick?: (place: PlaceMatchView) => void;
  /** Enter on typed text with no suggestion chosen, when the box has no form to submit. */
  onText?: (q: string) => void;
};

export function PlaceSearch({ lang, copy, initial, inputId = 'place-q', onPick, onText }: PlaceSearchProps) {
  const [value, setValue] = useState(initial);
  // The suggestions with the text they answer: shown only while the box still holds that text.
  const [answer, setAnswer] = useState<{ q: string; items: PlaceMatchView[] }>({ q: '', items: [] });
  const items = answer.q !== '' && answer.q === value.trim() ? answer.items : [];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const base = useId();
  const listId = `${base}-options`;
  const optionId = (i: number) => `${base}-option-${i}`;

  useEffect(() => {
    const q = value.trim();
    if (q.length < 2 || q === initial.trim()) return;
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      openCall<{ data: PlaceMatchView[] }>({ path: 'clients/v1/places', query: { q } })
        .then((body) => {
          if (ticket !== asked.current) return; // a later keystroke asked again
          setAnswer({ q, items: body.data.slice(0, 8) });
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined); // Suggestions are a help: the form still works without them.
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [value, initial]);

  /** The branch's page, with the dates the form holds now. */
  const go = (place: PlaceMatchView) => {
    if (onPick) {
      setOpen(false);
      setActive(-1);
      onPick(place);
      return;
    }
    const form = document.querySelector<HTMLFormElement>('[data-place-form]');
    const data = form ? new FormData(form) : new FormData();
    const query = new URLSearchParams({
      checkin: String(data.get('checkin') ?? ''),
      checkout: String(data.get('checkout') ?? ''),
      id: String(place.id),
    });
    window.location.assign(`${localizedPath(lang, `/search/${place.id}-${place.slug}/`)}?${query}`);
  };
  const shown = open && items.length > 0;
  const describe = (p: PlaceMatchView) =>
    p.landmark
      ? `${p.name}, ${p.city} · ${fill(copy.distance, { km: decimalLabel(p.landmark.distanceKm, lang), landmark: p.landmark.name })}`
      : `${p.name}, ${p.city}`;

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {copy.label}
      </label>
      <input
        id={inputId}
        name={onText ? undefined : 'q'}
        type="search"
        value={value}
        required={!onText}
        minLength={2}
        maxLength={80}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${inputId}-hint`}
        className="rounded-lg border border-slate-400 px-3 py-2"
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          } else if (e.key === 'Escape' && shown) {
            // Closes the list and keeps the text (a search box would clear it; a second Escape does).
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (e.key === 'Enter' && shown && active >= 0) {
            e.preventDefault();
            go(items[active]!);
          } else if (e.key === 'Enter' && onText) {
            // Not the filter's own search: the place results for the text.
            e.preventDefault();
            if (value.trim().length >= 2) onText(value.trim());
          }
        }}
      />
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        {copy.hint}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={copy.suggestions}
        hidden={!shown}
        className="absolute top-full right-0 left-0 z-20 mt-1 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        data-place-suggestions
      >
        {items.map((p, i) => (
          <li
            key={p.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 font-semibold' : ''}`}
            // mousedown, before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(p);
            }}
            data-place-suggestion={p.slug}
          >
            {describe(p)}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only" data-place-suggestion-count>
        {shown ? fill(copy.suggestionCount, { n: String(items.length) }) : ''}
      </p>
    </div>
  );
}
