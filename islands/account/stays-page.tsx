import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { MyStay } from '../../core/contracts/account.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { LOCALES, localizedPath } from '../../core/locales.ts';
import { formatDate } from '../../core/dates.ts';
import { formatRupiah } from '../../core/money.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import {
  $invitations,
  $stays,
  inviteToStay,
  loadInvitations,
  loadStays,
  requireSession,
  shareAction,
} from '../stores/$account.ts';
import type { Invitation } from '../../core/contracts/account.ts';
import { ApiError, SessionRedirect } from '../lib/api-client.ts';
import { formatPeriod } from '../../core/dates.ts';
import { $now } from '../stores/timer.ts';
import { Empty, LoadError, Loading, nightsLabel } from './account-kit.tsx';
import type { AccountText } from './account-kit.tsx';
import { keepPageOffline, registerStayPassWorker } from './offline-pass.ts';
import { qrSvgPath } from './qr-svg.ts';
import { selfCheckInState } from './self-check-in.ts';

/** /my-account/my-stay/ (HotelStayList): active and upcoming stays, each with its stay pass. */
export function StaysPage({ lang, t, empty }: { lang: Lang; t: AccountText; empty: string }) {
  const state = useIslandStore($stays);
  const invites = useIslandStore($invitations);
  const [offlineReady, setOfflineReady] = useState(false);
  const failed = t.common.loadFailed;
  const scope = localizedPath(lang, '/my-account/my-stay/');
  useEffect(() => {
    if (!requireSession(lang)) return;
    registerStayPassWorker(scope);
    void loadStays(failed);
    void loadInvitations(failed);
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

  // The invitations come first, in the same place whatever the stays show, so their status line (what
  // the last answer did) stays on the page when the last invitation is answered.
  let body: ReactNode;
  if (state.status === 'idle' || state.status === 'loading') body = <Loading text={t.common.loading} />;
  else if (state.status === 'error')
    body = <LoadError retryLabel={t.common.retry} message={state.message} retry={() => void loadStays(failed)} />;
  else if (state.items.length === 0) body = <Empty text={empty} />;
  else
    body = (
      <>
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
      </>
    );
  return (
    <div className="space-y-6">
      {invites.status === 'ready' ? <Invitations lang={lang} t={t} items={invites.items} /> : null}
      {body}
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
      {stay.guestType === 'guest' && stay.bookedBy && (
        <p className="mt-1 text-sm text-slate-700" data-booked-by>
          {fill(s.bookedBy, { name: stay.bookedBy })}
        </p>
      )}
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
              <dd className="font-semibold break-words" data-order-id>
                {stay.orderId}
              </dd>
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
                  stay.guests.secondary.map((g, i) => (
                    <p key={`${i}-${g.name}`} data-secondary-guest>
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
          {stay.guestType === 'booker' ? <ShareStay t={t} stay={stay} /> : <LeaveStay t={t} stay={stay} />}
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

/** Why a call failed, in the guest's language (the API's own words when it answered). */
const failureOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** Invitations others sent this guest: accept or decline each, in their own account. */
function Invitations({ lang, t, items }: { lang: Lang; t: AccountText; items: Invitation[] }) {
  const s = t.stays;
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const answer = async (item: Invitation, action: 'invitations/accept' | 'invitations/decline') => {
    setBusy(item.shareId);
    setNotice('');
    setError('');
    try {
      await shareAction(action, item.shareId, t.common.loadFailed);
      setNotice(fill(action === 'invitations/accept' ? s.accepted : s.declined, { hotel: item.hotel.name }));
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(failureOf(e, s.actionFailed));
    } finally {
      setBusy(null);
    }
  };
  const status = (
    <div>
      <p role="status" className="text-sm font-semibold text-emerald-800" data-invitation-notice>
        {notice}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
  // Nothing to answer: only the status line, which says what the last answer did.
  if (items.length === 0) return status;
  return (
    <section
      aria-labelledby="invitations-title"
      className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-5"
      data-invitations
    >
      <h2 id="invitations-title" className="text-lg font-bold">
        {s.invitationsTitle}
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={item.shareId} className="rounded-xl bg-white p-4" data-invitation={item.shareId}>
            <p>
              {fill(s.invitationText, {
                booker: item.bookerName,
                hotel: item.hotel.name,
                dates: formatPeriod(item.checkInDate, item.checkOutDate, lang),
              })}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void answer(item, 'invitations/accept')}
                className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:bg-slate-500"
              >
                {s.accept}
              </button>
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void answer(item, 'invitations/decline')}
                className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800"
              >
                {s.decline}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-2">{status}</div>
    </section>
  );
}

/** The booker invites people to the stay and removes them; they see what they typed, the state, the name once accepted. */
function ShareStay({ t, stay }: { t: AccountText; stay: MyStay }) {
  const s = t.stays;
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const inputId = `share-${stay.reservationId}`;
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice('');
    setError('');
    try {
      setNotice(await work());
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(failureOf(e, s.actionFailed));
    } finally {
      setBusy(false);
    }
  };
  const invite = () => {
    if (!contact.trim()) return setError(s.shareEmpty);
    void run(async () => {
      await inviteToStay(stay.reservationId, contact, t.common.loadFailed);
      const sent = fill(s.shareSent, { contact: contact.trim() });
      setContact('');
      return sent;
    });
  };
  return (
    <section
      className="rounded-xl border border-slate-200 p-4"
      aria-labelledby={`share-title-${stay.reservationId}`}
      data-share-stay
    >
      <h3 id={`share-title-${stay.reservationId}`} className="font-bold">
        {s.shareTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{s.shareIntro}</p>
      {stay.shares.length > 0 && (
        <ul aria-label={s.sharesLabel} className="mt-3 space-y-2" data-shares>
          {stay.shares.map((share) => (
            <li
              key={share.id}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
              data-share={share.status}
            >
              <span>
                <span className="font-semibold break-all">{share.name ?? share.contact}</span>
                {share.name && <span className="text-slate-600"> ({share.contact})</span>} ·{' '}
                {s.shareStatus[share.status]}
              </span>
              {(share.status === 'pending' || share.status === 'accepted') && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void run(async () => {
                      await shareAction('guests/revoke', share.id, t.common.loadFailed);
                      return fill(s.revoked, { contact: share.name ?? share.contact });
                    })
                  }
                  aria-label={fill(s.revoke, { contact: share.name ?? share.contact })}
                  className="rounded-lg border border-slate-300 px-3 py-1 font-semibold text-red-800"
                >
                  {s.revokeShort}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          invite();
        }}
      >
        {/* At least 14rem for an address: on a phone the button goes under the field, full width. */}
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold">
            {s.shareLabel}
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="email"
            autoComplete="off"
            value={contact}
            onChange={(e) => setContact(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:bg-slate-500 max-sm:w-full"
        >
          {busy ? s.shareSending : s.shareButton}
        </button>
      </form>
      <p role="status" className="mt-2 text-sm font-semibold text-emerald-800" data-share-notice>
        {notice}
      </p>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-800" data-share-error>
          {error}
        </p>
      )}
    </section>
  );
}

/** A guest the stay was shared with can leave it (after a confirmation). */
function LeaveStay({ t, stay }: { t: AccountText; stay: MyStay }) {
  const s = t.stays;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const leave = async () => {
    setError('');
    try {
      await shareAction('leave', stay.shareId!, t.common.loadFailed);
    } catch (e) {
      if (!(e instanceof SessionRedirect)) setError(failureOf(e, s.actionFailed));
    }
  };
  if (stay.shareId === null) return null;
  return (
    <div data-leave-stay>
      {asking ? (
        <div role="group" aria-label={s.leave} className="rounded-xl bg-amber-50 p-3">
          <p className="text-sm">{s.leaveConfirm}</p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={() => void leave()}
              className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white"
            >
              {s.leaveYes}
            </button>
            <button
              type="button"
              onClick={() => setAsking(false)}
              className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold"
            >
              {s.leaveNo}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setAsking(true)}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-red-800"
        >
          {s.leave}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
