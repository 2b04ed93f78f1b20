import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { formatRupiah } from '../../core/money.ts';
import { ApiError, SessionRedirect } from '../lib/api-client.ts';
import { $auth, restoreAuth } from '../stores/$auth.ts';
import {
  $reservation,
  cancelReservation,
  lastSearchHref,
  loadCarbonPackages,
  loadReservation,
  rememberReservation,
  updateAddOns,
} from '../stores/$reservation.ts';
import type { AncillaryPackage } from '../stores/$reservation.ts';
import type { InsuranceProvider } from '../../core/contracts/responses.ts';
import { formatDate, jakartaEpoch } from '../../core/dates.ts';
import { PaymentStatus, paymentStatusLabel } from '../../core/payment-status.ts';
import { countdown } from '../stores/timer.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { useHydrated } from '../lib/client-value.ts';
import { capacityLabel } from './search-result.ts';
import { trackOnce } from '../lib/track.ts';
import { reservationFields } from './journey-events.ts';

export interface ReviewProps {
  lang: Lang;
  t: Dictionary['booking'];
  nightsText: { one: string; many: string };
  reservationId: number;
}

export function formatCountdown(ms: number): string {
  const s = Math.floor(ms / 1000);
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

function Countdown({ expired, t, onExpire }: { expired: string; t: Dictionary['booking']; onExpire: () => void }) {
  // The hold's payment window as a countdown store (islands/stores/timer.ts); at zero the review expires.
  const $left = useMemo(() => countdown(jakartaEpoch(expired)), [expired]);
  const left = useIslandStore($left);
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (left === 0) expire();
  }, [left]);
  return (
    <p className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-900" data-countdown>
      <span className="sr-only">{t.countdownLabel}: </span>
      <span role="timer" aria-live="off">
        {fill(t.countdown, { time: formatCountdown(left) })}
      </span>
    </p>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-200 pt-3 text-lg font-extrabold' : ''}`}
    >
      <dt>{label}</dt>
      <dd data-price-row={testId}>{value}</dd>
    </div>
  );
}

export function Review({ lang, t, nightsText, reservationId }: ReviewProps) {
  const detail = useIslandStore($reservation);
  const auth = useIslandStore($auth);
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  // The hold ran out while the page was open (the countdown reached zero).
  const [timedOut, setTimedOut] = useState(false);
  const [step, setStep] = useState<'review' | 'carbon'>('review');
  const [busy, setBusy] = useState(false);
  const [provider, setProvider] = useState<{ info: InsuranceProvider; perNight: number } | null>(null);
  const [carbon, setCarbon] = useState<AncillaryPackage[]>([]);
  const leaveRef = useRef<HTMLDialogElement>(null);
  const nightsLabel = (n: number) => (n === 1 ? nightsText.one : fill(nightsText.many, { n }));

  useEffect(() => {
    if (!restoreAuth().isLoggedIn) return;
    rememberReservation(reservationId);
    loadReservation(reservationId)
      .then(async (d) => {
        trackOnce('begin_checkout', String(d.info.reservationId), reservationFields(d));
        const pod = d.info.pods[0];
        // The detail carries the insurance offer; only the carbon packages need a second call.
        if (d.insuranceOffer) setProvider({ info: d.insuranceOffer, perNight: d.insuranceOffer.pricePerNight });
        setCarbon(await loadCarbonPackages(d.info.hotel.id, pod.roomTypeId).catch(() => []));
      })
      .catch((e) => {
        if (e instanceof SessionRedirect) return;
        setError(e instanceof ApiError && e.status === 404 ? t.notFound : t.searchError);
      });
  }, [reservationId, t.notFound, t.searchError]);

  const change = async (next: { insurance?: boolean; packages?: string[] }) => {
    if (!detail) return;
    setBusy(true);
    setError('');
    try {
      await updateAddOns(reservationId, {
        insurance: next.insurance ?? detail.insurancePolicies.length > 0,
        packages: next.packages ?? detail.esg.items.map((i) => i.uuid),
        promoCode: detail.priceBreakdown.promo_code,
      });
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(e instanceof ApiError ? e.message : t.searchError);
    }
    setBusy(false);
  };

  const leave = async () => {
    // The chosen room is given back: the hold is cancelled before returning to room selection.
    try {
      await cancelReservation(reservationId);
    } catch {
      // Leaving must not get stuck: the hold expires by itself if this call failed.
    }
    window.location.assign(lastSearchHref() ?? localizedPath(lang, '/search/'));
  };

  // The server renders no session (it has none); the browser restores it before or while this island
  // hydrates. Until hydration is over, both render this same placeholder (React #418 otherwise).
  if (!hydrated)
    return (
      <p role="status" className="p-6 text-muted">
        {t.loadingRooms}
      </p>
    );
  if (!auth.isLoggedIn)
    return (
      <p className="rounded-xl bg-white p-6">
        {t.signInToSee}{' '}
        <a
          className="font-semibold text-brand-700 underline"
          href={`${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, `/reservation/review/${reservationId}/`))}`}
        >
          {t.signInFirst}
        </a>
      </p>
    );
  if (error && !detail)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-6 text-red-800">
        {error}
      </p>
    );
  if (!detail)
    return (
      <p role="status" className="p-6 text-muted">
        {t.loadingRooms}
      </p>
    );

  const info = detail.info;
  // Day use: "3 hours, 10:00–13:00" instead of a count of nights.
  const stayLength = info.dayUse
    ? fill(t.dayUseDuration, {
        hours: fill(t.blockHoursLabel, { n: info.dayUse.hours }),
        start: info.dayUse.startTime,
        end: info.dayUse.endTime,
      })
    : nightsLabel(info.duration);
  const pod = info.pods[0];
  const p = detail.priceDetail;
  // Only a reservation waiting for payment can go on; any other status is named with the spec's label
  // (a cancelled booking is "Payment cancelled", never "expired").
  const waiting = info.paymentStatus === PaymentStatus.waiting;
  const expired = !waiting || timedOut;
  const closedMessage =
    timedOut || info.paymentStatus === PaymentStatus.expired
      ? t.expired
      : fill(t.notWaiting, { status: paymentStatusLabel(info.paymentStatus, lang) });
  const hasInsurance = detail.insurancePolicies.length > 0;
  const chosen = new Set(detail.esg.items.map((i) => i.uuid));
  const toggleCarbon = (uuid: string, on: boolean) =>
    void change({ packages: on ? [...chosen, uuid] : [...chosen].filter((u) => u !== uuid) });

  return (
    <div className="grid items-start gap-6 md:grid-cols-[1fr_360px]" data-review data-step={step}>
      <div className="grid gap-6 md:col-start-1">
        {expired ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-review-closed>
            {closedMessage}
          </p>
        ) : (
          <Countdown expired={info.expiredDateTime} t={t} onExpire={() => setTimedOut(true)} />
        )}
        {step === 'review' ? (
          <>
            <section aria-labelledby="h-order" className="rounded-2xl bg-white p-5 shadow-sm">
              <h2 id="h-order" className="mb-3 text-xl font-bold">
                {t.orderDetail}
              </h2>
              <h3 className="font-semibold">{info.hotel.name}</h3>
              <dl className="grid gap-1 text-sm">
                <Row label={t.address} value={info.hotel.address} />
                <Row label={t.phone} value={info.hotel.telephone} />
                <Row
                  label={t.checkinAt}
                  value={`${formatDate(info.checkIn, lang)} ${info.dayUse?.startTime ?? info.hotel.checkInTime} ${info.hotel.timeZoneLabel}`}
                />
                <Row
                  label={t.checkoutAt}
                  value={`${formatDate(info.checkOut, lang)} ${info.dayUse?.endTime ?? info.hotel.checkOutTime} ${info.hotel.timeZoneLabel}`}
                />
                <Row label={t.stayDuration} value={stayLength} />
                <Row label={t.podType} value={pod.label} />
                <Row label={t.podCount} value={String(info.totalPods)} />
                <Row label={t.roomCapacity} value={capacityLabel(t, pod.capacity, pod.capacityChildren)} />
              </dl>
              <p className="mt-3 text-sm text-muted">{t.guestRules}</p>
            </section>
            <section aria-labelledby="h-contact" className="rounded-2xl bg-white p-5 shadow-sm">
              <h2 id="h-contact" className="mb-3 text-xl font-bold">
                {t.contactDetail}
              </h2>
              <dl className="grid gap-1 text-sm">
                <Row label={t.name} value={detail.guest.name} />
                <Row label={t.email} value={detail.guest.email} />
              </dl>
            </section>
            {provider && (
              <section aria-labelledby="h-insurance" className="rounded-2xl bg-white p-5 shadow-sm" data-insurance>
                <h2 id="h-insurance" className="mb-2 text-xl font-bold">
                  {t.insuranceTitle}
                </h2>
                <p className="mb-3 text-sm">
                  {fill(t.insuranceBody, {
                    cover: formatRupiah(provider.info.coverAmount),
                    provider: provider.info.providerName,
                  })}
                </p>
                <label className="flex items-center gap-2 font-semibold">
                  <input
                    type="checkbox"
                    name="insurance"
                    checked={hasInsurance}
                    disabled={busy || expired}
                    onChange={(e) => void change({ insurance: e.target.checked })}
                  />
                  {fill(t.insuranceAdd, { price: formatRupiah(provider.perNight) })}
                </label>
                <p className="mt-2 flex gap-4 text-sm">
                  <a href={provider.info.termsUrl} target="_blank" rel="noopener" className="text-brand-700 underline">
                    {t.terms}
                  </a>
                  <a
                    href={provider.info.benefitUrl}
                    target="_blank"
                    rel="noopener"
                    className="text-brand-700 underline"
                  >
                    {t.benefit}
                  </a>
                  <a href={provider.info.claimUrl} target="_blank" rel="noopener" className="text-brand-700 underline">
                    {t.claim}
                  </a>
                </p>
              </section>
            )}
          </>
        ) : (
          <section aria-labelledby="h-carbon" className="rounded-2xl bg-white p-5 shadow-sm" data-carbon-step>
            <h2 id="h-carbon" className="mb-3 text-xl font-bold">
              {t.carbonStepTitle}
            </h2>
            <ul className="grid gap-3">
              {carbon.map((pkg) => (
                <li key={pkg.uuid}>
                  <p className="mb-1 text-sm text-muted">
                    {fill(t.carbonStepBody, {
                      provider: pkg.provider_name,
                      description: pkg.provider_short_description,
                    })}
                  </p>
                  <label className="flex items-center gap-2 font-semibold">
                    <input
                      type="checkbox"
                      name="carbon"
                      checked={chosen.has(pkg.uuid)}
                      disabled={busy || expired || !detail.allowEsgPurchase}
                      onChange={(e) => toggleCarbon(pkg.uuid, e.target.checked)}
                    />
                    {fill(t.carbonAdd, { name: pkg.name, price: formatRupiah(pkg.sale_price) })}
                  </label>
                </li>
              ))}
            </ul>
          </section>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      {/* On a phone (one column) the price detail comes before the step's buttons, so the guest sees
          the total before continuing; on a wider screen it sits in the right column beside both. */}
      <aside
        aria-labelledby="h-price"
        className="h-max rounded-2xl bg-white p-5 shadow-sm md:col-start-2 md:row-span-2 md:row-start-1"
        aria-busy={busy}
        data-price-detail
      >
        <h2 id="h-price" className="mb-3 text-xl font-bold">
          {t.priceDetail}
        </h2>
        <dl className="text-sm">
          <Row
            label={fill(t.roomPrice, { nights: stayLength, pods: `${info.totalPods}×` })}
            value={formatRupiah(p.grossRevenue)}
            testId="room"
          />
          {/* The rows add up to the total: room, less voucher and points, plus tax, service, the
              add-ons the guest chose and the payment method's fee once one is chosen. */}
          {detail.priceBreakdown.promo_code ? (
            <Row
              label={`${t.voucher} (${detail.priceBreakdown.promo_code})`}
              value={formatRupiah(-p.promotion)}
              testId="voucher"
            />
          ) : (
            p.promotion > 0 && <Row label={t.discount} value={formatRupiah(-p.promotion)} testId="discount" />
          )}
          {p.giftCertificateDiscount > 0 && (
            <Row label={t.points} value={formatRupiah(-p.giftCertificateDiscount)} testId="points" />
          )}
          <Row label={t.tax} value={formatRupiah(p.tax)} testId="tax" />
          <Row label={t.serviceFee} value={formatRupiah(p.serviceFee)} testId="service" />
          {(hasInsurance || p.insurance > 0) && (
            <Row label={t.insurance} value={formatRupiah(p.insurance)} testId="insurance" />
          )}
          {(chosen.size > 0 || p.carbonOffset > 0) && (
            <Row label={t.carbonOffset} value={formatRupiah(p.carbonOffset)} testId="carbon" />
          )}
          {p.bankFee > 0 && <Row label={t.paymentFee} value={formatRupiah(p.bankFee)} testId="payment-fee" />}
          <Row label={t.total} value={formatRupiah(p.guestPrice)} strong testId="total" />
        </dl>
        <p className="sr-only" aria-live="polite">
          {busy ? t.updating : ''}
        </p>
      </aside>
      <div className="flex flex-wrap justify-between gap-3 md:col-start-1" data-review-actions>
        {step === 'review' ? (
          <>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
              onClick={() => leaveRef.current?.showModal()}
            >
              {t.backToRooms}
            </button>
            <button
              type="button"
              disabled={expired}
              className="rounded-lg bg-brand-600 px-5 py-2 font-bold text-white disabled:bg-slate-400"
              onClick={() => setStep('carbon')}
            >
              {t.continue}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
              onClick={() => setStep('review')}
            >
              {t.back}
            </button>
            <a
              href={localizedPath(lang, `/payment/list/${reservationId}/`)}
              aria-disabled={expired || busy}
              className={`rounded-lg px-5 py-2 font-bold text-white ${expired || busy ? 'pointer-events-none bg-slate-400' : 'bg-brand-600'}`}
            >
              {t.toPayment}
            </a>
          </>
        )}
      </div>
      <dialog
        ref={leaveRef}
        aria-labelledby="leave-title"
        aria-describedby="leave-body"
        className="m-auto max-w-md rounded-2xl p-6 backdrop:bg-black/50"
        data-leave-dialog
      >
        <h2 id="leave-title" className="mb-2 text-xl font-bold">
          {t.leaveTitle}
        </h2>
        <p id="leave-body" className="mb-6 text-muted">
          {t.leaveBody}
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
            onClick={() => leaveRef.current?.close()}
          >
            {t.leaveCancel}
          </button>
          <button
            type="button"
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white"
            onClick={() => void leave()}
          >
            {t.leaveConfirm}
          </button>
        </div>
      </dialog>
    </div>
  );
}
