import * as v from 'valibot';
import { BoolLike, PositiveInt } from './common.ts';

// The account area's calls (orders badge, My stay, history, the host's stay-pass check): inputs and
// the answers the islands read. Loose objects, as in responses.ts: answers may carry more.

const n = v.number();
const s = v.string();
const ns = v.nullable(s);
const obj = v.looseObject;

/** ID verification of the booker (users.identity_status, spec section 4). */
export const IDENTITY_STATES = ['not_submitted', 'submitted', 'rejected', 'verified'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

/** Failed face verifications after which the guest must ask the host (spec section 4). */
export const LIVENESS_MAX_RETRIES = 3;
/** Self check-in opens this many minutes before the hotel's check-in time, on the check-in day. */
export const SELF_CHECKIN_OPENS_BEFORE_MINUTES = 60;

/** GET /clients/v1/reservations/count: one count (paymentStatus=1 fills the order badge). */
export const ReservationCountSchema = obj({ count: n });

const guest = obj({ name: s, email: s, phone: s });

/** A person the booker invited to a stay (api/reservations/stay-guests.ts): what was typed, the state, the name once accepted. */
export const SHARE_STATUSES = ['pending', 'accepted', 'declined', 'left'] as const;
export const StayShareSchema = obj({
  id: n,
  contact: s,
  contactKind: v.picklist(['email', 'phone']),
  status: v.picklist(SHARE_STATUSES),
  name: ns,
});
export type StayShareView = v.InferOutput<typeof StayShareSchema>;

/** An invitation waiting for the viewer's answer (GET /clients/v1/stays/invitations). */
export const InvitationSchema = obj({
  shareId: n,
  bookerName: s,
  hotel: obj({ id: n, name: s }),
  checkInDate: s,
  checkOutDate: s,
  pods: n,
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

/** Invite someone to a stay by e-mail or phone (the same answer whether or not they have an account). */
export const InviteGuestBody = v.object({
  reservationId: PositiveInt,
  contact: v.pipe(v.string(), v.maxLength(254)),
});
/** One share, by id: revoke (the booker), accept, decline or leave (the guest). */
export const ShareIdBody = v.object({ shareId: PositiveInt });
/** A share call done (revoke, accept, decline, leave). */
export const ShareDoneSchema = obj({ ok: v.literal(true) });
/** What the app reports of one self check-in attempt: whether the face verification passed. */
export const CheckInAttemptBody = v.object({ reservationId: PositiveInt, faceVerified: BoolLike });
/** The state after an attempt. */
export const CheckInResultSchema = obj({
  checkedIn: v.boolean(),
  livenessCountRetry: n,
  maxLivenessRetries: n,
  contactHost: v.boolean(),
});

/** One active or upcoming paid stay (GET /clients/v1/stays, REST twin of HotelStayList). */
export const MyStaySchema = obj({
  reservationId: n,
  orderId: s,
  stayStatus: v.picklist(['upcoming', 'staying']),
  stayStatusLabel: s,
  checkInDate: s,
  checkOutDate: s,
  /** The instants check-in and check-out happen (ISO 8601, UTC). */
  checkInAt: s,
  checkOutAt: s,
  nights: n,
  hotel: obj({
    id: n,
    name: s,
    address: s,
    telephone: s,
    latitude: n,
    longitude: n,
    timeZone: s,
    timeZoneLabel: s,
    checkInTime: s,
    checkOutTime: s,
    mapUrl: s,
  }),
  pods: obj({ roomTypeId: n, name: s, label: s, count: n, capacity: n }),
  guests: obj({ primary: guest, secondary: v.array(guest) }),
  /** booker: the viewer booked it; guest: the booker shared it with the viewer, who accepted. */
  guestType: v.picklist(['booker', 'guest']),
  /** For a guest: who booked it (their name only). Null for the booker. */
  bookedBy: ns,
  /** For a guest: their share (to leave the stay). Null for the booker. */
  shareId: v.nullable(n),
  /** For the booker: everyone they invited, as typed, with the state (their name once accepted). */
  shares: v.array(StayShareSchema),
  insurancePolicy: v.nullable(
    obj({
      providerName: s,
      coverAmount: n,
      /** What the insurer answered: requested (being issued), issued, or failed. */
      status: v.picklist(['requested', 'issued', 'failed']),
      termsUrl: s,
      claimUrl: s,
      /** The insurer's own number, once issued. */
      policyNumber: v.nullable(s),
    }),
  ),
  /** The booking as an iCalendar file (text/calendar). */
  calendar: s,
  /** The signed stay token the QR code carries (api/account/stay-pass.ts). */
  pass: obj({ token: s }),
  selfCheckIn: obj({
    opensAt: s,
    opensAtTime: s,
    closesAt: s,
    isBooker: v.boolean(),
    identityStatus: v.picklist(IDENTITY_STATES),
    livenessCountRetry: n,
    maxLivenessRetries: n,
    checkedInAt: ns,
  }),
});
export type MyStay = v.InferOutput<typeof MyStaySchema>;
export const MyStayListSchema = v.array(MyStaySchema);

/** A past, cancelled, expired or refunded reservation (GET /clients/v1/stays/history). */
export const STAY_HISTORY_STATUSES = ['completed', 'cancelled', 'expired', 'refunded'] as const;
export const StayHistoryItemSchema = obj({
  reservationId: n,
  orderId: s,
  status: v.picklist(STAY_HISTORY_STATUSES),
  statusLabel: s,
  paymentStatus: n,
  hotel: obj({ id: n, name: s }),
  roomTypeName: s,
  checkInDate: s,
  checkOutDate: s,
  nights: n,
  totalPods: n,
  /** What the guest paid (null when nothing was paid). */
  paidAmount: v.nullable(n),
});
export type StayHistoryItem = v.InferOutput<typeof StayHistoryItemSchema>;
export const StayHistoryListSchema = v.array(StayHistoryItemSchema);

/** POST /host/v1/stay-pass/verify: the scanned token, and optionally the host's own hotel. */
export const StayPassVerifyInput = v.object({
  token: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)),
  hotelId: v.optional(PositiveInt),
});
export const StayPassCheckSchema = obj({
  valid: v.literal(true),
  reservationId: n,
  orderId: s,
  guestName: s,
  hotel: obj({ id: n, name: s, timeZoneLabel: s }),
  checkInDate: s,
  checkInTime: s,
  checkOutDate: s,
  checkOutTime: s,
  pods: n,
  roomTypeName: s,
  stayStatus: v.picklist(['upcoming', 'staying']),
});
