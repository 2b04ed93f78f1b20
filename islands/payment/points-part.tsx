import { useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import { formatPoints } from '../../core/money.ts';
import { ApiError } from '../lib/api-client.ts';
import { $pointsBalance, $pointsUsed, applyPoints, checkPoints, runPayment } from '../stores/$payment.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { pointsReason } from './points-reason.ts';

/** Bobopoints: the balance, redeem an amount (checked here first, then by the API), or remove them. */
export function PointsPart({ t, reservationId }: { t: Dictionary['payment']; reservationId: number }) {
  const balance = useIslandStore($pointsBalance);
  const pointsUsed = useIslandStore($pointsUsed);
  const [pointsInput, setPointsInput] = useState('');
  const [pointsError, setPointsError] = useState<string | null>(null);
  const redeem = () => {
    const amount = Number(pointsInput.replace(/\D/g, ''));
    const problem = checkPoints(amount, balance);
    if (problem) {
      setPointsError(pointsReason(t, problem));
      return;
    }
    setPointsError(null);
    void runPayment(async () => {
      try {
        await applyPoints(reservationId, amount);
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) {
          setPointsError(pointsReason(t, e.code) ?? e.message);
          return;
        }
        throw e;
      }
    }, t.payFailed);
  };
  return (
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
              runPayment(async () => {
                await applyPoints(reservationId, 0);
              }, t.payFailed)
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
          <button type="submit" className="rounded-lg border border-brand-600 px-3 py-2 font-semibold text-brand-700">
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
  );
}
