import * as v from 'valibot';

// What the islands and pages read from the booking API's answers, as valibot schemas: the types the
// browser code uses come from them, the OpenAPI document describes the answers with them, and the
// API is held to them twice: by the compiler (api/contracts.conformance.ts, a dropped or retyped
// field does not type-check) and by the contract test (every answer the API tests receive is checked
// against the document). Objects are loose: answers may carry more than the browser reads.

const n = v.number();
const s = v.string();
const obj = v.looseObject;
const codeName = obj({ code: s, name: s });

/** A hotel as GET /clients/v1/hotel lists it (the hotel page's shell). */
export const HotelShellSchema = obj({
  id: n,
  slug: s,
  name: s,
  city: s,
  isCabin: n,
  description: s,
  address: s,
  pictureUrl: s,
  latitude: n,
  longitude: n,
  checkInTime: s,
  checkOutTime: s,
  timeZoneLabel: s,
  telephone: s,
  email: s,
  type: obj({ id: n, name: s }),
  facilities: v.array(codeName),
  galleries: v.array(obj({ url: s, type: s, status: n })),
  localities: v.array(obj({ name: s, landmarks: v.array(obj({ name: s, distanceKm: n })) })),
});
export type HotelShell = v.InferOutput<typeof HotelShellSchema>;

/** The insurer of a search result or a reservation's offer. */
export const InsuranceProviderSchema = obj({
  providerName: s,
  coverAmount: n,
  termsUrl: s,
  benefitUrl: s,
  claimUrl: s,
});
export type InsuranceProvider = v.InferOutput<typeof InsuranceProviderSchema>;

export const RoomTypeResultSchema = obj({
  id: n,
  roomRemaining: n,
  label: s,
  name: s,
  description: s,
  mainPictureUrl: s,
  nights: n,
  grossRevenue: n,
  roomPriceFake: n,
  promotionPrice: n,
  insurancePrice: n,
  insuranceProvider: v.nullable(InsuranceProviderSchema),
  returnMessagePromo: s,
  bedSize: s,
  capacity: n,
  capacityChildren: n,
  facility: v.array(codeName),
});
export type RoomTypeResult = v.InferOutput<typeof RoomTypeResultSchema>;

/** The priced search (POST /clients/v1/search, GraphQL ReservationSearch). */
export const SearchResultSchema = obj({
  hotel: obj({ id: n, isCabin: n, timeZoneLabel: s }),
  checkInDate: s,
  checkOutDate: s,
  nights: n,
  promoCode: v.nullable(s),
  messagePromo: s,
  roomTypes: v.array(RoomTypeResultSchema),
});
export type SearchResult = v.InferOutput<typeof SearchResultSchema>;

/** The reservation detail (GET /clients/v1/reservations/view, GraphQL ReservationDetail). */
export const ReservationDetailSchema = obj({
  info: obj({
    reservationId: n,
    orderId: s,
    checkIn: s,
    checkOut: s,
    expiredDateTime: s,
    todayDateTime: s,
    totalPods: n,
    paymentStatus: n,
    duration: n,
    hotel: obj({
      id: n,
      name: s,
      address: s,
      telephone: s,
      isCabin: n,
      timeZoneLabel: s,
      checkInTime: s,
      checkOutTime: s,
    }),
    pods: v.array(obj({ roomTypeId: n, name: s, label: s, capacity: n, capacityChildren: n, bedSize: s, count: n })),
  }),
  priceDetail: obj({
    grossRevenue: n,
    giftCertificateDiscount: n,
    promotion: n,
    tax: n,
    serviceFee: n,
    insurance: n,
    carbonOffset: n,
    bankFee: n,
    guestPrice: n,
  }),
  guest: obj({ name: s, email: s, phoneNumber: s }),
  priceBreakdown: obj({ total: n, promo_code: v.nullable(s), promo_value: n, bobopoint_value: n }),
  insurancePolicies: v.array(obj({ providerName: s })),
  /** The insurance the review offers: insurer, cover, terms and its price per room per night. */
  insuranceOffer: v.nullable(
    obj({ providerName: s, coverAmount: n, pricePerNight: n, termsUrl: s, benefitUrl: s, claimUrl: s }),
  ),
  esg: obj({ total: n, items: v.array(obj({ uuid: s })) }),
  allowEsgPurchase: v.boolean(),
});
export type ReservationDetail = v.InferOutput<typeof ReservationDetailSchema>;

/** The signed-in user (GET /auth/me, /clients/v1/my-account, GraphQL UserProfile; spec section 3). */
export const UserProfileSchema = obj({
  id: n,
  name: s,
  nick_name: v.nullable(s),
  profile_picture_url: v.nullable(s),
  telephone: v.nullable(s),
  email: s,
  is_email_verified: v.boolean(),
  is_telephone_verified: v.boolean(),
  night_count: n,
  stay_count: n,
  preferred_lang: s,
  identity: obj({ identity_status: n, identity_card_selfie_url: v.nullable(s), identity_card_url: v.nullable(s) }),
  total_gift_certificate: n,
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema>;
