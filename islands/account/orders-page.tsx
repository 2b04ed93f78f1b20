import { useEffect, useMemo, useRef, useState } from 'react';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { formatDate } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { jakartaEpoch } from '../../core/dates.ts';
import { $orders, cancelOrder, dropOrder, loadOrders, requireSession } from '../stores/$account.ts';
import type { Order } from '../stores/$account.ts';
import { countdown } from '../stores/timer.ts';
import { Empty, LoadError, Loading, nightsLabel, podsLabel } from './account-kit.tsx';
import type { AccountText } from './account-kit.tsx';
import { nightsBetween } from '../../core/dates.ts';

/** "mm:ss", or "h:mm:ss" from an hour up. */
function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** /my-account/ and /my-account/order/: orders waiting for payment, to pay or cancel. */
export function OrdersPage({ lang, t, empty }: { lang: Lang; t: AccountText; empty: string }) {
  const state = useIslandStore($orders);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = t.common.loadFailed;
  useEffect(() => {
    if (requireSession(lang)) void loadOrders(failed);
  }, [lang, failed]);
  if (state.status === 'idle' || state.status === 'loading') return <Loading text={t.common.loading} />;
  if (state.status === 'error')
    return <LoadError retryLabel={t.common.retry} message={state.message} retry={() => void loadOrders(failed)} />;
  return (
    <div className="space-y-4">
      <div aria-live="polite">
        {notice && (
          <p
            role={notice.ok ? 'status' : 'alert'}
            className={`rounded-xl p-4 ${notice.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
            data-order-notice={notice.ok ? 'ok' : 'failed'}
          >
            {notice.text}
          </p>
        )}
      </div>
      {state.items.length === 0 ? (
        <Empty text={empty} />
      ) : (
        <ul aria-label={t.orders.listLabel} className="space-y-4">
          {state.items.map((order) => (
            <OrderCard key={order.reservationId} lang={lang} t={t} order={order} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderCard({
  lang,
  t,
  order,
  onNotice,
}: {
  lang: Lang;
  t: AccountText;
  order: Order;
  onNotice: (n: { ok: boolean; text: string } | null) => void;
}) {
  const $left = useMemo(() => countdown(jakartaEpoch(order.expiredDateTime)), [order.expiredDateTime]);
  const left = useIslandStore($left);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const noButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (left === 0) dropOrder(order.reservationId);
  }, [left, order.reservationId]);
  useEffect(() => {
    if (confirming) noButton.current?.focus();
  }, [confirming]);
  const questionId = `cancel-q-${order.reservationId}`;
  const cancel = async () => {
    setBusy(true);
    onNotice(null);
    try {
      await cancelOrder(order.reservationId);
      onNotice({ ok: true, text: fill(t.orders.cancelled, { orderId: order.orderId }) });
    } catch {
      setConfirming(false);
      onNotice({ ok: false, text: t.orders.cancelFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-order={order.reservationId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">{order.hotel.name}</h2>
          <p className="text-sm text-slate-600">
            {order.roomTypeName} · {podsLabel(t, order.totalPods)}
          </p>
        </div>
        <p className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900" data-countdown>
          {left > 0 ? fill(t.orders.payWithin, { time: clock(left) }) : t.orders.timeUp}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t.common.checkIn}</dt>
          <dd className="font-semibold">{formatDate(order.checkIn, lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.common.checkOut}</dt>
          <dd className="font-semibold">{formatDate(order.checkOut, lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.common.orderId}</dt>
          <dd className="font-semibold break-words" data-order-id>
            {order.orderId}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t.common.total}</dt>
          <dd className="font-semibold" data-order-total>
            {formatRupiah(order.total)} · {nightsLabel(t, nightsBetween(order.checkIn, order.checkOut))}
          </dd>
        </div>
      </dl>
      {confirming ? (
        <div role="alertdialog" aria-labelledby={questionId} className="mt-4 rounded-xl bg-slate-50 p-4">
          <p id={questionId} className="font-semibold">
            {t.orders.cancelConfirm}
          </p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
              onClick={() => void cancel()}
            >
              {t.orders.cancelYes}
            </button>
            <button
              ref={noButton}
              type="button"
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold"
              onClick={() => setConfirming(false)}
            >
              {t.orders.cancelNo}
            </button>
          </div>
        </div>
      ) : (
        left > 0 && (
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              href={localizedPath(lang, `/payment/list/${order.reservationId}/`)}
              data-pay-now
            >
              {t.orders.payNow}
            </a>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-red-700"
              onClick={() => setConfirming(true)}
            >
              {t.orders.cancel}
            </button>
          </div>
        )
      )}
    </li>
  );
}
