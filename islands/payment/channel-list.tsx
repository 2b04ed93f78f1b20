import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { formatRupiah } from '../../core/money.ts';
import {
  $activeAccordion,
  $channels,
  $payBusy,
  $payNotice,
  $payer,
  $selectedChannel,
  PHONE_WALLETS,
  chooseChannel,
  phoneValid,
} from '../stores/$payment.ts';
import { BankSteps, bankOf } from './bank-steps.tsx';
import { CardPart } from './card-part.tsx';
import { useIslandStore } from '../lib/use-island-store.ts';

const CATEGORIES = ['virtual_account', 'ewallet', 'qris', 'card'] as const;

/** The methods by category (an accordion), the chosen one's instructions and what it needs from the payer. */
export function ChannelList({
  lang,
  t,
  reservationId,
  total,
}: {
  lang: Lang;
  t: Dictionary['payment'];
  reservationId: number;
  total: number;
}) {
  const channels = useIslandStore($channels);
  const open = useIslandStore($activeAccordion);
  const selected = useIslandStore($selectedChannel);
  const busy = useIslandStore($payBusy);
  const notice = useIslandStore($payNotice);
  const payer = useIslandStore($payer);
  return (
    <section aria-labelledby="pay-methods" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="pay-methods" className="mb-3 text-xl font-bold">
        {t.chooseMethod}
      </h2>
      {notice && (
        <p role="alert" className="mb-3 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900" data-voucher-notice>
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
                          onChange={() => void chooseChannel(reservationId, c.code, t.payFailed)}
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
                            value={payer.phone}
                            onChange={(e) => $payer.set({ ...payer, phone: e.target.value })}
                            aria-invalid={payer.phone !== '' && !phoneValid(payer.phone)}
                          />
                          {payer.phone !== '' && !phoneValid(payer.phone) && (
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
                            value={payer.cashtag}
                            onChange={(e) => $payer.set({ ...payer, cashtag: e.target.value })}
                          />
                        </label>
                      )}
                      {selected === c.code && c.code === 'credit_card' && <CardPart t={t} />}
                    </div>
                  );
                })}
              </fieldset>
            </div>
          </div>
        );
      })}
    </section>
  );
}
