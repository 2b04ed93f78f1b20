import { useEffect, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { SessionRedirect } from '../lib/api-client.ts';
import { useClientValue } from '../lib/client-value.ts';
import { $auth, hasStoredSession, restoreAuth } from '../stores/$auth.ts';
import {
  $channels,
  $detail,
  $payBusy,
  $payError,
  $payer,
  $selectedChannel,
  PHONE_WALLETS,
  charge,
  loadPaymentScreen,
  payerReady,
  runPayment,
  tokenizeCard,
} from '../stores/$payment.ts';
import { ChannelList } from './channel-list.tsx';
import { HoldCountdown } from './hold-countdown.tsx';
import { PriceSummary } from './price-summary.tsx';
import { PointsPart } from './points-part.tsx';
import { VoucherPart } from './voucher-part.tsx';
import { StayLine } from './stay-line.tsx';
import { TermsText } from './terms-text.tsx';
import { useIslandStore } from '../lib/use-island-store.ts';

// The payment screen: the method list, voucher and points parts (each beside its state in
// $payment.ts) and the order summary with the terms and the pay button.

export interface PaymentListProps {
  lang: Lang;
  t: Dictionary['payment'];
  reservationId: number;
}

export function PaymentList({ lang, t, reservationId }: PaymentListProps) {
  const auth = useIslandStore($auth);
  const detail = useIslandStore($detail);
  const channels = useIslandStore($channels);
  const selected = useIslandStore($selectedChannel);
  const busy = useIslandStore($payBusy);
  const error = useIslandStore($payError);
  const payer = useIslandStore($payer);
  // Ready once the screen is loaded (or failed to), or at once for a guest without a session.
  const signedOut = useClientValue(() => !hasStoredSession(), false);
  const [loaded, setLoaded] = useState(false);
  const ready = loaded || signedOut;
  const [terms, setTerms] = useState(false);

  useEffect(() => {
    if (!restoreAuth().isLoggedIn) return;
    loadPaymentScreen(reservationId).then(
      () => setLoaded(true),
      (e: unknown) => {
        if (!(e instanceof SessionRedirect)) {
          $payError.set(e instanceof Error ? e.message : t.payFailed);
          setLoaded(true);
        }
      },
    );
  }, [reservationId, t.payFailed]);

  if (!ready) return <p role="status">{t.loading}</p>;
  if (!auth.isLoggedIn)
    return (
      <p>
        {t.signInFirst}{' '}
        <a
          className="font-bold text-brand-700 underline"
          href={`${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(localizedPath(lang, `/payment/list/${reservationId}/`))}`}
        >
          {t.signIn}
        </a>
      </p>
    );
  if (!detail) return <p role="alert">{error ?? t.payFailed}</p>;

  const total = detail.priceDetail.guestPrice;
  const pay = () =>
    runPayment(async () => {
      if (!selected) return;
      let tokenId: string | undefined;
      if (selected === 'credit_card') {
        const [mm, yy] = payer.card.expiry.split('/').map((s) => s.trim());
        try {
          tokenId = await tokenizeCard({
            number: payer.card.number,
            month: mm ?? '',
            year: yy ? `20${yy.slice(-2)}` : '',
            cvv: payer.card.cvv,
          });
        } catch {
          throw new Error(t.cardInvalid);
        }
      }
      const res = await charge({
        reservationId,
        channel: selected,
        terms,
        tokenId,
        phone: PHONE_WALLETS.has(selected) ? payer.phone : undefined,
        cashtag: selected === 'jenius' ? payer.cashtag : undefined,
      });
      // The charge only succeeded when the returned code is 200.
      if (res.code !== 200) throw new Error(res.message || t.payFailed);
      window.location.assign(localizedPath(lang, `/payment/status/${reservationId}/`));
    }, t.payFailed);

  const needsOk = payerReady(selected, payer);
  const selectedChannel = channels.find((c) => c.code === selected);
  const belowMin = selectedChannel ? total < selectedChannel.min_amount : false;

  return (
    <div className="space-y-4">
      <HoldCountdown t={t} expires={detail.info.expiredDateTime} />
      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <div className="space-y-6">
          <ChannelList lang={lang} t={t} reservationId={reservationId} total={total} />
          <VoucherPart t={t} reservationId={reservationId} />
          <PointsPart t={t} reservationId={reservationId} />
        </div>

        <aside className="h-fit space-y-3 rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="pay-summary">
          <h2 id="pay-summary" className="text-xl font-bold">
            {t.orderSummary}
          </h2>
          <p className="text-sm">{detail.info.hotel.name}</p>
          <p className="text-sm">
            {t.orderId}: <span data-order-id>{detail.info.orderId}</span>
          </p>
          <StayLine lang={lang} t={t} info={detail.info} />
          <PriceSummary t={t} price={detail.priceDetail} totalLabel={t.total} />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              data-terms
            />
            <TermsText lang={lang} t={t} />
          </label>
          {!terms && (
            <p className="text-sm text-slate-600" id="terms-hint">
              {t.termsRequired}
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800" data-pay-error>
              {error}
            </p>
          )}
          <button
            type="button"
            className={`w-full rounded-lg px-5 py-3 font-bold text-white ${!terms || !selected || busy || !needsOk || belowMin ? 'cursor-not-allowed bg-slate-400' : 'bg-brand-600'}`}
            disabled={!terms || !selected || busy || !needsOk || belowMin}
            aria-describedby={!terms ? 'terms-hint' : undefined}
            onClick={() => void pay()}
            data-pay
          >
            {busy ? t.paying : t.pay}
          </button>
        </aside>
      </div>
    </div>
  );
}
