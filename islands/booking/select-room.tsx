import { useEffect, useRef, useState } from 'react';
import type { Dictionary } from '../../core/i18n/en.ts';
import { fill } from '../../core/i18n/fill.ts';
import type { Lang } from '../../core/locales.ts';
import { localizedPath } from '../../core/locales.ts';
import { formatRupiah } from '../../core/money.ts';
import { ApiError, SessionRedirect } from '../lib/api-errors.ts';
import { openCall, userCall } from '../lib/api-on-demand.ts';
import { $auth, restoreAuth } from '../stores/$auth.ts';
import { $committedSearch } from '../stores/$search.ts';
import { readChoice, saveChoice, type RoomChoice } from '../stores/room-choice.ts';
import { showAlert } from '../stores/$ui.ts';
import {
  capacityLabel,
  dayUseOf,
  lowStockCount,
  podCountOptions,
  promoAlertMessage,
  promoApplies,
  roomsQueryOf,
  searchRooms,
} from './search-result.ts';
import type { RoomTypeResult, SearchResult } from '../../core/contracts/responses.ts';
import type { WaitlistEntry } from '../../core/contracts/waitlist.ts';
import { addNights, formatDate } from '../../core/dates.ts';
import { useIslandStore } from '../lib/use-island-store.ts';
import { useHydrated } from '../lib/client-value.ts';
import { Picture } from '../lib/picture.tsx';
import { track } from '../lib/track.ts';
import { roomFields, searchFields } from './journey-events.ts';

export interface SelectRoomProps {
  lang: Lang;
  t: Dictionary['booking'];
  nightsText: { one: string; many: string };
  /** name and city name the hotel in the measurement events (api/events). */
  hotel: { id: number; slug: string; isCabin: boolean; name?: string; city?: string };
}

export function SelectRoom({ lang, t, nightsText, hotel }: SelectRoomProps) {
  const committed = useIslandStore($committedSearch);
  const auth = useIslandStore($auth);
  const hydrated = useHydrated();
  // The answer for one committed search (its seq): while the current seq has no answer yet, it is loading.
  const [answer, setAnswer] = useState<{ seq: number; result: SearchResult | null } | null>(null);
  const [pods, setPods] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const resumed = useRef(false);
  const state = committed?.state;
  const nightsLabel = (n: number) => (n === 1 ? nightsText.one : fill(nightsText.many, { n }));

  useEffect(() => {
    restoreAuth();
  }, []);

  const seq = committed?.seq ?? -1;
  useEffect(() => {
    if (!state?.checkin || state.hotelId !== hotel.id) return;
    let live = true;
    searchRooms(roomsQueryOf({ ...state, hotelId: hotel.id, checkin: state.checkin }))
      .then((r) => {
        if (!live) return;
        setAnswer({ seq, result: r });
        track('search', searchFields(hotel, r));
        const promo = promoAlertMessage(r);
        if (promo) showAlert({ name: t.promoTitle, message: promo });
      })
      .catch(() => {
        if (live) setAnswer({ seq, result: null });
      });
    return () => {
      live = false;
    };
    // One request per committed search: `state` changes only together with `seq`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seq, hotel.id]);
  const status = answer?.seq !== seq ? 'loading' : answer.result ? 'idle' : 'error';
  const result = answer?.result ?? null;

  const choose = async (room: RoomTypeResult, count: number) => {
    if (!result) return;
    const choice: RoomChoice = {
      hotelId: hotel.id,
      slug: hotel.slug,
      roomTypeId: room.id,
      pods: count,
      checkin: result.checkInDate,
      checkout: result.checkOutDate,
      // The code the search accepted, and only for a room it takes something off: one it refused
      // (another hotel's, ended, unknown) would make the hold refuse every room, and one that does not
      // apply to this room (a free night on a one-night stay, a minimum spend) would be held, and a
      // once-per-guest voucher used up, for nothing. The notices say the booking goes on without it.
      promocode: promoApplies(room) ? (result.promoCode ?? '') : '',
      dayUse: dayUseOf(state?.dayUse),
    };
    // Counted once per choice: not again when it is replayed after the sign-in detour.
    if (!resumed.current) track('room_chosen', roomFields(hotel, result, room, count));
    if (!$auth.get().isLoggedIn) {
      // Sign in (or register) first, then come back to this page and this choice.
      saveChoice(choice);
      const back = new URL(window.location.href);
      back.searchParams.set('room', String(room.id));
      back.searchParams.set('pods', String(count));
      window.location.assign(
        `${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(back.pathname + back.search)}`,
      );
      return;
    }
    setBusy(room.id);
    try {
      const { createReservation } = await import('../stores/$reservation.ts');
      const id = await createReservation(choice);
      window.location.assign(localizedPath(lang, `/reservation/review/${id}/`));
    } catch (error) {
      if (error instanceof SessionRedirect) return;
      setBusy(null);
      showAlert({ name: t.selectRoomTitle, message: error instanceof ApiError ? error.message : t.searchError });
    }
  };

  // Back from sign-in with ?room=&pods=: continue with the same choice.
  useEffect(() => {
    if (!result || resumed.current || !auth.isLoggedIn) return;
    const q = new URLSearchParams(window.location.search);
    const roomId = Number(q.get('room'));
    const saved = readChoice();
    const room = result.roomTypes.find((r) => r.id === roomId);
    if (!room || !saved || saved.roomTypeId !== roomId) return;
    resumed.current = true;
    q.delete('room');
    q.delete('pods');
    window.history.replaceState(null, '', `${window.location.pathname}?${q.toString()}`);
    // Back from sign-in, the guest's earlier click is replayed once (resumed.current guards it): an action
    // started by the arrival of the rooms, which marks its button busy at once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void choose(room, saved.pods);
    // `choose` is a fresh closure each render; the replay depends only on the rooms and the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, auth.isLoggedIn]);

  // The search comes from the URL and the session from storage, both only in the browser: until this
  // island has hydrated, server and browser render the same placeholder (React #418 otherwise).
  if (!hydrated)
    return (
      <p role="status" className="p-4 text-muted">
        {t.loadingRooms}
      </p>
    );
  if (!state?.checkin) return <p className="rounded-xl bg-slate-50 p-4 text-muted">{t.needDates}</p>;
  if (status === 'error')
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        {t.searchError}
      </p>
    );
  if (!result || status === 'loading')
    return (
      <p role="status" className="p-4 text-muted">
        {t.loadingRooms}
      </p>
    );

  // A code in the address the search refused: said once, with the API's reason (each room carries it).
  const refused =
    state?.promocode && !result.promoCode
      ? {
          code: state.promocode.toUpperCase(),
          reason: result.roomTypes.find((r) => r.returnMessagePromo)?.returnMessagePromo ?? '',
        }
      : null;
  return (
    <div data-select-room>
      <p className="mb-1 font-semibold" data-stay-line>
        {result.dayUse
          ? fill(t.dayUseLine, {
              date: formatDate(result.checkInDate, lang),
              hours: fill(t.blockHoursLabel, { n: result.dayUse.hours }),
              start: result.dayUse.startTime,
              end: result.dayUse.endTime,
            })
          : fill(t.stayLine, {
              checkin: formatDate(result.checkInDate, lang),
              checkout: formatDate(result.checkOutDate, lang),
              nights: nightsLabel(result.nights),
            })}
      </p>
      <p className="mb-4 text-sm text-muted">{t.capacityRule}</p>
      {refused && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-promo-refused>
          {fill(t.promoRefused, { code: refused.code, reason: refused.reason })}
        </p>
      )}
      <ul className="grid gap-4">
        {result.roomTypes.map((room) => {
          const low = lowStockCount(room.roomRemaining, hotel.isCabin);
          const soldOut = room.roomRemaining <= 0;
          const count = pods[room.id] ?? 1;
          const selectId = `pods-${room.id}`;
          return (
            <li
              key={room.id}
              data-room-type={room.id}
              data-sold-out={soldOut}
              className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-[200px_1fr_auto]"
            >
              <Picture
                url={room.mainPictureUrl}
                alt={room.label}
                use="card"
                sizes="(min-width: 768px) 200px, 100vw"
                className="aspect-[16/10] w-full rounded-xl bg-slate-100 object-cover md:w-[200px]"
              />
              <div>
                <h3 className="text-lg font-bold">{room.label}</h3>
                <p className="text-sm text-muted">{room.description}</p>
                <p className="mt-2 text-sm">{capacityLabel(t, room.capacity, room.capacityChildren)}</p>
                <p className="text-sm">{fill(t.bedSize, { size: room.bedSize })}</p>
                <ul className="mt-2 flex flex-wrap gap-2 text-xs">
                  {room.facility.map((f) => (
                    <li key={f.code} className="rounded-full bg-slate-100 px-2 py-1">
                      {f.name}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex flex-col items-start gap-2 md:items-end">
                {/* What one room costs for the stay, tax and service included: the review's total for
                    the same room and nights before add-ons. The parts below say how it is made up. */}
                <p className="text-xl font-extrabold text-brand-700" data-price>
                  {formatRupiah(room.totalPrice)}
                </p>
                <p className="text-xs text-muted" data-price-note>
                  {result.dayUse
                    ? fill(t.perBlock, { hours: fill(t.blockHoursLabel, { n: result.dayUse.hours }) })
                    : fill(t.perStay, { nights: nightsLabel(room.nights) })}
                </p>
                <dl className="grid grid-cols-[auto_auto] gap-x-3 text-xs text-muted md:text-right" data-price-parts>
                  <dt>{t.roomOnly}</dt>
                  <dd>
                    {room.roomPriceFake > room.promotionPrice && (
                      <>
                        <span className="sr-only">{t.normalPrice}: </span>
                        <s data-fake-price>{formatRupiah(room.roomPriceFake)}</s>{' '}
                      </>
                    )}
                    <span data-price-part="room">{formatRupiah(room.promotionPrice)}</span>
                  </dd>
                  <dt>{t.tax}</dt>
                  <dd data-price-part="tax">{formatRupiah(room.tax)}</dd>
                  <dt>{t.serviceFee}</dt>
                  <dd data-price-part="service">{formatRupiah(room.serviceFee)}</dd>
                </dl>
                {room.returnMessagePromo && !refused && (
                  <p
                    className={`text-xs ${promoApplies(room) ? 'text-emerald-800' : 'text-slate-600'}`}
                    data-room-promo={promoApplies(room) ? 'applied' : 'not-applied'}
                  >
                    {room.returnMessagePromo}
                  </p>
                )}
                {soldOut ? (
                  <>
                    <p className="rounded-lg bg-slate-200 px-3 py-2 font-semibold" data-sold-out-label>
                      {t.soldOut}
                    </p>
                    {state?.checkin && !state.dayUse?.start && (
                      <Waitlist
                        lang={lang}
                        t={t}
                        signedIn={hydrated && auth.isLoggedIn}
                        stay={{
                          hotelId: hotel.id,
                          roomTypeId: room.id,
                          room: room.label,
                          checkIn: state.checkin,
                          checkOut: addNights(state.checkin, state.nights),
                        }}
                      />
                    )}
                  </>
                ) : (
                  <>
                    {low !== null && (
                      <p className="font-semibold text-red-700" data-low-stock>
                        {fill(t.left, { n: low })}
                      </p>
                    )}
                    <label htmlFor={selectId} className="text-sm">
                      {t.pods}
                    </label>
                    <select
                      id={selectId}
                      value={count}
                      onChange={(e) => setPods({ ...pods, [room.id]: Number(e.target.value) })}
                      className="rounded-lg border border-slate-300 px-3 py-1"
                    >
                      {podCountOptions(room.roomRemaining).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={() => void choose(room, count)}
                      className="rounded-lg bg-brand-600 px-5 py-2 font-bold text-white disabled:bg-slate-400"
                      aria-label={`${t.choose}: ${room.label}`}
                    >
                      {busy === room.id ? t.choosing : t.choose}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The guest's waitlist entries, asked once per page (every sold-out room's part shares the answer). */
let mineOnce: Promise<WaitlistEntry[]> | null = null;
function myEntries(): Promise<WaitlistEntry[]> {
  mineOnce ??= userCall<{ data: WaitlistEntry[] }>({ path: 'clients/v1/waitlist' }).then((b) => b.data);
  return mineOnce;
}

/**
 * A sold-out room type's waitlist (api/waitlist): how many wait for these nights, and for a signed-in
 * guest a button to join; when a room frees up it is held for the first in line for 15 minutes. A
 * guest already in line sees their place and can leave (they may wait in 5 lines at most); one whose
 * room is held sees the link to pay for it.
 */
function Waitlist({
  lang,
  t,
  signedIn,
  stay,
}: {
  lang: Lang;
  t: Dictionary['booking'];
  signedIn: boolean;
  stay: { hotelId: number; roomTypeId: number; room: string; checkIn: string; checkOut: string };
}) {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [entry, setEntry] = useState<WaitlistEntry | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const { hotelId, roomTypeId, checkIn, checkOut } = stay;
  useEffect(() => {
    let live = true;
    openCall<{ data: { waiting: number } }>({
      path: 'clients/v1/waitlist/count',
      query: { roomTypeId, checkIn, checkOut },
    })
      .then((body) => live && setWaiting(body.data.waiting))
      .catch(() => undefined); // The count is a help; the button works without it.
    if (signedIn)
      myEntries()
        .then((mine) => {
          const found = mine.find(
            (e) => e.roomTypeId === roomTypeId && e.checkIn === checkIn && e.checkOut === checkOut,
          );
          if (live && found) setEntry(found);
        })
        .catch(() => undefined); // Not known: the join button, which answers the same entry again.
    return () => {
      live = false;
    };
  }, [roomTypeId, checkIn, checkOut, signedIn]);
  const act = async (leave: boolean) => {
    setBusy(true);
    mineOnce = null;
    try {
      if (leave && entry) {
        await userCall({ method: 'post', path: 'clients/v1/waitlist/leave', json: { id: entry.id } });
        setEntry(null);
        setWaiting((n) => (n ? n - 1 : n));
        setMessage(t.waitlistLeft);
      } else {
        const body = await userCall<{ data: WaitlistEntry }>({
          method: 'post',
          path: 'clients/v1/waitlist',
          json: { hotelId, roomTypeId, checkIn, checkOut, pods: 1 },
        });
        setEntry(body.data);
        setWaiting((n) => Math.max(n ?? 0, body.data.position ?? 1));
        setMessage('');
      }
    } catch (e) {
      if (e instanceof SessionRedirect) return;
      setMessage(e instanceof ApiError ? e.message : leave ? t.waitlistLeaveFailed : t.waitlistFailed);
    } finally {
      setBusy(false);
    }
  };
  const here = typeof location === 'undefined' ? '' : location.pathname + location.search;
  return (
    <div className="flex flex-col items-start gap-1 md:items-end" data-waitlist>
      {waiting !== null && waiting > 0 && (
        <p className="text-xs text-muted" data-waitlist-count>
          {fill(t.waitlistWaiting, { n: waiting })}
        </p>
      )}
      {!signedIn ? (
        <a
          className="text-sm font-semibold text-brand-700 underline"
          href={`${localizedPath(lang, '/signin/')}?redirect=${encodeURIComponent(here)}`}
        >
          {t.waitlistSignIn}
        </a>
      ) : entry?.status === 'offered' && entry.reservationId ? (
        <a
          className="text-sm font-semibold text-brand-700 underline"
          href={localizedPath(lang, `/payment/list/${entry.reservationId}/`)}
          data-waitlist-held
        >
          {t.waitlistHeld}
        </a>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(entry !== null)}
          aria-label={`${entry ? t.waitlistLeave : t.waitlistJoin}: ${stay.room}`}
          className="rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 disabled:opacity-60"
        >
          {entry ? t.waitlistLeave : t.waitlistJoin}
        </button>
      )}
      <p role="status" className="max-w-60 text-xs md:text-right" data-waitlist-message>
        {entry?.status === 'waiting' ? fill(t.waitlistJoined, { n: entry.position ?? 1 }) : message}
      </p>
    </div>
  );
}
