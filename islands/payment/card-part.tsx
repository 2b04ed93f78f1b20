import type { Dictionary } from '../../core/i18n/en.ts';
import { $payer } from '../stores/$payment.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

// The card fields of the credit-card method; the card is tokenised on pay, never sent to our API.
export function CardPart({ t }: { t: Dictionary['payment'] }) {
  const payer = useIslandStore($payer);
  const card = payer.card;
  const set = (change: Partial<typeof card>) => $payer.set({ ...payer, card: { ...card, ...change } });
  return (
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
          onChange={(e) => set({ number: e.target.value })}
        />
      </label>
      <label>
        {t.cardExpiry}
        <input
          className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
          placeholder="MM/YY"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={(e) => set({ expiry: e.target.value })}
        />
      </label>
      <label>
        {t.cardCvv}
        <input
          className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvv}
          onChange={(e) => set({ cvv: e.target.value })}
        />
      </label>
    </div>
  );
}
