import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { formatPoints, formatRupiah } from '../../core/money.ts';
import { ApiError, SessionRedirect } from '../lib/api-client.ts';
import { useClientValue } from '../lib/client-value.ts';
import { $auth, hasStoredSession, restoreAuth } from '../stores/$auth.ts';
import {
  $activeAccordion,
  $channels,
  $detail,
  $pointsBalance,
  $pointsUsed,
  $selectedChannel,
  $voucherUse,
  $vouchers,
  applyVoucher,
  cancelVoucher,
  charge,
  checkPoints,
  loadPaymentScreen,
  searchVoucher,
  selectChannel,
  tokenizeCard,
  applyPoints,
} from '../stores/$payment.ts';
import type { Channel, Voucher } from '../stores/$payment.ts';
import { BankSteps, bankOf } from './bank-steps.tsx';
import { formatDate } from '../../core/dates.ts';

export interface PaymentListProps {
  lang: Lang;
  t: Dictionary['payment'];
  reservationId: number;
}

const CATEGORIES = ['virtual_account', 'ewallet', 'qris', 'card'] as const;
const PHONE_WALLETS = new Set(['ovo', 'dana', 'linkaja']);

export function PaymentList({ lang, t, reservationId }: PaymentListProps) {
  const auth = useStore($auth);
  const detail = useStore($detail);
  const channels = useStore($channels);
  const vouchers = useStore($vouchers);
  const balance = useStore($pointsBalance);
  const pointsUsed = useStore($pointsUsed);
  const voucher = useStore($voucherUse);
  const open = useStore($activeAccordion);
  const selected = useStore($selectedChannel);
  // Ready once the screen is loaded (or failed to), or at once for a guest without a session.
  const signedOut = useClientValue(() => !hasStoredSession(), false);
  const [loaded, setLoaded] = useState(false);
  const ready = loaded || signedOut;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pointsError, setPointsError] = useState<string | null>(null);
  const [pointsInput, setPointsInput] = useState('');
  const [voucherQuery, setVoucherQuery] = useState('');
  const [found, setFound] = useState<Voucher | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState('');
  const [cashtag, setCashtag] = useState('');
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '' });

  useEffect(() => {
    if (!restoreAuth().isLoggedIn) return;
    loadPaymentScreen(reservationId).then(
      () => setLoaded(true),
      (e: unknown) => {
        if (!(e instanceof SessionRedirect)) {
          setError(e instanceof Error ? e.message : t.payFailed);
          setLoaded(true);
        }
      },
    );
  }, [reservationId, t.payFailed]);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(e instanceof Error ? e.message : t.payFailed);
    } finally {
      setBusy(false);
    }
  };

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
  const choose = (c: Channel) => {
    // The radio follows the click at once; the API then prices the choice (and may drop the voucher).
    const previous = $selectedChannel.get();
    $selectedChannel.set(c.code);
    return run(async () => {
      setNotice(null);
      try {
        const message = await selectChannel(reservationId, c.code);
        if (message) setNotice(message);
      } catch (e) {
        $selectedChannel.set(previous);
        throw e;
      }
    });
  };
  const pay = () =>
    run(async () => {
      if (!selected) return;
      let tokenId: string | undefined;
      if (selected === 'credit_card') {
        const [mm, yy] = card.expiry.split('/').map((s) => s.trim());
        try {
          tokenId = await tokenizeCard({
            number: card.number,
            month: mm ?? '',
            year: yy ? `20${yy.slice(-2)}` : '',
            cvv: card.cvv,
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
        phone: PHONE_WALLETS.has(selected) ? phone : undefined,
        cashtag: selected === 'jenius' ? cashtag : undefined,
      });
      // The charge only succeeded when the returned code is 200.
      if (res.code !== 200) throw new Error(res.message || t.payFailed);
      window.location.assign(localizedPath(lang, `/payment/status/${reservationId}/`));
    });
  const redeem = () => {
    const amount = Number(pointsInput.replace(/\D/g, ''));
    const problem = checkPoints(amount, balance);
    if (problem) {
      setPointsError(problem === 'not_enough' ? t.pointsNotEnough : problem === 'max' ? t.pointsMax : t.pointsStep);
      return;
    }
    setPointsError(null);
    void run(async () => {
      try {
        await applyPoints(reservationId, amount);
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) {
          setPointsError(e.message);
          return;
        }
        throw e;
      }
    });
  };

  const phoneOk = /^08\d{8,11}$/.test(phone.replace(/[\s-]/g, ''));
  const needsOk = !selected
    ? false
    : PHONE_WALLETS.has(selected)
      ? phoneOk
      : selected === 'jenius'
        ? /^\$[A-Za-z0-9_.]{3,20}$/.test(cashtag)
        : selected === 'credit_card'
          ? card.number.length >= 12 && /\d{2}\s*\/\s*\d{2}/.test(card.expiry) && /^\d{3,4}$/.test(card.cvv)
          : true;
  const selectedChannel = channels.find((c) => c.code === selected);
  const belowMin = selectedChannel ? total < selectedChannel.min_amount : false;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <div className="space-y-6">
        <section aria-labelledby="pay-methods" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="pay-methods" className="mb-3 text-xl font-bold">
            {t.chooseMethod}
          </h2>
          {notice && (
            <p
              role="alert"
              className="mb-3 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900"
              data-voucher-notice
            >
              {notice}
            </p>
          )}
          {CATEGORIES.map((cat) => {
            const list = channels.filter((c) => c.category === cat);
            if (!list.length) return null;
            const expanded = open === cat;
            return (
              <div key={cat} className="border-b border-slate-200 last:border-0" data-category={cat}>
                <h3>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between py-3 text-left font-semibold"
                    aria-expanded={expanded}
                    aria-controls={`pay-${cat}`}
                    onClick={() => $activeAccordion.set(expanded ? null : cat)}
                  >
                    {t.categories[cat]}
                    <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                  </button>
                </h3>
                <div id={`pay-${cat}`} hidden={!expanded} className="pb-3">
                  <fieldset>
                    <legend className="sr-only">{t.categories[cat]}</legend>
                    {list.map((c) => {
                      const tooSmall = total < c.min_amount;
                      return (
                        <div key={c.code} className="py-1">
                          <label className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
                            <input
                              type="radio"
                              className="h-5 w-5 shrink-0"
                              name="channel"
                              value={c.code}
                              checked={selected === c.code}
                              disabled={busy}
                              onChange={() => void choose(c)}
                              data-channel={c.code}
                            />
                            <span className="flex-1">{c.name}</span>
                          </label>
                          {selected === c.code && tooSmall && (
                            <p role="alert" className="ml-8 text-sm text-red-700" data-min-notice>
                              {fill(t.minimumNotice, { total: formatRupiah(total), min: formatRupiah(c.min_amount) })}
                            </p>
                          )}
                          {selected === c.code && bankOf(c.code) && (
                            <BankSteps
                              lang={lang}
                              bank={bankOf(c.code)!}
                              code={c.code === 'bca_va' ? 'xxxxxxxxxxx' : '…'}
                              labels={{
                                title: t.instructionsTitle,
                                atm: t.instructionsAtm,
                                online: t.instructionsOnline,
                              }}
                            />
                          )}
                          {selected === c.code && PHONE_WALLETS.has(c.code) && (
                            <label className="ml-8 mt-2 block text-sm">
                              {fill(t.ewalletPhone, { wallet: c.name })}
                              <input
                                className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                                type="tel"
                                inputMode="numeric"
                                placeholder={t.ewalletPhonePlaceholder}
                                value={phone}
                                onChange={(e) => setPhone(e.target.value)}
                                aria-invalid={phone !== '' && !phoneOk}
                              />
                              {phone !== '' && !phoneOk && (
                                <span className="text-red-700">{t.ewalletPhoneInvalid}</span>
                              )}
                            </label>
                          )}
                          {selected === c.code && c.code === 'jenius' && (
                            <label className="ml-8 mt-2 block text-sm">
                              {t.cashtag}
                              <input
                                className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                                placeholder={t.cashtagPlaceholder}
                                value={cashtag}
                                onChange={(e) => setCashtag(e.target.value)}
                              />
                            </label>
                          )}
                          {selected === c.code && c.code === 'credit_card' && (
                            <div className="ml-8 mt-2 grid gap-2 text-sm sm:grid-cols-3">
                              <p className="sm:col-span-3 text-slate-600">
                                {t.cardBrands}. {t.cardSafe}
                              </p>
                              <label className="sm:col-span-3">
                                {t.cardNumber}
                                <input
                                  className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                                  inputMode="numeric"
                                  autoComplete="cc-number"
                                  value={card.number}
                                  onChange={(e) => setCard({ ...card, number: e.target.value })}
                                />
                              </label>
                              <label>
                                {t.cardExpiry}
                                <input
                                  className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                                  placeholder="MM/YY"
                                  autoComplete="cc-exp"
                                  value={card.expiry}
                                  onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                                />
                              </label>
                              <label>
                                {t.cardCvv}
                                <input
                                  className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                                  inputMode="numeric"
                                  autoComplete="cc-csc"
                                  value={card.cvv}
                                  onChange={(e) => setCard({ ...card, cvv: e.target.value })}
                                />
                              </label>
                            </div>
                          )}
                        </div>
                      );
                    })}
                  </fieldset>
                </div>
              </div>
            );
          })}
        </section>

        <section aria-labelledby="pay-voucher" className="rounded-2xl bg-white p-4 shadow-sm" data-voucher-section>
          <h2 id="pay-voucher" className="mb-3 text-xl font-bold">
            {t.voucherTitle}
          </h2>
          {voucher.use && voucher.code ? (
            <div>
              <p className="font-semibold text-emerald-800" data-voucher-applied>
                {fill(t.voucherApplied, {
                  code: voucher.code,
                  amount: formatRupiah(detail.priceBreakdown.promo_value),
                })}
              </p>
              {!confirmCancel ? (
                <button
                  type="button"
                  className="mt-2 rounded-lg border border-slate-300 px-3 py-1"
                  onClick={() => setConfirmCancel(true)}
                >
                  {t.voucherCancel}
                </button>
              ) : (
                <div role="alertdialog" aria-labelledby="voucher-cancel-q" className="mt-2 rounded-lg bg-slate-50 p-3">
                  <p id="voucher-cancel-q">{fill(t.voucherCancelConfirm, { code: voucher.code })}</p>
                  <div className="mt-2 flex gap-2">
                    <button
                      type="button"
                      className="rounded-lg bg-red-600 px-3 py-1 font-bold text-white"
                      onClick={() =>
                        run(async () => {
                          await cancelVoucher(reservationId);
                          setConfirmCancel(false);
                        })
                      }
                    >
                      {t.voucherCancelYes}
                    </button>
                    <button
                      type="button"
                      className="rounded-lg border border-slate-300 px-3 py-1"
                      onClick={() => setConfirmCancel(false)}
                    >
                      {t.voucherCancelNo}
                    </button>
                  </div>
                </div>
              )}
            </div>
          ) : (
            <div>
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(async () => setFound(await searchVoucher(reservationId, voucherQuery.trim().toUpperCase())));
                }}
              >
                <label className="flex-1">
                  <span className="sr-only">{t.voucherSearch}</span>
                  <input
                    className="w-full rounded-lg border border-slate-300 p-2"
                    placeholder={t.voucherSearch}
                    value={voucherQuery}
                    onChange={(e) => setVoucherQuery(e.target.value)}
                  />
                </label>
                <button type="submit" className="rounded-lg border border-brand-600 px-3 font-semibold text-brand-700">
                  {t.voucherSearchButton}
                </button>
              </form>
              <ul className="mt-3 space-y-2">
                {(found ? [found, ...vouchers.filter((v) => v.promo_code !== found.promo_code)] : vouchers).map((v) => (
                  <li
                    key={v.promo_code}
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-2"
                    data-voucher={v.promo_code}
                  >
                    <span>
                      <strong>{v.promo_code}</strong> · {v.promo_name}
                      {!v.is_applicable && v.reason ? (
                        <span className="block text-sm text-slate-600">{v.reason}</span>
                      ) : null}
                    </span>
                    <button
                      type="button"
                      className="rounded-lg bg-brand-600 px-3 py-1 font-bold text-white"
                      onClick={() =>
                        run(async () => {
                          setNotice(null);
                          await applyVoucher(reservationId, v.promo_code);
                        })
                      }
                    >
                      {t.voucherApply}
                    </button>
                  </li>
                ))}
                {!found && vouchers.length === 0 && <li>{t.voucherNone}</li>}
              </ul>
            </div>
          )}
        </section>

        <section aria-labelledby="pay-points" className="rounded-2xl bg-white p-4 shadow-sm" data-points-section>
          <h2 id="pay-points" className="mb-1 text-xl font-bold">
            {t.pointsTitle}
          </h2>
          <p className="text-sm">{fill(t.pointsBalance, { points: formatPoints(balance) })}</p>
          {pointsUsed > 0 ? (
            <p className="mt-2">
              <span data-points-used>{fill(t.pointsUsed, { points: formatPoints(pointsUsed) })}</span>{' '}
              <button
                type="button"
                className="ml-2 underline"
                onClick={() =>
                  run(async () => {
                    await applyPoints(reservationId, 0);
                  })
                }
              >
                {t.pointsRemove}
              </button>
            </p>
          ) : (
            <form
              className="mt-2 flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                redeem();
              }}
            >
              <label className="flex-1 text-sm">
                {t.pointsAmount}
                <input
                  className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
                  inputMode="numeric"
                  value={pointsInput}
                  onChange={(e) => setPointsInput(e.target.value)}
                />
              </label>
              <button
                type="submit"
                className="rounded-lg border border-brand-600 px-3 py-2 font-semibold text-brand-700"
              >
                {t.pointsUse}
              </button>
            </form>
          )}
          {pointsError && (
            <div role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-red-800" data-points-error>
              <strong className="block">{t.pointsErrorTitle}</strong>
              {pointsError}
            </div>
          )}
        </section>
      </div>

      <aside className="h-fit space-y-3 rounded-2xl bg-white p-4 shadow-sm" aria-labelledby="pay-summary">
        <h2 id="pay-summary" className="text-xl font-bold">
          {t.orderSummary}
        </h2>
        <p className="text-sm">{detail.info.hotel.name}</p>
        <p className="text-sm">
          {t.orderId}: <span data-order-id>{detail.info.orderId}</span>
        </p>
        <p className="text-sm">
          {t.stay}: {formatDate(detail.info.checkIn, lang)} – {formatDate(detail.info.checkOut, lang)} · {t.pods}:{' '}
          {detail.info.totalPods}
        </p>
        <dl className="text-sm">
          <div className="flex justify-between">
            <dt>{t.priceRoom}</dt>
            <dd>{formatRupiah(detail.priceDetail.grossRevenue)}</dd>
          </div>
          {detail.priceDetail.promotion > 0 && (
            <div className="flex justify-between">
              <dt>{t.priceVoucher}</dt>
              <dd>-{formatRupiah(detail.priceDetail.promotion)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt>{t.priceTax}</dt>
            <dd>{formatRupiah(detail.priceDetail.tax)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t.priceService}</dt>
            <dd>{formatRupiah(detail.priceDetail.serviceFee)}</dd>
          </div>
          {detail.priceDetail.giftCertificateDiscount > 0 && (
            <div className="flex justify-between">
              <dt>{t.pricePoints}</dt>
              <dd>-{formatRupiah(detail.priceDetail.giftCertificateDiscount)}</dd>
            </div>
          )}
          {detail.priceDetail.bankFee > 0 && (
            <div className="flex justify-between">
              <dt>{t.priceFee}</dt>
              <dd>{formatRupiah(detail.priceDetail.bankFee)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-extrabold">
            <dt>{t.total}</dt>
            <dd data-total>{formatRupiah(total)}</dd>
          </div>
        </dl>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            data-terms
          />
          <span>{t.termsLabel}</span>
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
  );
}
