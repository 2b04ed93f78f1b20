import { useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import { formatRupiah } from '../../core/money.ts';
import {
  $detail,
  $payNotice,
  $voucherFound,
  $voucherUse,
  $vouchers,
  applyVoucher,
  cancelVoucher,
  findVoucher,
  refreshVouchers,
  runPayment,
} from '../stores/$payment.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { ApiError } from '../lib/api-client.ts';

/** Vouchers: search a code, apply one from the list, or cancel the applied one (after confirming). */
export function VoucherPart({ t, reservationId }: { t: Dictionary['payment']; reservationId: number }) {
  const detail = useIslandStore($detail);
  const vouchers = useIslandStore($vouchers);
  const voucher = useIslandStore($voucherUse);
  const found = useIslandStore($voucherFound);
  const [voucherQuery, setVoucherQuery] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The API's refusal of a voucher (422, or 409 for a used-up code), in the guest's language: one the
  // list could not foresee, e.g. the code put on another booking in another tab a moment before.
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!detail) return null;
  const apply = (code: string) =>
    runPayment(async () => {
      $payNotice.set(null);
      setRefusal(null);
      try {
        await applyVoucher(reservationId, code);
      } catch (e) {
        // Refused (it stopped applying since the list was shown, or its redemptions ran out): say
        // why, and judge the list again so it shows the reason beside the voucher too.
        if (!(e instanceof ApiError) || (e.status !== 422 && e.status !== 409)) throw e;
        setRefusal(e.message);
        await refreshVouchers(reservationId);
      }
    }, t.payFailed);
  return (
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
                    runPayment(async () => {
                      await cancelVoucher(reservationId);
                      setConfirmCancel(false);
                    }, t.payFailed)
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
              void runPayment(() => findVoucher(reservationId, voucherQuery.trim().toUpperCase()), t.payFailed);
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
                  {v.is_applicable ? (
                    v.estimated_discount > 0 && (
                      <span className="block text-sm font-semibold text-emerald-800" data-voucher-estimate>
                        {fill(t.voucherEstimate, { amount: formatRupiah(v.estimated_discount) })}
                      </span>
                    )
                  ) : (
                    <span className="block text-sm text-slate-600" data-voucher-reason>
                      {v.reason}
                    </span>
                  )}
                </span>
                {v.is_applicable ? (
                  <button
                    type="button"
                    className="rounded-lg bg-brand-600 px-3 py-1 font-bold text-white"
                    onClick={() => void apply(v.promo_code)}
                  >
                    {t.voucherApply}
                  </button>
                ) : (
                  // Nothing to press: the reason beside it says what would make it apply.
                  <span className="shrink-0 rounded-lg bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
                    {t.voucherNotApplicable}
                  </span>
                )}
              </li>
            ))}
            {!found && vouchers.length === 0 && <li>{t.voucherNone}</li>}
          </ul>
          {refusal && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800" data-voucher-error>
              {refusal}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
