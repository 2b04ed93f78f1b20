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

/** A day-use block as the answers carry it: length, start and end (hotel's zone) and the times alone. */
export const DayUseBlockSchema = obj({ hours: n, start: s, end: s, startTime: s, endTime: s });
export type DayUseBlock = v.InferOutput<typeof DayUseBlockSchema>;

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
  /** Tax and service on `promotionPrice`, and their sum with it: what one room costs before add-ons. */
  tax: n,
  serviceFee: n,
  totalPrice: n,
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
  /** Day use (a search with startHour and blockHours): the block searched; absent for nights. */
  dayUse: v.optional(DayUseBlockSchema),
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
    /** Day use: the block held; null for nights. */
    dayUse: v.optional(v.nullable(DayUseBlockSchema)),
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

/**
 * ID verification (spec section 4): the profile's `identity.identity_status` is the index of the state
 * in this list. A rejected guest may upload again; an operator approves or rejects what was submitted.
 */
export const IDENTITY_STATES = ['not_submitted', 'submitted', 'rejected', 'verified'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];
export function identityStatusCode(state: string): number {
  return Math.max(0, IDENTITY_STATES.indexOf(state as IdentityState));
}

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

// ---- Every other answer of the REST API (the OpenAPI document's 200/201/202 bodies) ----------

const nn = v.nullable(n);
const ns = v.nullable(s);
const dateRange = obj({ start: s, end: s });

/** The OAuth2 token answer (POST /oauth2/token); sign-in and sign-up add the user. */
export const TokenAnswerSchema = obj({
  access_token: s,
  token_type: v.literal('Bearer'),
  expires_in: n,
  refresh_token: v.optional(s),
  scope: s,
});
export const SignedInSchema = obj({ ...TokenAnswerSchema.entries, refresh_token: s, user: UserProfileSchema });

/** A code was sent (or an unknown target was told the same): where to, and for how long. */
export const CodeSentSchema = obj({
  channel: v.picklist(['email', 'phone']),
  target: s,
  expiresInSeconds: n,
  resendAfterSeconds: n,
});
export const RegisteredSchema = obj({ user: UserProfileSchema, verification: CodeSentSchema });
export const CodeCheckedSchema = v.union([
  obj({ purpose: v.literal('verify'), verified: v.literal(true), channel: v.picklist(['email', 'phone']) }),
  obj({ purpose: v.literal('reset_password'), resetToken: s, expiresInSeconds: n }),
]);
export const PasswordResetSchema = obj({ reset: v.literal(true) });
export const SignedOutSchema = obj({ loggedOut: v.literal(true) });

/** Why the last site build failed: the broken document and field when content broke it. */
export const BuildFailureSchema = obj({
  at: s,
  reason: s,
  message: s,
  documentId: ns,
  field: ns,
  contentVersion: v.nullable(n),
});

/**
 * The live site build (GET /api/site/build-status, and /api/health's `build`): `failed` when the last
 * build failed, in which case the build before it keeps serving. `lastFailure` (which document and
 * field broke it, and the error text) is given to editors only (server/content-hooks/editors.ts).
 */
export const BuildStatusSchema = obj({
  state: v.picklist(['ok', 'building', 'failed']),
  builtAt: s,
  contentVersion: n,
  lastFailure: v.optional(v.nullable(BuildFailureSchema)),
});

/**
 * Liveness, database and build: 200 when the database answers (status `degraded` too when the last
 * site build failed: the node still serves the previous one), 503 when it does not.
 */
export const HealthSchema = obj({
  status: v.picklist(['ok', 'degraded']),
  build: obj({
    present: v.boolean(),
    builtAt: ns,
    stale: v.boolean(),
    state: v.optional(v.picklist(['ok', 'building', 'failed'])),
    contentVersion: v.optional(n),
    /** The newest shared content version the node knows of (above contentVersion while it catches up). */
    newestContentVersion: v.optional(n),
  }),
  database: obj({ kind: s, ok: v.boolean() }),
});
export type HealthBuild = v.InferOutput<typeof HealthSchema>['build'];
export type BuildFailure = v.InferOutput<typeof BuildFailureSchema>;
export type BuildStatus = v.InferOutput<typeof BuildStatusSchema>;

/** One Bobopoint ledger line (the Active, Pending and History tabs). */
export const PointEntrySchema = obj({
  id: n,
  amount: n,
  kind: s,
  label: s,
  status: s,
  reservation_id: nn,
  earn_date: ns,
  expires_on: ns,
  created_at: s,
});
export const PointsSummarySchema = obj({
  total: n,
  worth: n,
  worth_label: s,
  expiry_date: ns,
  active: v.array(PointEntrySchema),
  pending: v.array(PointEntrySchema),
  history: v.array(PointEntrySchema),
});
export const PointsActiveSchema = obj({ total: n, worth: n, expiry_date: ns, items: v.array(PointEntrySchema) });
export const PointItemsSchema = obj({ items: v.array(PointEntrySchema) });
export type PointEntry = v.InferOutput<typeof PointEntrySchema>;

/** Bobopoints seen as gift certificates (GET /clients/v1/gift-certificates). */
export const GiftCertificatesSchema = obj({
  balance: n,
  balance_label: s,
  usable_per_booking: n,
  remaining_after_use: n,
  step: n,
  max_per_booking: n,
  items: v.array(
    obj({
      reservation_id: n,
      order_id: s,
      hotel_name: s,
      checkin_date: s,
      checkout_date: s,
      amount: n,
      amount_label: s,
      status: v.picklist(['used', 'held']),
      applied_at: s,
    }),
  ),
});
export type GiftCertificates = v.InferOutput<typeof GiftCertificatesSchema>;

/** A new e-mail or phone waiting for the code sent to it. */
export const PendingChangeSchema = obj({
  channel: v.picklist(['email', 'phone']),
  target: s,
  expiresInSeconds: n,
  resendAfterSeconds: n,
});
export type PendingChange = v.InferOutput<typeof PendingChangeSchema>;
/** POST /clients/v1/my-account/update: the profile (name saved) and the address changes awaiting a code. */
export const ProfileUpdatedSchema = obj({ data: UserProfileSchema, pending: v.array(PendingChangeSchema) });
/** POST /clients/v1/my-account/delete: deactivated now, erased on that date unless reactivated. */
export const AccountDeletedSchema = obj({ deactivated: v.literal(true), erase_on: s });

/** Availability per date and the longest stay from a date. */
export const AvailabilityDaySchema = obj({
  date: s,
  hotel_id: n,
  is_blackout: v.boolean(),
  web_sellable_rooms: n,
  min_price: nn,
});
export const MaxDurationSchema = obj({ hotel_id: n, date_start: s, web_max_duration: n });

/** Day use of an hourly hotel per date: each block length, its sellable start hours and lowest price. */
export const DayUseDaySchema = obj({
  date: s,
  hotel_id: n,
  is_blackout: v.boolean(),
  blocks: v.array(obj({ hours: n, min_price: v.nullable(n), starts: v.array(n) })),
});
export type DayUseDay = v.InferOutput<typeof DayUseDaySchema>;

/** A public promo (list and view) and a web announcement. */
export const PromoSchema = obj({
  id: n,
  promo_name: s,
  promo_code: s,
  promo_type_id: n,
  promo_type_name: s,
  discount_type: s,
  discount_value: n,
  max_discount: nn,
  min_spend: nn,
  is_foc: v.boolean(),
  payment_methods: v.array(s),
  is_active: v.boolean(),
  isExpired: v.boolean(),
  period: dateRange,
  stay_period: v.nullable(dateRange),
  terms: s,
  image_url: ns,
  hotel_ids: v.array(n),
});
export const AnnouncementSchema = obj({ id: n, title: s, body: s, linkUrl: ns, activeFrom: ns, activeTo: ns });

/** A payment channel, a charge as the payment screens see it, and a reservation's payment state. */
export const PaymentChannelSchema = obj({
  id: n,
  code: s,
  name: s,
  category: s,
  category_label: s,
  is_active: v.boolean(),
  logo_url: ns,
  fee_flat: n,
  fee_bps: n,
  min_amount: n,
});
export const ChargeSchema = obj({
  order_id: s,
  attempt: n,
  channel_code: s,
  payment_type: s,
  gross_amount: n,
  gross_amount_label: s,
  points_used: n,
  status: s,
  expires_at: s,
  expired_datetime: s,
  bank: ns,
  va_number: ns,
  bill_key: ns,
  biller_code: ns,
  qr_string: ns,
  deeplink_url: ns,
  masked_card: ns,
  refund_required: v.boolean(),
});
export const ChargeCreatedSchema = obj({ code: n, message: s, data: ChargeSchema });
export const PaymentStateSchema = obj({
  reservation_id: n,
  order_id: s,
  payment_status: n,
  payment_status_label: s,
  result: v.picklist(['success', 'refund', 'failed', 'pending', 'unpaid']),
  hold_expired_datetime: s,
  hold_expires_at: s,
  total_room: n,
  charge: v.nullable(ChargeSchema),
  points_pending: v.nullable(obj({ amount: n, earn_date: ns })),
});
export const ChargeDroppedSchema = obj({ reservationId: n, cancelled: v.array(s) });
export const PaymentConfigSchema = obj({ gateway: s, client_key: s, token_url: s });
/** The gateway's notification was read: what it changed. */
export const NotificationAnswerSchema = obj({ status: s });

/** An ancillary package (carbon offset). */
export const AncillaryPackageSchema = obj({
  uuid: s,
  hotel_id: nn,
  room_type_id: nn,
  provider_name: s,
  provider_short_description: s,
  provider_logo_url: ns,
  ancillary_type_code: s,
  name: s,
  sale_price: n,
  custom_data: v.record(s, v.unknown()),
});

/** A new reservation (201), the list, and a cancelled one. */
export const ReservationCreatedSchema = obj({
  id: n,
  order_id: s,
  checkin_date: s,
  checkout_date: s,
  created_datetime: s,
  expired_datetime: s,
  payment_status_id: n,
  total_room: n,
  room_type_id: n,
  hotel: obj({ id: n, name: s }),
  booker: obj({ id: n, name: s, email: s, phone: s }),
  daily_details: v.array(obj({ date: s, guest_price: n, gross_revenue: n, promotion_price: n, fake_price: n })),
  total_price: n,
});
export const ReservationListSchema = obj({
  count: n,
  totalRooms: n,
  items: v.array(
    obj({
      reservationId: n,
      orderId: s,
      hotel: obj({ id: n, name: s }),
      roomTypeName: s,
      checkIn: s,
      checkOut: s,
      totalPods: n,
      paymentStatus: n,
      paymentStatusLabel: s,
      expiredDateTime: s,
      total: n,
    }),
  ),
});
export const ReservationCancelledSchema = obj({ reservationId: n, paymentStatus: n });

/** Newsletter sign-up; the promo list also says how many it holds. */
export const SubscribedSchema = obj({ data: obj({ id: n }), message: s });
export const PromoListSchema = obj({ data: v.array(PromoSchema), total: n });

/**
 * The content webhook was accepted: the new content version, and the rebuild's outcome when it ended
 * within the answer's wait (`published` null while it still runs; GET /api/site/build-status follows it).
 */
export const WebhookAcceptedSchema = obj({
  accepted: v.literal(true),
  version: n,
  published: v.nullable(v.boolean()),
  failure: v.nullable(BuildFailureSchema),
  build: BuildStatusSchema,
});

/** A GraphQL answer: data, errors, or both (the gateway routes). */
export const GraphQLAnswerSchema = obj({
  data: v.optional(v.nullable(v.record(s, v.unknown()))),
  errors: v.optional(v.array(obj({ message: s }))),
});

export type PaymentChannel = v.InferOutput<typeof PaymentChannelSchema>;
export type Charge = v.InferOutput<typeof ChargeSchema>;
export type PaymentState = v.InferOutput<typeof PaymentStateSchema>;
export type AncillaryPackage = v.InferOutput<typeof AncillaryPackageSchema>;
export type TokenAnswer = v.InferOutput<typeof TokenAnswerSchema>;
