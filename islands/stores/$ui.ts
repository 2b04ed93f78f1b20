import { atom } from 'nanostores';

// Global UI state shared by the static chrome and the islands.
export interface Alert {
  name: string;
  message: string;
}
export const $alert = atom<Alert | null>(null);
/** Set when the reservation limit was hit; closing the alert resets it (spec section 2). */
export const $reservationLimitReached = atom(false);
export const $loadingMask = atom(false);
export const $online = atom(true);

export function showAlert(alert: Alert): void {
  $alert.set(alert);
}

export function closeAlert(): void {
  $alert.set(null);
  $reservationLimitReached.set(false);
}
