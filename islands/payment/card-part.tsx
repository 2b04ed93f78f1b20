import type { Dictionary } from '../../core/i18n/en.ts';
import { $payer } from '../stores/$payment.ts';
import { useIslandStore } from '../lib/use-island-store.ts';

// The card fields of the credit-card method; the card is tokenised on pay, never sent to our API.
export function CardPart({ t }: { t: Dictionary['payment'] }) {
  const payer = useIslandStore($payer);
  const card = payer.card;
  const set = (change: Partial<typeof card>) => $payer.set({ ...payer, card: { ...card, ...change } });
  const fields: {
    key: keyof typeof card;
    label: string;
    autoComplete: string;
    inputMode?: 'numeric';
    placeholder?: string;
  }[] = [
    { key: 'number', label: t.cardNumber, autoComplete: 'cc-number', inputMode: 'numeric' },
    { key: 'expiry', label: t.cardExpiry, autoComplete: 'cc-exp', placeholder: 'MM/YY' },
    { key: 'cvv', label: t.cardCvv, autoComplete: 'cc-csc', inputMode: 'numeric' },
  ];
  return (
    <div className="ml-8 mt-2 grid gap-2 text-sm sm:grid-cols-3">
      <p className="sm:col-span-3 text-slate-600">
        {t.cardBrands}. {t.cardSafe}
      </p>
      {fields.map((f) => (
        <label key={f.key} className={f.key === 'number' ? 'sm:col-span-3' : undefined}>
          {f.label}
          <input
            className="mt-1 block w-full rounded-lg border border-slate-300 p-2"
            inputMode={f.inputMode}
            placeholder={f.placeholder}
            autoComplete={f.autoComplete}
            value={card[f.key]}
            onChange={(e) => set({ [f.key]: e.target.value })}
          />
        </label>
      ))}
    </div>
  );
}
