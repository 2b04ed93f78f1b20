import type { HotelShell, ReservationDetail, SearchResult, UserProfile } from '../core/contracts/responses.ts';
import type { UserProfile as ApiUserProfile } from './profile/auth.service.ts';
import type { HotelDto } from './hotels/hotels.service.ts';
import type { reservationDetail } from './reservations/reservations.service.ts';
import type { searchRooms } from './search/search.service.ts';
import type * as R from '../core/contracts/responses.ts';
import type * as A from '../core/contracts/account.ts';
import type { verifyStayPass } from './account/stay-pass.service.ts';
import type { listMyStays, listStayHistory } from './account/account-lists.ts';
import type { countReservations } from './reservations/reservation-count.ts';
import type { GenericSchema, InferOutput } from 'valibot';
import type { activeAncillaryPackages } from './ancillary/ancillary.service.ts';
import type { completeRegistration, registerUser, requestCode, resetPassword } from './profile/auth.service.ts';
import type { TokenResponse } from './auth/tokens.service.ts';
import type { roomAvailability, roomAvailabilityMaxDuration } from './availability/availability.service.ts';
import type { chargeView } from './payments/charge.view.ts';
import type { cancelCurrentCharge, paymentConfig, paymentStatus } from './payments/charge.status.ts';
import type { listPaymentChannels } from './pricing/channels.service.ts';
import type { giftCertificates, pointsSummary } from './points/points.service.ts';
import type { deleteAccount } from './account/deletion.service.ts';
import type { confirmChange, updateProfile } from './profile/profile.service.ts';
import type { activeAnnouncements, viewPromo } from './promotions/promotions.service.ts';
import type {
  cancelReservation,
  createReservation,
  listReservations,
  updateRate,
} from './reservations/reservations.service.ts';

// Compile-time only: the API's answers carry at least what the islands and pages read
// (core/contracts/responses.ts). `npm run check` fails when a service drops or retypes such a field.

type Conforms<Actual extends Expected, Expected> = [Actual, Expected];

export type HotelConforms = Conforms<HotelDto, HotelShell>;
export type SearchConforms = Conforms<Awaited<ReturnType<typeof searchRooms>>, SearchResult>;
export type ProfileConforms = Conforms<ApiUserProfile, UserProfile>;
export type DetailConforms = Conforms<Awaited<ReturnType<typeof reservationDetail>>, ReservationDetail>;

// The rest of the REST answers (core/contracts/responses.ts, second half).

type Out<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Of<S extends GenericSchema> = InferOutput<S>;

export type Rest = [
  Conforms<TokenResponse, Of<typeof R.TokenAnswerSchema>>,
  Conforms<Out<typeof registerUser>, Of<typeof R.RegisteredSchema>>,
  Conforms<Out<typeof completeRegistration>['token'], Of<typeof R.TokenAnswerSchema>>,
  Conforms<Out<typeof requestCode>, Of<typeof R.CodeSentSchema>>,
  Conforms<Out<typeof resetPassword>, Of<typeof R.PasswordResetSchema>>,
  Conforms<Out<typeof pointsSummary>, Of<typeof R.PointsSummarySchema>>,
  Conforms<Out<typeof roomAvailability>, Of<typeof R.AvailabilityDaySchema>[]>,
  Conforms<Out<typeof roomAvailabilityMaxDuration>, Of<typeof R.MaxDurationSchema>>,
  Conforms<Out<typeof viewPromo>, Of<typeof R.PromoSchema>>,
  Conforms<Out<typeof activeAnnouncements>, Of<typeof R.AnnouncementSchema>[]>,
  Conforms<Out<typeof listPaymentChannels>, Of<typeof R.PaymentChannelSchema>[]>,
  Conforms<ReturnType<typeof chargeView>, Of<typeof R.ChargeSchema>>,
  Conforms<Out<typeof paymentStatus>, Of<typeof R.PaymentStateSchema>>,
  Conforms<Out<typeof cancelCurrentCharge>, Of<typeof R.ChargeDroppedSchema>>,
  Conforms<Out<typeof paymentConfig>, Of<typeof R.PaymentConfigSchema>>,
  Conforms<Out<typeof activeAncillaryPackages>, Of<typeof R.AncillaryPackageSchema>[]>,
  Conforms<Out<typeof createReservation>, Of<typeof R.ReservationCreatedSchema>>,
  Conforms<Out<typeof listReservations>, Of<typeof R.ReservationListSchema>>,
  Conforms<Out<typeof cancelReservation>, Of<typeof R.ReservationCancelledSchema>>,
  Conforms<Out<typeof updateRate>, Of<typeof R.ReservationDetailSchema>>,
  Conforms<Out<typeof giftCertificates>, Of<typeof R.GiftCertificatesSchema>>,
  Conforms<Out<typeof updateProfile>, Of<typeof R.ProfileUpdatedSchema>>,
  Conforms<Out<typeof confirmChange>['data'], Of<typeof R.UserProfileSchema>>,
  Conforms<Out<typeof deleteAccount>, Of<typeof R.AccountDeletedSchema>>,
];

// The account area (core/contracts/account.ts).
export type AccountConforms = [
  Conforms<Out<typeof countReservations>, Of<typeof A.ReservationCountSchema>>,
  Conforms<Out<typeof listMyStays>, Of<typeof A.MyStayListSchema>>,
  Conforms<Out<typeof listStayHistory>, Of<typeof A.StayHistoryListSchema>>,
  Conforms<Out<typeof verifyStayPass>, Of<typeof A.StayPassCheckSchema>>,
];
