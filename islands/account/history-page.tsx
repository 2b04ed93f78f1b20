import { useEffect } from 'react';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { formatDate } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { $history, loadHistory, requireSession } from '../stores/$account.ts';
import { Empty, LoadError, Loading, nightsLabel, podsLabel } from './account-kit.tsx';
import type { AccountText } from './account-kit.tsx';

const TONE = {
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  expired: 'bg-amber-100 text-amber-900',
  refunded: 'bg-blue-100 text-blue-900',
} as const;

/** /my-account/history/ (HotelStayHistoryList): past stays, cancelled, expired and refunded orders. */
export function HistoryPage({ lang, t, empty }: { lang: Lang; t: AccountText; empty: string }) {
  const state = useIslandStore($history);
  const failed = t.common.loadFailed;
  useEffect(() => {
    if (requireSession(lang)) void loadHistory(failed);
  }, [lang, failed]);
  if (state.status === 'idle' || state.status === 'loading') return <Loading text={t.common.loading} />;
  if (state.status === 'error')
    return <LoadError retryLabel={t.common.retry} message={state.message} retry={() => void loadHistory(failed)} />;
  if (state.items.length === 0) return <Empty text={empty} />;
  return (
    <ul aria-label={t.history.listLabel} className="space-y-4">
      {state.items.map((item) => (
        <li
          key={item.reservationId}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          data-history={item.reservationId}
          data-status={item.status}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="text-lg font-bold">{item.hotel.name}</h2>
              <p className="text-sm text-slate-600">
                {item.roomTypeName} · {podsLabel(t, item.totalPods)} · {nightsLabel(t, item.nights)}
              </p>
            </div>
            <p className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[item.status]}`} data-status-label>
              {item.statusLabel}
            </p>
          </div>
          <p className="mt-2 text-sm">
            {formatDate(item.checkInDate, lang)} – {formatDate(item.checkOutDate, lang)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t.common.orderId}:{' '}
            <span className="font-semibold break-words" data-order-id>
              {item.orderId}
            </span>
            {item.paidAmount !== null && <> · {fill(t.history.paid, { amount: formatRupiah(item.paidAmount) })}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}
