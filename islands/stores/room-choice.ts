// The room the guest chose, kept in the tab across the sign-in detour. Apart from the reservation's
// API calls ($reservation.ts), so the hotel page's room choice keeps it without loading the API client.

export interface RoomChoice {
  hotelId: number;
  slug: string;
  roomTypeId: number;
  pods: number;
  checkin: string;
  checkout: string;
  promocode: string;
  /** Day use: the block's start hour and length (checkin is the day). */
  dayUse?: { start: number; hours: number } | null;
}

const CHOICE_KEY = 'roomChoice';

export function saveChoice(choice: RoomChoice, storage: Storage = sessionStorage): void {
  storage.setItem(CHOICE_KEY, JSON.stringify(choice));
}

export function readChoice(storage: Storage = sessionStorage): RoomChoice | null {
  try {
    const c = JSON.parse(storage.getItem(CHOICE_KEY) ?? 'null') as RoomChoice | null;
    return c && Number.isInteger(c.roomTypeId) && Number.isInteger(c.hotelId) && Number.isInteger(c.pods) ? c : null;
  } catch {
    return null;
  }
}

export function clearChoice(storage: Storage = sessionStorage): void {
  storage.removeItem(CHOICE_KEY);
}
