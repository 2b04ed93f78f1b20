import * as v from 'valibot';
import { PlainDateString, PositiveInt } from './common.ts';

// The waitlist of a sold-out room type (issue 28, item 5; api/waitlist).

const n = v.number();
const s = v.string();
const obj = v.looseObject;

export const WaitlistJoinBody = v.object({
  hotelId: PositiveInt,
  roomTypeId: PositiveInt,
  checkIn: PlainDateString,
  checkOut: PlainDateString,
  pods: v.optional(v.pipe(PositiveInt, v.maxValue(4)), 1),
});
export const WaitlistIdBody = v.object({ id: PositiveInt });
export const WaitlistCountQuery = v.object({
  roomTypeId: PositiveInt,
  checkIn: PlainDateString,
  checkOut: PlainDateString,
});

export const WaitlistEntrySchema = obj({
  id: n,
  hotelId: n,
  roomTypeId: n,
  checkIn: s,
  checkOut: s,
  pods: n,
  status: v.picklist(['waiting', 'offered']),
  position: v.nullable(n),
  reservationId: v.nullable(n),
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntrySchema>;
export const WaitlistCountSchema = obj({ waiting: n });
export const WaitlistLeftSchema = obj({ ok: v.literal(true) });

/** An offer still held for the guest (the site's banner): what, when it lapses, in their language. */
export const WaitlistOfferSchema = obj({
  id: n,
  reservationId: n,
  hotelName: s,
  roomName: s,
  period: s,
  expiresAt: s,
  holdUntil: s,
});
export type WaitlistOfferView = v.InferOutput<typeof WaitlistOfferSchema>;
