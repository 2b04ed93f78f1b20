import { useEffect, useMemo, useState } from 'react';
import type { MyStay } from '../../core/contracts/account.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { LOCALES, localizedPath } from '../../core/locales.ts';
import { formatDate } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { $stays, loadStays, requireSession } from '../stores/$account.ts';
import { $now } from '../stores/timer.ts';
import { Empty, LoadError, Loading, nightsLabel } from './account-kit.tsx';
import type { AccountText } from './account-kit.tsx';
import { keepPageOffline, registerStayPassWorker } from './offline-pass.ts';
import { qrSvgPath } from './qr-svg.ts';
import { selfCheckInState } from './self-check-in.ts';

/** /my-account/my-stay/ (HotelStayList): active and upcoming stays, each with its stay pass. */
export function StaysPage({ lang, t, empty }: { lang: Lang; t: AccountText; empty: string }) {
  const state = useIslandStore($stays);
  const [offlineReady, setOfflineReady] = useState(false);
  const failed = t.common.loadFailed;
  const scope = localizedPath(lang, '/my-account/my-stay/');
  useEffect(() => {
    if (!requireSession(lang)) return;
    registerStayPassWorker(scope);
    void loadStays(failed);
  }, [lang, failed, scope]);
  const fresh = state.status === 'ready' && state.items.length > 0;
  useEffect(() => {
    if (!fresh) return;
    let live = true;
    keepPageOffline()
      .then((kept) => live && setOfflineReady(kept))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fresh]);

  if (state.status === 'idle' || state.status === 'loading') return <Loading text={t.common.loading} />;
  if (state.status === 'error')
    return <LoadError retryLabel={t.common.retry} message={state.message} retry={() => void loadStays(failed)} />;
  if (state.items.length === 0) return <Empty text={empty} />;
  return (
    <div className="space-y-6">
      {state.status === 'saved' && (
        <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-950" data-saved-pass>
          {fill(t.stays.offlineNotice, {
            date: new Date(state.savedAt).toLocaleString(LOCALES[lang].bcp47, {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: 'Asia/Jakarta',
            }),
          })}
        </p>
      )}
      <ul aria-label={t.stays.listLabel} className="space-y-6">
        {state.items.map((stay) => (
          <StayCard key={stay.reservationId} lang={lang} t={t} stay={stay} offlineReady={offlineReady} />
        ))}
      </ul>
    </div>
  );
}

function StayCard({
  lang,
  t,
  stay,
  offlineReady,
}: {
  lang: Lang;
  t: AccountText;
  stay: MyStay;
  offlineReady: boolean;
}) {
  const s = t.stays;
  const h = stay.hotel;
  const at = (date: string, time: string) => fill(s.at, { date: formatDate(date, lang), time, zone: h.timeZoneLabel });
  const headingId = `stay-${stay.reservationId}`;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={headingId}
      data-stay={stay.reservationId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {h.name}
        </h2>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
          {stay.stayStatusLabel}
        </p>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-[auto_1fr]">
        <StayPass t={t} stay={stay} offlineReady={offlineReady} />
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t.common.checkIn}</dt>
              <dd className="font-semibold" data-check-in>
                {at(stay.checkInDate, h.checkInTime)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.common.checkOut}</dt>
              <dd className="font-semibold" data-check-out>
                {at(stay.checkOutDate, h.checkOutTime)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{s.room}</dt>
              <dd className="font-semibold">
                {stay.pods.label} × {stay.pods.count} · {nightsLabel(t, stay.nights)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.common.orderId}</dt>
              <dd className="font-semibold break-all">{stay.orderId}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-600">{s.address}</dt>
              <dd>
                {h.address}{' '}
                <a
                  className="font-semibold text-brand-700 underline"
                  href={h.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-map-link
                >
                  {s.openMap}
                  <span className="sr-only"> {s.newTab}</span>
                </a>
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-600">{s.guests}</dt>
              <dd>
                <p>
                  {s.primaryGuest}: <span className="font-semibold">{stay.guests.primary.name}</span>
                </p>
                {stay.guests.secondary.length > 0 ? (
                  stay.guests.secondary.map((g) => (
                    <p key={g.email} data-secondary-guest>
                      {s.secondaryGuest}: <span className="font-semibold">{g.name}</span>
                    </p>
                  ))
                ) : (
                  <p className="text-slate-600">
                    {s.secondaryGuest}: {s.noSecondary}
                  </p>
                )}
              </dd>
            </div>
            {stay.insurancePolicy && (
              <div className="sm:col-span-2" data-insurance>
                <dt className="text-slate-600">{s.insurance}</dt>
                <dd>
                  {fill(s.insuranceCover, {
                    amount: formatRupiah(stay.insurancePolicy.coverAmount),
                    provider: stay.insurancePolicy.providerName,
                  })}{' '}
                  ·{' '}
                  <span data-policy-status={stay.insurancePolicy.status}>
                    {stay.insurancePolicy.status === 'issued' && stay.insurancePolicy.policyNumber
                      ? fill(s.policy, { number: stay.insurancePolicy.policyNumber })
                      : stay.insurancePolicy.status === 'failed'
                        ? s.policyFailed
                        : s.policyRequested}
                  </span>{' '}
                  ·{' '}
                  <a
                    className="text-brand-700 underline"
                    href={stay.insurancePolicy.termsUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {s.insuranceTerms}
                    <span className="sr-only"> {s.newTab}</span>
                  </a>
                </dd>
              </div>
            )}
          </dl>
          <a
            className="inline-block rounded-lg border border-slate-300 px-4 py-2 font-semibold text-brand-700"
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(stay.calendar)}`}
            download={`bobobox-${stay.orderId}.ics`}
            data-calendar
          >
            {s.addToCalendar}
          </a>
          <SelfCheckIn lang={lang} t={t} stay={stay} />
        </div>
      </div>
    </li>
  );
}

/** The QR code, drawn at 280 CSS px: comfortably scannable from a phone held out to the host. */
function StayPass({ t, stay, offlineReady }: { t: AccountText; stay: MyStay; offlineReady: boolean }) {
  const s = t.stays;
  const qr = useMemo(() => qrSvgPath(stay.pass.token), [stay.pass.token]);
  return (
    <figure
      className="mx-auto w-fit rounded-2xl border-2 border-brand-600 p-4 text-center"
      data-stay-pass
      data-token={stay.pass.token}
    >
      <figcaption className="mb-2 text-lg font-bold">{s.passTitle}</figcaption>
      <svg
        role="img"
        aria-label={fill(s.passAlt, { orderId: stay.orderId })}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width={280}
        height={280}
        shapeRendering="crispEdges"
        className="mx-auto bg-white"
        data-qr
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <p className="mt-2 max-w-[280px] text-sm text-slate-700">{s.passHint}</p>
      {offlineReady && (
        <p className="mt-1 max-w-[280px] text-xs text-slate-600" data-offline-ready>
          {s.passSaved}
        </p>
      )}
    </figure>
  );
}

function SelfCheckIn({ lang, t, stay }: { lang: Lang; t: AccountText; stay: MyStay }) {
  const s = t.stays;
  const now = useIslandStore($now);
  const state = selfCheckInState(stay.selfCheckIn, now);
  // It opens on the check-in day itself (1 hour before check-in time).
  const opensOn = formatDate(stay.checkInDate, lang);
  const message = {
    done: s.selfCheckInDone,
    'contact-host': s.selfCheckInContactHost,
    'not-booker': s.selfCheckInNotBooker,
    closed: fill(s.selfCheckInClosed, {
      time: stay.selfCheckIn.opensAtTime,
      zone: stay.hotel.timeZoneLabel,
      date: opensOn,
    }),
    ended: s.selfCheckInEnded,
    identity: s.selfCheckInIdentity,
    open: null,
  }[state];
  return (
    <section
      className="rounded-xl bg-slate-50 p-4"
      aria-labelledby={`checkin-${stay.reservationId}`}
      data-self-checkin={state}
    >
      <h3 id={`checkin-${stay.reservationId}`} className="font-bold">
        {s.selfCheckIn}
      </h3>
      <p className="mt-1 text-sm" data-identity={stay.selfCheckIn.identityStatus}>
        {s.identity[stay.selfCheckIn.identityStatus]}
      </p>
      <div className="mt-3">
        {state === 'open' ? (
          <a
            className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            href={localizedPath(lang, '/download-app/')}
            data-checkin-button
          >
            {s.selfCheckInOpen}
          </a>
        ) : (
          <>
            <button
              type="button"
              disabled
              aria-describedby={`checkin-why-${stay.reservationId}`}
              className="rounded-lg bg-slate-300 px-4 py-2 font-semibold text-slate-700"
              data-checkin-button
            >
              {s.selfCheckIn}
            </button>
            <p id={`checkin-why-${stay.reservationId}`} className="mt-2 text-sm" data-checkin-why>
              {message}
            </p>
          </>
        )}
        {state === 'contact-host' && (
          <a className="mt-2 inline-block font-semibold text-brand-700 underline" href={`tel:${stay.hotel.telephone}`}>
            {s.callHost}
          </a>
        )}
      </div>
      <p className="mt-3 text-xs text-slate-600">{s.selfCheckInRules}</p>
    </section>
  );
}
