import { formatDate } from '../../../core/dates.ts';
import { fill } from '../../../core/i18n/fill.ts';
import type { Lang } from '../../../core/locales.ts';
import { formatPoints, formatRupiah } from '../../../core/money.ts';
import { useIslandStore } from '../../lib/use-island-store.ts';
import { $giftCertificates, loadGiftCertificates } from '../../stores/$points.ts';
import type { PointsCopy } from './copy.ts';
import { LoadError, Loading } from '../account-kit.tsx';

// /my-account/point/GiftCertificate/: the Bobopoint balance as gift certificates, as the search
// result's giftCertificate fields describe it (what one booking can take, what remains), and the
// bookings the guest applied some to.

export function GiftCertificates({ lang, t }: { lang: Lang; t: PointsCopy }) {
  const state = useIslandStore($giftCertificates);
  if (state.status === 'loading') return <Loading text={t.loading} />;
  if (state.status === 'error')
    return <LoadError message={t.loadFailed} retryLabel={t.retry} retry={() => void loadGiftCertificates()} />;
  const g = state.data;
  const figures = [
    { key: 'balance', label: t.gift.balance, value: g.balance_label },
    { key: 'usable', label: t.gift.usable, value: formatRupiah(g.usable_per_booking) },
    { key: 'remaining', label: t.gift.remaining, value: formatRupiah(g.remaining_after_use) },
  ];
  return (
    <div className="flex flex-col gap-6" data-gift-certificates>
      <p className="text-muted">
        {fill(t.gift.intro, { step: formatPoints(g.step), max: formatPoints(g.max_per_booking) })}
      </p>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="rounded-2xl bg-brand-50 p-4" data-gift-figure={f.key}>
            <dt className="text-sm font-semibold text-muted">{f.label}</dt>
            <dd className="mt-1 text-xl font-extrabold">{f.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="gift-list-title">
        <h2 id="gift-list-title" className="mb-2 text-lg font-bold">
          {t.gift.listTitle}
        </h2>
        {g.items.length === 0 ? (
          <p className="text-muted" data-gift-empty>
            {t.gift.empty}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {g.items.map((item) => (
              <li
                key={item.reservation_id}
                className="flex items-start justify-between gap-4 py-3"
                data-gift-item={item.status}
              >
                <div>
                  <p className="font-semibold">{item.hotel_name}</p>
                  <p className="text-sm text-muted">
                    {fill(t.gift.stay, {
                      from: formatDate(item.checkin_date, lang),
                      to: formatDate(item.checkout_date, lang),
                    })}
                  </p>
                  <p className="text-xs text-muted">{fill(t.gift.order, { id: item.order_id })}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-bold">{item.amount_label}</p>
                  <p className="text-xs text-muted">{item.status === 'used' ? t.gift.used : t.gift.held}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
