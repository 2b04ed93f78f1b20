// The booking limits as plain numbers, apart from the schemas (./booking.ts re-exports them): an island
// that shows a limit does not download valibot for it.

/** Booking abuse limits (enforced by PostgreSQL too: migration 0004_holds_cap.sql). */
export const MAX_ROOMS_PER_RESERVATION = 10;
/** Reservations one account may hold waiting for payment at once. */
export const MAX_UNPAID_RESERVATIONS = 3;
/** Rooms across one account's unpaid holds at once: one largest booking (enforced in reservation_hold). */
export const MAX_UNPAID_ROOMS = MAX_ROOMS_PER_RESERVATION;
