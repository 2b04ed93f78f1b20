import type { Dictionary } from '../../core/i18n/en.ts';
import { formatRupiah } from '../../core/money.ts';
import type { PriceLineKey } from '../../core/price-lines.ts';
import { detailPriceParts, priceLines } from '../../core/price-lines.ts';
import type { Detail } from '../stores/$payment.ts';

// The price as the payment and status pages show it: every part of the total on its own line
// (core/price-lines.ts, the same list the confirmation e-mail gives), so the lines add up to what is
// charged, and the total.

const LABEL: Record<PriceLineKey, keyof Dictionary['payment']> = {
  room: 'priceRoom',
  voucher: 'priceVoucher',
  tax: 'priceTax',
  service: 'priceService',
  insurance: 'priceInsurance',
  carbonOffset: 'priceCarbon',
  points: 'pricePoints',
  paymentFee: 'priceFee',
};

export function PriceSummary({
  t,
  price,
  totalLabel,
}: {
  t: Dictionary['payment'];
  price: Detail['priceDetail'];
  totalLabel: string;
}) {
  return (
    <dl className="text-sm" data-price-summary>
      {priceLines(detailPriceParts(price)).map((line) => (
        <div key={line.key} className="flex justify-between gap-4 py-0.5" data-price-line={line.key}>
          <dt>{t[LABEL[line.key]] as string}</dt>
          <dd className="tabular-nums" data-amount>
            {formatRupiah(line.amount)}
          </dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-extrabold">
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums" data-total>
          {formatRupiah(price.guestPrice)}
        </dd>
      </div>
    </dl>
  );
}
