import { atom } from 'nanostores';
import { ApiError, openCall, userCall, userCallOnce } from '../lib/api-client.ts';
import { campaignForReservation } from '../lib/track.ts';
import { clearChoice, type RoomChoice } from './room-choice.ts';
import type { AncillaryPackage, ReservationDetail } from '../../core/contracts/responses.ts';

// The booking in progress: the room the guest chose (kept across the sign-in detour), the
// reservation id once created (the payment screens read it), and the review's detail.

export type { AncillaryPackage };
export { clearChoice, readChoice, saveChoice, type RoomChoice } from './room-choice.ts';

const RESERVATION_KEY = 'reservationId';
const LAST_SEARCH_KEY = 'lastSearchHref';

export const $reservationId = atom<number | null>(null);
export const $reservation = atom<ReservationDetail | null>(null);

export function rememberReservation(id: number, storage: Storage = sessionStorage): void {
  storage.setItem(RESERVATION_KEY, String(id));
  $reservationId.set(id);
}

export function storedReservationId(storage: Storage = sessionStorage): number | null {
  const id = Number(storage.getItem(RESERVATION_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Hold the rooms; the API answers with the new reservation (id, expiry, daily details). Each attempt
 * carries its own Idempotency-Key, sent again unchanged when the network failed before the answer:
 * if the first request did hold the rooms, the retry gets that reservation back instead of a second.
 */
export async function createReservation(
  choice: RoomChoice,
  opts: { key?: string; wait?: (ms: number) => Promise<void> } = {},
): Promise<number> {
  const call = {
    method: 'post' as const,
    path: 'clients/v1/reservations/create',
    form: {
      hotel_id: choice.hotelId,
      room_type_id: choice.roomTypeId,
      check_in_date_time: choice.checkin,
      check_out_date_time: choice.checkout,
      total_room: choice.pods,
      promo_code: choice.promocode || undefined,
      start_hour: choice.dayUse?.start,
      block_hours: choice.dayUse?.hours,
      // The campaign this browser arrived with (utm_* and promo, kept PUBLIC_CAMPAIGN_HOURS).
      ...campaignForReservation(),
    },
  };
  const body = await userCallOnce<{ data: { id: number } }>(call, opts);
  rememberReservation(body.data.id);
  clearChoice();
  sessionStorage.setItem(LAST_SEARCH_KEY, window.location.pathname + window.location.search);
  return body.data.id;
}

export async function loadReservation(id: number): Promise<ReservationDetail> {
  const body = await userCall<{ data: ReservationDetail }>({
    path: 'clients/v1/reservations/view',
    query: { reservationId: id },
  });
  $reservationId.set(id);
  $reservation.set(body.data);
  return body.data;
}

/** Give the held rooms back (the guest leaves the review); a hold already gone is not an error. */
export async function cancelReservation(id: number): Promise<void> {
  try {
    await userCall({ method: 'post', path: 'clients/v1/reservations/cancel', form: { reservationId: id } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  if ($reservationId.get() === id) $reservation.set(null);
}

/** Add-on choices; the API recomputes tax, fees, insurance, carbon offset, discount and total. */
export async function updateAddOns(
  id: number,
  choice: { insurance: boolean; packages: string[]; promoCode: string | null },
): Promise<ReservationDetail> {
  const body = await userCall<{ data: ReservationDetail }>({
    method: 'put',
    path: 'clients/v1/reservations/update',
    form: {
      reservationId: id,
      isUseAddon: choice.insurance,
      ancillaryPackageUUIDs: choice.packages,
      isUsePromo: !!choice.promoCode,
      promoCode: choice.promoCode ?? '',
    },
  });
  $reservation.set(body.data);
  return body.data;
}

export async function loadCarbonPackages(hotelId: number, roomTypeId: number): Promise<AncillaryPackage[]> {
  const body = await openCall<{ data: AncillaryPackage[] }>({
    path: 'clients/v1/ancillary-packages',
    query: { ancillary_type_code: 'CARBON_OFFSET', hotel_ids: String(hotelId), room_type_ids: String(roomTypeId) },
  });
  return body.data;
}

/** The hotel page the reservation was made from, for "back to room selection". */
export function lastSearchHref(storage: Storage = sessionStorage): string | null {
  const href = storage.getItem(LAST_SEARCH_KEY);
  return href && href.startsWith('/') && !href.startsWith('//') ? href : null;
}
