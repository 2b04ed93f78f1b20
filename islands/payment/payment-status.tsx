import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { formatPoints, formatRupiah } from '../../core/money.ts';
import { SessionRedirect } from '../lib/api-client.ts';
import { $auth, $pendingCount, restoreAuth } from '../stores/$auth.ts';
import { $detail, $paymentState, cancelPayment, loadPaymentState, loadReservationDetail } from '../stores/$payment.ts';
import { BankSteps, bankOf } from './bank-steps.tsx';
import { clockText } from './hold-countdown.tsx';
import { PriceSummary } from './price-summary.tsx';
import { StayLine } from './stay-line.tsx';
import { formatDate } from '../../core/dates.ts';
import { $now } from '../stores/timer.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { useHydrated } from '../lib/client-value.ts';
import { trackOnce } from '../lib/track.ts';
import { reservationFields } from '../booking/journey-events.ts';

export interface PaymentStatusProps {
  lang: Lang;
  t: Dictionary['payment'];
  /** The step indicator's words for a reached step (site/components/chrome/step-indicator.astro). */
  steps: { current: string; finished: string };
  reservationId: number;
}

/**
 * Poll every 3 s while the payment is pending: the page updates itself when it settles, also when
 * the gateway's notification is lost (the API then asks the gateway itself).
 */
const POLL_MS = 3_000;

/** The indicator's badge colours per state, as step-indicator.astro renders them. */
const BADGE = { upcoming: ['bg-slate-200', 'text-slate-700'], reached: ['bg-brand-600', 'text-white'] };

/**
 * The step indicator is static HTML rendered at step 3: a settled payment moves it to step 4 (Done),
 * lit as the server would have rendered it (badge colour, tick, current-step wording).
 */
function markStep(step: 3 | 4, words: PaymentStatusProps['steps']) {
  for (const li of document.querySelectorAll<HTMLElement>('[data-steps] [data-step]')) {
    const n = Number(li.dataset.step);
    const state = n < step ? 'finished' : n === step ? 'active' : 'upcoming';
    li.dataset.state = state;
    if (state === 'active') li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
    const [badge, label] = Array.from(li.children) as HTMLElement[];
    if (!badge || !label) continue;
    badge.classList.remove(...BADGE.upcoming, ...BADGE.reached);
    badge.classList.add(...(state === 'upcoming' ? BADGE.upcoming : BADGE.reached));
    badge.textContent = state === 'finished' ? '✓' : String(n);
    label.classList.toggle('font-semibold', state === 'active');
    label.querySelector('.sr-only')?.remove();
    if (state !== 'upcoming') {
      const sr = document.createElement('span');
      sr.className = 'sr-only';
      sr.textContent = ` (${state === 'active' ? words.current : words.finished})`;
      label.append(sr);
    }
  }
}

export function PaymentStatus({ lang, t, steps, reservationId }: PaymentStatusProps) {
  const auth = useIslandStore($auth);
  const state = useIslandStore($paymentState);
  const detail = useIslandStore($detail);
  const [error, setError] = useState<string | null>(null);
  const now = useIslandStore($now);
  // The QR image drawn for one qr_string: a new string shows nothing until its own image is ready.
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  // Server and hydrating browser render the same placeholder; the session is read only after that.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!restoreAuth().isLoggedIn) return;
    let timer: number | undefined;
    let stopped = false;
    const tick = async () => {
      try {
        const s = await loadPaymentState(reservationId);
        if (s.result === 'success') {
          markStep(4, steps);
          $pendingCount.set(Math.max(0, $pendingCount.get() - 1));
          // Settled: the summary is the price as confirmed (its points now taken), and the purchase is
          // measured once (api/events).
          void loadReservationDetail(reservationId)
            .then((d) => trackOnce('purchase', String(reservationId), reservationFields(d)))
            .catch(() => undefined);
        }
        if (!stopped && (s.result === 'pending' || s.result === 'unpaid'))
          timer = window.setTimeout(() => void tick(), POLL_MS);
      } catch (e) {
        if (!(e instanceof SessionRedirect)) setError(e instanceof Error ? e.message : t.payFailed);
      }
    };
    void tick();
    void loadReservationDetail(reservationId).catch(() => undefined);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [reservationId, t.payFailed, steps]);

  // The QR: the gateway's own image (its generate-qr-code action, served on our origin), else drawn
  // here from the QR string (loaded only then).
  const pendingCharge = state?.result === 'pending' ? state.charge : null;
  const qrImage = pendingCharge?.qr_image_url ?? null;
  const qrString = pendingCharge?.qr_string ?? null;
  useEffect(() => {
    if (qrImage || !qrString) return;
    void import('qrcode')
      .then((QRCode) => QRCode.default.toDataURL(qrString, { margin: 1, width: 240 }))
      .then((url) => setDrawn({ text: qrString, url }));
  }, [qrImage, qrString]);
  const qr = qrImage ?? (qrString && drawn?.text === qrString ? drawn.url : null);

  if (!hydrated) return <p role="status">{t.loading}</p>;
  if (!auth.isLoggedIn)
    return (
      <p>
        {t.signInFirst}{' '}
        <a className="font-bold underline" href={localizedPath(lang, '/signin/')}>
          {t.signIn}
        </a>
      </p>
    );
  if (error) return <p role="alert">{error}</p>;
  if (!state) return <p role="status">{t.loading}</p>;

  const c = state.charge;
  const heading =
    state.result === 'success'
      ? t.statusSuccess
      : state.result === 'pending'
        ? t.statusPending
        : state.result === 'refund'
          ? t.statusRefund
          : state.result === 'failed'
            ? t.statusFailed
            : t.statusUnpaid;
  const code = c?.va_number ?? c?.bill_key ?? null;
  const bank = c ? bankOf(c.channel_code) : null;
  const left = c ? new Date(c.expires_at).getTime() - now : 0;

  return (
    <div className="space-y-4" data-result={state.result}>
      <section className="rounded-2xl bg-white p-6 text-center shadow-sm">
        <h2 className="text-2xl font-extrabold" role="status" data-status-heading>
          {heading}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {t.orderId}: {state.order_id}
        </p>
        {c && (
          <p className="mt-1 text-lg font-bold">
            {t.amount}: <span data-charged>{formatRupiah(c.gross_amount)}</span>
          </p>
        )}
      </section>

      {state.result === 'pending' && c && (
        <section className="rounded-2xl bg-white p-6 shadow-sm" aria-labelledby="pay-how">
          <h3 id="pay-how" className="sr-only">
            {t.chargeTitle}
          </h3>
          <p className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900">
            <span role="timer" aria-live="off" data-countdown>
              {fill(t.countdown, { time: clockText(left) })}
            </span>
          </p>
          <p className="mt-2 text-sm">{t.pendingHelp}</p>
          {code && (
            <div className="mt-4">
              {c.biller_code && (
                <p>
                  {t.billerCode}: <strong data-biller-code>{c.biller_code}</strong>
                </p>
              )}
              <p>{c.bill_key ? t.billKey : fill(t.vaNumber, { bank: (c.bank ?? '').toUpperCase() })}:</p>
              <p className="flex items-center gap-3">
                <strong className="font-mono text-2xl tracking-wider" data-va-number>
                  {code}
                </strong>
                <button
                  type="button"
                  className="rounded-lg border border-slate-300 px-3 py-1 text-sm"
                  onClick={() => {
                    void navigator.clipboard?.writeText(code).then(
                      () => setCopied(true),
                      () => undefined,
                    );
                  }}
                >
                  {copied ? t.copied : t.copy}
                </button>
              </p>
              {bank && (
                <BankSteps
                  lang={lang}
                  bank={bank}
                  code={code}
                  biller={c.biller_code ?? undefined}
                  labels={{ title: t.instructionsTitle, atm: t.instructionsAtm, online: t.instructionsOnline }}
                />
              )}
            </div>
          )}
          {(qrImage || qrString) && (
            <div className="mt-4 text-center">
              {qr && (
                <img
                  src={qr}
                  width={240}
                  height={240}
                  alt={fill(t.qrAlt, { amount: formatRupiah(c.gross_amount), order: state.order_id })}
                  className="mx-auto h-60 w-60"
                  data-qr
                  data-qr-string={qrString ?? undefined}
                />
              )}
              <p className="mt-2 text-sm">{t.qrHelp}</p>
              {c.deeplink_url && (
                <a className="mt-2 inline-block font-bold underline" href={c.deeplink_url}>
                  {c.channel_code}
                </a>
              )}
            </div>
          )}
          <button
            type="button"
            className="mt-4 rounded-lg border border-slate-300 px-4 py-2"
            onClick={() =>
              void cancelPayment(reservationId).then(
                () => window.location.assign(localizedPath(lang, `/payment/list/${reservationId}/`)),
                () => undefined,
              )
            }
          >
            {t.chooseAnother}
          </button>
        </section>
      )}

      {state.result === 'success' && (
        <section className="rounded-2xl bg-white p-6 shadow-sm">
          {state.points_pending && (
            <p data-points-pending>
              {fill(t.pointsPending, {
                points: formatPoints(state.points_pending.amount),
                date: state.points_pending.earn_date ? formatDate(state.points_pending.earn_date, lang) : '',
              })}
            </p>
          )}
          <p className="mt-2">{t.emailSent}</p>
          <a
            className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-bold text-white"
            href={localizedPath(lang, '/my-account/order/')}
          >
            {t.myOrders}
          </a>
        </section>
      )}
      {(state.result === 'failed' || state.result === 'refund') && (
        <section className="rounded-2xl bg-white p-6 shadow-sm">
          <a
            className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-bold text-white"
            href={localizedPath(lang, '/')}
          >
            {t.bookAgain}
          </a>
        </section>
      )}
      {state.result === 'unpaid' && (
        <a
          className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-bold text-white"
          href={localizedPath(lang, `/payment/list/${reservationId}/`)}
        >
          {t.chooseMethod}
        </a>
      )}
      {detail && detail.info.reservationId === reservationId && (
        <section className="rounded-2xl bg-white p-6 shadow-sm" aria-labelledby="status-summary">
          <h3 id="status-summary" className="mb-2 text-lg font-bold">
            {t.orderSummary}
          </h3>
          <div className="mb-3">
            <p className="text-sm">{detail.info.hotel.name}</p>
            <StayLine lang={lang} t={t} info={detail.info} />
          </div>
          <PriceSummary
            t={t}
            price={detail.priceDetail}
            totalLabel={state.result === 'success' ? t.paidTotal : t.total}
          />
        </section>
      )}
    </div>
  );
}
