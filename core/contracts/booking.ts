import * as v from 'valibot';
import {
  BoolLike,
  DateOrDateTime,
  IntLike,
  IntList,
  PlainDateString,
  PositiveInt,
  PromoCode,
  StringList,
} from './common.ts';
import { EmailSchema } from './auth.ts';
import { CampaignValue } from './events.ts';
import { MAX_ROOMS_PER_RESERVATION, MAX_UNPAID_RESERVATIONS, MAX_UNPAID_ROOMS } from './booking-limits.ts';

// Inputs of the booking calls, shared by the REST routes, the GraphQL resolvers and the islands.

/** Day use (hourly hotels): a start hour of the hotel's day and a block length in hours. */
export const StartHour = v.pipe(IntLike, v.minValue(0), v.maxValue(23));
export const BlockHours = v.pipe(IntLike, v.minValue(1), v.maxValue(24));

export const SearchBody = v.object({
  hotelId: PositiveInt,
  checkInDateTime: DateOrDateTime,
  checkOutDateTime: DateOrDateTime,
  isUsedGiftCertificate: v.optional(BoolLike, false),
  promoCode: v.optional(PromoCode, ''),
  /** Day use: both set, the check-in date is the day and the check-out is not read. */
  startHour: v.optional(StartHour),
  blockHours: v.optional(BlockHours),
});
export type SearchBody = v.InferOutput<typeof SearchBody>;

export const ReservationSearchInput = v.object({
  hotel_id: PositiveInt,
  check_in_date_time: DateOrDateTime,
  check_out_date_time: DateOrDateTime,
  is_used_gc: v.optional(BoolLike, false),
  promo_code: v.optional(v.nullable(PromoCode), ''),
});

export const RoomAvailabilityInput = v.object({
  hotel_id: PositiveInt,
  date_start: PlainDateString,
  date_end: PlainDateString,
});
export const MaxDurationInput = v.object({ hotel_id: PositiveInt, date_start: PlainDateString });

export const HotelsQuery = v.object({ hotelTypeId: v.optional(IntLike, -1) });

export { MAX_ROOMS_PER_RESERVATION, MAX_UNPAID_RESERVATIONS, MAX_UNPAID_ROOMS };
/**
 * Of one hotel's rooms on one night, the share one account may hold unpaid (percent), and the rooms it
 * may always hold however small the hotel (a family's four pods).
 */
export const HOTEL_SHARE_PERCENT = 10;
export const HOTEL_SHARE_MIN_ROOMS = 4;

export const CreateReservationInput = v.object({
  hotel_id: PositiveInt,
  room_type_id: PositiveInt,
  check_in_date_time: DateOrDateTime,
  check_out_date_time: DateOrDateTime,
  total_room: v.pipe(IntLike, v.minValue(1), v.maxValue(MAX_ROOMS_PER_RESERVATION)),
  promo_code: v.optional(v.nullable(PromoCode), ''),
  notes: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  /** Day use: both set, check_in_date_time is the day (check_out_date_time is not read). */
  start_hour: v.optional(StartHour),
  block_hours: v.optional(BlockHours),
  /** The campaign the guest came from (the browser's campaign tracker, core/contracts/events.ts). */
  campaign_identifier: v.optional(CampaignValue),
  campaign_event: v.optional(CampaignValue),
  channel_source: v.optional(CampaignValue),
});

export const DayUseAvailabilityInput = v.object({
  hotel_id: PositiveInt,
  date_start: PlainDateString,
  date_end: PlainDateString,
});

export const ReservationIdInput = v.object({ reservationId: PositiveInt });
export const ReservationListQuery = v.object({
  paymentStatus: v.optional(v.pipe(IntLike, v.minValue(1), v.maxValue(5))),
});

export const ReservationUpdateBody = v.object({
  reservationId: PositiveInt,
  isUsePromo: v.optional(BoolLike, false),
  promoCode: v.optional(v.nullable(PromoCode), ''),
  promoExternalID: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  isUseGiftCertificate: v.optional(BoolLike, false),
  giftCertificate: v.optional(v.pipe(IntLike, v.minValue(0), v.maxValue(100_000_000)), 0),
  isUseAddon: v.optional(BoolLike, false),
  paymentChannelCode: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40), v.regex(/^[a-z0-9_]*$/))), ''),
  ancillaryPackageUUIDs: v.optional(StringList, []),
  /**
   * The other guests of the stay, by the e-mail of their own accounts (the booker is the primary
   * guest); replaces the list when given, left as it is when absent (api/reservations/stay-guests.ts).
   */
  secondaryGuests: v.optional(StringList),
});
export type ReservationUpdateBody = v.InferOutput<typeof ReservationUpdateBody>;

export const AncillaryListInput = v.object({
  ancillary_type_code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
  hotel_ids: v.optional(v.nullable(IntList), []),
  room_type_ids: v.optional(v.nullable(IntList), []),
});

export const PublicPromoQuery = v.object({
  hotelId: v.optional(IntLike),
  checkInDate: v.optional(PlainDateString),
  checkOutDate: v.optional(PlainDateString),
  activeFrom: v.optional(PlainDateString),
  activeTo: v.optional(PlainDateString),
  size: v.optional(v.pipe(IntLike, v.minValue(-1), v.maxValue(500)), -1),
});
export const PromoViewQuery = v.object({ promoCode: v.optional(PromoCode), id: v.optional(PositiveInt) });

export const SubscribeBody = v.object({
  firstName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80)), 'Bobo Friend'),
  lastName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80)), ''),
  // The sign-up's e-mail rule (spec section 5: no plus sign), with its stable issue keys, so the
  // 422 names what is wrong ("email_plus") in the guest's language instead of "not valid".
  email: EmailSchema,
  listID: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), 'web-newsletter'),
});

export const VoucherListInput = v.object({ reservation_id: PositiveInt });
export const VoucherSearchInput = v.object({ reservation_id: PositiveInt, promo_code: PromoCode });
export const PromotionInfoInput = v.object({
  promo_code: PromoCode,
  reservation_id: v.optional(v.nullable(PositiveInt)),
});
export const ReservationDetailInput = v.object({ reservation_id: PositiveInt });
export const StayListInput = v.object({
  stay_status: v.optional(v.nullable(v.pipe(IntLike, v.minValue(0), v.maxValue(9)))),
});
