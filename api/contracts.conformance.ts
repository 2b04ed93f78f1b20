import type { HotelShell, ReservationDetail, SearchResult, UserProfile } from '../core/contracts/responses.ts';
import type { UserProfile as ApiUserProfile } from './auth/auth.service.ts';
import type { HotelDto } from './hotels/hotels.service.ts';
import type { reservationDetail } from './reservations/reservations.service.ts';
import type { searchRooms } from './search/search.service.ts';

// Compile-time only: the API's answers carry at least what the islands and pages read
// (core/contracts/responses.ts). `npm run check` fails when a service drops or retypes such a field.

type Conforms<Actual extends Expected, Expected> = [Actual, Expected];

export type HotelConforms = Conforms<HotelDto, HotelShell>;
export type SearchConforms = Conforms<Awaited<ReturnType<typeof searchRooms>>, SearchResult>;
export type ProfileConforms = Conforms<ApiUserProfile, UserProfile>;
export type DetailConforms = Conforms<Awaited<ReturnType<typeof reservationDetail>>, ReservationDetail>;
