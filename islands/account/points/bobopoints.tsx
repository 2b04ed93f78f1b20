import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { formatDate } from '../../../core/dates.ts';
import { fill } from '../../../core/i18n/fill.ts';
import type { Lang } from '../../../core/locales.ts';
import { formatPoints, formatRupiah } from '../../../core/money.ts';
import { useIslandStore } from '../../lib/use-island-store.ts';
import { $points, $pointsTab, POINTS_TABS, loadPoints } from '../../stores/$points.ts';
import type { PointsTab } from '../../stores/$points.ts';
import type { PointsCopy } from './copy.ts';
import { LoadError, Loading } from '../account-kit.tsx';
import { EntryList } from './entries.tsx';

// Bobopoints (spec sections 2 and 3): the active total with its worth in Rupiah and expiry date, and
// the Active, Pending and History tabs (a WAI-ARIA tab list: arrow keys move between the tabs).

export function Bobopoints({ lang, t }: { lang: Lang; t: PointsCopy }) {
  const state = useIslandStore($points);
  const tab = useIslandStore($pointsTab);
  const tabs = useRef<Record<PointsTab, HTMLButtonElement | null>>({ active: null, pending: null, history: null });

  if (state.status === 'loading') return <Loading text={t.loading} />;
  if (state.status === 'error')
    return <LoadError message={t.loadFailed} retryLabel={t.retry} retry={() => void loadPoints()} />;

  const { data } = state;
  const label: Record<PointsTab, string> = { active: t.tabActive, pending: t.tabPending, history: t.tabHistory };
  const choose = (next: PointsTab) => {
    $pointsTab.set(next);
    tabs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const at = POINTS_TABS.indexOf(tab);
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: POINTS_TABS.length - 1 - at }[e.key];
    if (move === undefined) return;
    e.preventDefault();
    choose(POINTS_TABS[(at + move + POINTS_TABS.length) % POINTS_TABS.length]!);
  };
  const entries = { active: data.active, pending: data.pending, history: data.history }[tab];
  const empty = { active: t.emptyActive, pending: t.emptyPending, history: t.emptyHistory }[tab];

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="points-total-title" className="rounded-2xl bg-brand-50 p-6" data-points-summary>
        <h2 id="points-total-title" className="text-sm font-semibold text-muted">
          {t.totalTitle}
        </h2>
        <p className="mt-1 text-3xl font-extrabold" data-points-total>
          {fill(t.points, { points: formatPoints(data.total) })}
        </p>
        <p className="mt-1 font-semibold" data-points-worth>
          {fill(t.worth, { amount: formatRupiah(data.worth) })}{' '}
          <span className="text-sm font-normal text-muted">({t.worthNote})</span>
        </p>
        <p className="mt-2 text-sm" data-points-expiry>
          {data.expiryDate ? fill(t.expires, { date: formatDate(data.expiryDate, lang) }) : t.noExpiry}
        </p>
      </section>

      <div>
        <div role="tablist" aria-label={t.tabsLabel} className="flex gap-2 border-b border-slate-200">
          {POINTS_TABS.map((key) => (
            <button
              key={key}
              ref={(el) => {
                tabs.current[key] = el;
              }}
              type="button"
              role="tab"
              id={`points-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`points-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              data-points-tab={key}
              className={`-mb-px border-b-2 px-4 py-2 font-semibold ${
                tab === key ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted'
              }`}
              onClick={() => choose(key)}
              onKeyDown={onKey}
            >
              {label[key]}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`points-panel-${tab}`}
          aria-labelledby={`points-tab-${tab}`}
          tabIndex={0}
          className="pt-2"
          data-points-panel={tab}
        >
          {entries.length === 0 ? (
            <p className="py-6 text-muted" data-points-empty={tab}>
              {empty}
            </p>
          ) : (
            <EntryList entries={entries} lang={lang} t={t} pending={tab === 'pending'} testId={tab} />
          )}
        </div>
      </div>
    </div>
  );
}
